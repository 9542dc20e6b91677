-- Instances remember which dictionary names a name search matched (decision 011). That answer
-- changes only when a name enters or leaves user_search_names, not when its count moves, so
-- only those rows tell the instances to forget.
CREATE OR REPLACE FUNCTION notify_search_names_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('search_names_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_search_names_changed AFTER INSERT OR DELETE ON user_search_names
  FOR EACH ROW EXECUTE FUNCTION notify_search_names_changed();
--> statement-breakpoint
CREATE TRIGGER user_search_names_truncated AFTER TRUNCATE ON user_search_names
  FOR EACH STATEMENT EXECUTE FUNCTION notify_search_names_changed();
