CREATE TABLE "user_search_names" (
	"name" text PRIMARY KEY NOT NULL,
	"users" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "user_search_names_trgm" ON "user_search_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_name_id_idx" ON "users" USING btree ("search_name","id");--> statement-breakpoint
-- Kept in the same transaction as the write that changes a user's name.
CREATE OR REPLACE FUNCTION user_search_names_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE user_search_names SET users = users - 1 WHERE name = OLD.search_name;
    DELETE FROM user_search_names WHERE name = OLD.search_name AND users <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO user_search_names (name, users) VALUES (NEW.search_name, 1)
    ON CONFLICT (name) DO UPDATE SET users = user_search_names.users + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_search_names_insert_delete AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION user_search_names_apply();
--> statement-breakpoint
CREATE TRIGGER users_search_names_update AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.search_name IS DISTINCT FROM NEW.search_name)
  EXECUTE FUNCTION user_search_names_apply();
--> statement-breakpoint
INSERT INTO user_search_names (name, users) SELECT search_name, count(*) FROM users GROUP BY search_name;
