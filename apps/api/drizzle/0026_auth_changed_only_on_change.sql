-- Every instance empties its session cache on auth_changed (decision 008). `UPDATE OF status,
-- role_id` fires for any update that names those columns, and the user form always sends
-- both, so every edit of a user emptied every cache and the next request of every session
-- read its session again. A row trigger can say whether the value really changed; a delete or
-- truncate still always tells.
DROP TRIGGER users_auth_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OF status, role_id ON users
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.role_id IS DISTINCT FROM NEW.role_id)
  EXECUTE FUNCTION notify_auth_changed();
--> statement-breakpoint
CREATE TRIGGER users_auth_removed AFTER DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_changed();
