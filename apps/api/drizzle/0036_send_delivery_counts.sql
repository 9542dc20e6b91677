CREATE TABLE "send_delivery_counts" (
	"send_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "send_delivery_counts_send_id_status_pk" PRIMARY KEY("send_id","status")
);
--> statement-breakpoint
-- A send's deliveries by status, kept in the transaction that changes them. One statement
-- trigger per event (transition tables allow no more): each adds its statement's net changes
-- per (send, status), in that order, so concurrent statements lock these rows in one order.
CREATE OR REPLACE FUNCTION send_delivery_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO send_delivery_counts AS c (send_id, status, count)
      SELECT send_id, status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (send_id, status) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO send_delivery_counts AS c (send_id, status, count)
      SELECT send_id, status, sum(n) FROM (
        SELECT o.send_id, o.status, -1 AS n FROM old_rows o JOIN new_rows r ON r.id = o.id
          WHERE (r.send_id, r.status) IS DISTINCT FROM (o.send_id, o.status)
        UNION ALL
        SELECT r.send_id, r.status, 1 FROM old_rows o JOIN new_rows r ON r.id = o.id
          WHERE (r.send_id, r.status) IS DISTINCT FROM (o.send_id, o.status)
      ) d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT (send_id, status) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    -- Only rows that are there: a send's own delete has taken them already.
    UPDATE send_delivery_counts c SET count = c.count - d.n
      FROM (SELECT send_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
      WHERE c.send_id = d.send_id AND c.status = d.status;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER notification_deliveries_count_insert AFTER INSERT ON notification_deliveries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION send_delivery_counts_apply();
--> statement-breakpoint
CREATE TRIGGER notification_deliveries_count_update AFTER UPDATE ON notification_deliveries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION send_delivery_counts_apply();
--> statement-breakpoint
CREATE TRIGGER notification_deliveries_count_delete AFTER DELETE ON notification_deliveries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION send_delivery_counts_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION send_delivery_counts_forget() RETURNS trigger AS $$
BEGIN
  DELETE FROM send_delivery_counts WHERE send_id = OLD.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER notification_sends_counts_forget AFTER DELETE ON notification_sends
  FOR EACH ROW EXECUTE FUNCTION send_delivery_counts_forget();
--> statement-breakpoint
INSERT INTO send_delivery_counts (send_id, status, count)
  SELECT send_id, status, count(*) FROM notification_deliveries GROUP BY 1, 2;
