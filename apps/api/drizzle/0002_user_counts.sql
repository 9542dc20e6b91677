-- Exact per-(role, status) user counts, so list totals read a handful of rows instead of
-- counting every user. Maintained in the same transaction as the write that changes them.
CREATE OR REPLACE FUNCTION user_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE user_counts SET count = count - 1 WHERE role_id = OLD.role_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO user_counts (role_id, status, count) VALUES (NEW.role_id, NEW.status, 1)
    ON CONFLICT (role_id, status) DO UPDATE SET count = user_counts.count + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_count_insert_delete AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION user_counts_apply();
--> statement-breakpoint
CREATE TRIGGER users_count_update AFTER UPDATE OF role_id, status ON users
  FOR EACH ROW WHEN (OLD.role_id IS DISTINCT FROM NEW.role_id OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION user_counts_apply();
