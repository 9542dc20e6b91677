CREATE TABLE "audit_log_counts" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Decision 084: the trail's size, kept per statement (a bulk job writes its records in one) in
-- the writing connection's slot, so concurrent audited writes do not queue for one row's lock.
-- A slot may go below zero (its records were counted in another slot); the sum is exact.
CREATE OR REPLACE FUNCTION audit_log_counts_apply() RETURNS trigger AS $$
DECLARE
  n bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT count(*) INTO n FROM inserted;
  ELSE
    SELECT -count(*) INTO n FROM deleted;
  END IF;
  IF n <> 0 THEN
    INSERT INTO audit_log_counts (slot, count) VALUES (pg_backend_pid() % 16, n)
    ON CONFLICT (slot) DO UPDATE SET count = audit_log_counts.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
-- No record may be written between the count below and the triggers taking over.
LOCK TABLE audit_logs IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TRIGGER audit_logs_count_insert AFTER INSERT ON audit_logs
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counts_apply();--> statement-breakpoint
CREATE TRIGGER audit_logs_count_delete AFTER DELETE ON audit_logs
  REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counts_apply();--> statement-breakpoint
INSERT INTO audit_log_counts (slot, count) SELECT 0, count(*) FROM audit_logs;
