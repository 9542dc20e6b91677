-- Decision 069: every (role, status) is counted in up to 16 rows, picked by the writing
-- connection's backend pid, and read as their sum; concurrent writes of players with the same
-- status no longer wait for one row's lock until the other commits.
ALTER TABLE "user_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_counts" DROP CONSTRAINT "user_counts_role_id_status_pk";--> statement-breakpoint
ALTER TABLE "user_counts" ADD CONSTRAINT "user_counts_role_id_status_slot_pk" PRIMARY KEY("role_id","status","slot");--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_counts_apply() RETURNS trigger AS $$
DECLARE
  s smallint := pg_backend_pid() % 16;
BEGIN
  -- A slot's count may go below zero (its users were counted in another slot); the sum is exact.
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO user_counts (role_id, status, slot, count, changes) VALUES (OLD.role_id, OLD.status, s, -1, 1)
    ON CONFLICT (role_id, status, slot) DO UPDATE
      SET count = user_counts.count - 1, changes = user_counts.changes + 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO user_counts (role_id, status, slot, count, changes) VALUES (NEW.role_id, NEW.status, s, 1, 1)
    ON CONFLICT (role_id, status, slot) DO UPDATE
      SET count = user_counts.count + 1, changes = user_counts.changes + 1;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_order_changed() RETURNS trigger AS $$
BEGIN
  INSERT INTO user_counts (role_id, status, slot, count, changes)
    VALUES (NEW.role_id, NEW.status, pg_backend_pid() % 16, 0, 1)
  ON CONFLICT (role_id, status, slot) DO UPDATE SET changes = user_counts.changes + 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
