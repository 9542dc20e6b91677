-- Whatever takes away an account's right to sign in ends its sessions for good (revoked_at),
-- so undoing the change later does not bring an old token back. Done here rather than in the
-- routes so every path that changes these rows, by hand included, does the same.
CREATE OR REPLACE FUNCTION end_sessions_of_role(role integer) RETURNS void AS $$
  UPDATE sessions SET revoked_at = now()
  WHERE revoked_at IS NULL AND user_id IN (SELECT id FROM users WHERE role_id = role);
$$ LANGUAGE sql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION end_sessions_of_blocked_user() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'suspended' OR NOT EXISTS (
    SELECT 1 FROM roles r
    JOIN role_permissions rp ON rp.role_id = r.id
    JOIN permissions p ON p.id = rp.permission_id
    WHERE r.id = NEW.role_id AND r.is_active AND p.name = 'admin.access'
  ) THEN
    UPDATE sessions SET revoked_at = now() WHERE user_id = NEW.id AND revoked_at IS NULL;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_end_blocked_sessions AFTER UPDATE OF status, role_id ON users
  FOR EACH ROW WHEN (NEW.status IS DISTINCT FROM OLD.status OR NEW.role_id IS DISTINCT FROM OLD.role_id)
  EXECUTE FUNCTION end_sessions_of_blocked_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION end_sessions_of_deactivated_role() RETURNS trigger AS $$
BEGIN
  PERFORM end_sessions_of_role(NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER roles_end_sessions_on_deactivate AFTER UPDATE OF is_active ON roles
  FOR EACH ROW WHEN (OLD.is_active AND NOT NEW.is_active)
  EXECUTE FUNCTION end_sessions_of_deactivated_role();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION end_sessions_on_access_revoked() RETURNS trigger AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM permissions WHERE id = OLD.permission_id AND name = 'admin.access') THEN
    PERFORM end_sessions_of_role(OLD.role_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER role_permissions_end_sessions_on_revoke AFTER DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION end_sessions_on_access_revoked();
