-- The dashboard's totals and per-month figures, maintained in the same transaction as the
-- writes that change them (as user_counts is, migration 0002), so reading them costs a handful
-- of rows however many matches, posts and scorecards there are. Statement-level triggers over
-- transition tables: a bulk insert adds its rows' counts once per group, not once per row.
CREATE OR REPLACE FUNCTION match_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE match_counts c SET count = c.count - d.n
    FROM (
      SELECT date_trunc('month', scheduled_at AT TIME ZONE 'UTC')::date AS month, status, count(*)::int AS n
      FROM old_rows GROUP BY 1, 2
    ) d
    WHERE c.month = d.month AND c.status = d.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO match_counts (month, status, count)
    SELECT date_trunc('month', scheduled_at AT TIME ZONE 'UTC')::date, status, count(*)::int
    FROM new_rows GROUP BY 1, 2
    ON CONFLICT (month, status) DO UPDATE SET count = match_counts.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER matches_count_insert AFTER INSERT ON matches
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION match_counts_apply();
--> statement-breakpoint
CREATE TRIGGER matches_count_update AFTER UPDATE ON matches
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION match_counts_apply();
--> statement-breakpoint
CREATE TRIGGER matches_count_delete AFTER DELETE ON matches
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION match_counts_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tournament_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE tournament_counts c SET count = c.count - d.n
    FROM (SELECT status, count(*)::int AS n FROM old_rows GROUP BY 1) d
    WHERE c.status = d.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO tournament_counts (status, count)
    SELECT status, count(*)::int FROM new_rows GROUP BY 1
    ON CONFLICT (status) DO UPDATE SET count = tournament_counts.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER tournaments_count_insert AFTER INSERT ON tournaments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tournament_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tournaments_count_update AFTER UPDATE ON tournaments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tournament_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tournaments_count_delete AFTER DELETE ON tournaments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tournament_counts_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION community_post_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE community_post_counts c SET count = c.count - d.n
    FROM (
      SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date AS month, count(*)::int AS n
      FROM old_rows GROUP BY 1
    ) d
    WHERE c.month = d.month;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO community_post_counts (month, count)
    SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM new_rows GROUP BY 1
    ON CONFLICT (month) DO UPDATE SET count = community_post_counts.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER community_posts_count_insert AFTER INSERT ON community_posts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION community_post_counts_apply();
--> statement-breakpoint
CREATE TRIGGER community_posts_count_update AFTER UPDATE ON community_posts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION community_post_counts_apply();
--> statement-breakpoint
CREATE TRIGGER community_posts_count_delete AFTER DELETE ON community_posts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION community_post_counts_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION player_totals_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE player_totals t
    SET runs = t.runs - d.runs, wickets = t.wickets - d.wickets, matches = t.matches - d.n
    FROM (
      SELECT user_id, sum(runs)::int AS runs, sum(wickets)::int AS wickets, count(*)::int AS n
      FROM old_rows GROUP BY 1
    ) d
    WHERE t.user_id = d.user_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO player_totals (user_id, runs, wickets, matches)
    SELECT user_id, sum(runs)::int, sum(wickets)::int, count(*)::int FROM new_rows GROUP BY 1
    ON CONFLICT (user_id) DO UPDATE SET
      runs = player_totals.runs + excluded.runs,
      wickets = player_totals.wickets + excluded.wickets,
      matches = player_totals.matches + excluded.matches;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER player_stats_totals_insert AFTER INSERT ON player_stats
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_totals_apply();
--> statement-breakpoint
CREATE TRIGGER player_stats_totals_update AFTER UPDATE ON player_stats
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_totals_apply();
--> statement-breakpoint
CREATE TRIGGER player_stats_totals_delete AFTER DELETE ON player_stats
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION player_totals_apply();
