ALTER TABLE "user_counts" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "notification_deliveries_send_id_idx" ON "notification_deliveries" USING btree ("send_id","id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_send_recipient_idx" ON "notification_deliveries" USING btree ("send_id","recipient_name","id");--> statement-breakpoint
CREATE INDEX "notification_deliveries_send_sent_at_idx" ON "notification_deliveries" USING btree ("send_id","sent_at","id");--> statement-breakpoint
-- Decision 062: every change that can move a row of the users list (insert, delete, a new role
-- or status, a new name, email or phone) bumps `changes` on the user's (role, status) row, in
-- the same transaction: a boundary key written under one sum of `changes` is stale once the
-- sum moves.
CREATE OR REPLACE FUNCTION user_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE user_counts SET count = count - 1, changes = changes + 1
      WHERE role_id = OLD.role_id AND status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO user_counts (role_id, status, count, changes) VALUES (NEW.role_id, NEW.status, 1, 1)
    ON CONFLICT (role_id, status) DO UPDATE
      SET count = user_counts.count + 1, changes = user_counts.changes + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_order_changed() RETURNS trigger AS $$
BEGIN
  UPDATE user_counts SET changes = changes + 1 WHERE role_id = NEW.role_id AND status = NEW.status;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A role or status change is counted by users_count_update already.
CREATE TRIGGER users_order_update AFTER UPDATE OF first_name, last_name, email, phone_number ON users
  FOR EACH ROW WHEN (
    (OLD.first_name, OLD.last_name, lower(OLD.email), OLD.phone_number)
      IS DISTINCT FROM (NEW.first_name, NEW.last_name, lower(NEW.email), NEW.phone_number)
    AND OLD.role_id = NEW.role_id AND OLD.status = NEW.status)
  EXECUTE FUNCTION user_order_changed();
