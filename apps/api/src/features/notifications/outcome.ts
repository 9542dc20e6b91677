import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * Gives each running send whose deliveries have all reached an outcome its honest ending:
 * 'sent' only when something went out and nothing failed, 'failed' when nothing went out,
 * otherwise 'completed_with_failures'. Sends with deliveries still queued or in flight are
 * left running.
 */
export async function finishSends(db: Db, sendIds: number[]) {
  if (sendIds.length === 0) return;
  await queryRows(
    db,
    sql`update notification_sends s set
          status = case
            when c.sent > 0 and c.failed = 0 then 'sent'
            when c.sent = 0 then 'failed'
            else 'completed_with_failures' end,
          finished_at = now()
        from (
          select send_id,
            count(*) filter (where status = 'sent') as sent,
            count(*) filter (where status = 'failed') as failed,
            count(*) filter (where status in ('queued', 'sending')) as open
          from notification_deliveries
          where send_id = any(${sql.param(sendIds)}::int[])
          group by send_id
        ) c
        where s.id = c.send_id and s.status = 'running' and c.open = 0`,
  );
}

/** Scheduled sends whose first delivery was just claimed are running from now on. */
export async function startSends(db: Db, sendIds: number[]) {
  if (sendIds.length === 0) return;
  await queryRows(
    db,
    sql`update notification_sends set status = 'running', started_at = coalesce(started_at, now())
        where id = any(${sql.param(sendIds)}::int[]) and status = 'scheduled'`,
  );
}
