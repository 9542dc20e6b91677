CREATE TABLE "player_role_counts" (
	"player_role" integer PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Squad places per playing role for the dashboard's role chart, maintained in the same
-- transaction as the squad changes (as match_counts is, migration 0009). A squad deleted with
-- its team or user goes through these triggers too: the cascade deletes by statement.
CREATE OR REPLACE FUNCTION player_role_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE player_role_counts c SET count = c.count - d.n
    FROM (SELECT player_role, count(*)::int AS n FROM old_rows WHERE player_role IS NOT NULL GROUP BY 1) d
    WHERE c.player_role = d.player_role;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO player_role_counts (player_role, count)
    SELECT player_role, count(*)::int FROM new_rows WHERE player_role IS NOT NULL GROUP BY 1
    ON CONFLICT (player_role) DO UPDATE SET count = player_role_counts.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER team_players_role_count_insert AFTER INSERT ON team_players
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_role_counts_apply();
--> statement-breakpoint
CREATE TRIGGER team_players_role_count_update AFTER UPDATE ON team_players
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION player_role_counts_apply();
--> statement-breakpoint
CREATE TRIGGER team_players_role_count_delete AFTER DELETE ON team_players
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION player_role_counts_apply();
--> statement-breakpoint
INSERT INTO player_role_counts (player_role, count)
SELECT player_role, count(*)::int FROM team_players WHERE player_role IS NOT NULL GROUP BY 1;
