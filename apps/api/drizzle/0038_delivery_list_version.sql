ALTER TABLE "send_delivery_counts" ADD COLUMN "changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Decision 068: besides the counts, each statement adds 1 to `changes` on the rows it touches, so
-- the sum over a send grows with every change a list of its deliveries could see: added or
-- removed deliveries, a new status, recipient or sent time. Still in (send, status) order.
CREATE OR REPLACE FUNCTION send_delivery_counts_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO send_delivery_counts AS c (send_id, status, count, changes)
      SELECT send_id, status, count(*), 1 FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (send_id, status) DO UPDATE
      SET count = c.count + excluded.count, changes = c.changes + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO send_delivery_counts AS c (send_id, status, count, changes)
      SELECT send_id, status, sum(n), 1 FROM (
        SELECT o.send_id, o.status, -1 AS n FROM old_rows o JOIN new_rows r ON r.id = o.id
          WHERE (r.send_id, r.status, r.recipient_name, r.sent_at)
            IS DISTINCT FROM (o.send_id, o.status, o.recipient_name, o.sent_at)
        UNION ALL
        SELECT r.send_id, r.status, 1 FROM old_rows o JOIN new_rows r ON r.id = o.id
          WHERE (r.send_id, r.status, r.recipient_name, r.sent_at)
            IS DISTINCT FROM (o.send_id, o.status, o.recipient_name, o.sent_at)
      ) d GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (send_id, status) DO UPDATE
      SET count = c.count + excluded.count, changes = c.changes + 1;
  ELSE
    -- Only rows that are there: a send's own delete has taken them already.
    UPDATE send_delivery_counts c SET count = c.count - d.n, changes = c.changes + 1
      FROM (SELECT send_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2) d
      WHERE c.send_id = d.send_id AND c.status = d.status;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
