import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * Gives each running send whose deliveries have all reached an outcome its honest ending:
 * 'sent' only when something went out and nothing failed, 'failed' when nothing went out,
 * otherwise 'completed_with_failures'. Sends with deliveries still queued or in flight are
 * left running. With `revise`, sends that have ended already get their ending again: a
 * WhatsApp message reported failed by Meta after it went out turns a 'sent' send into
 * 'completed_with_failures'.
 */
export async function finishSends(db: Db, sendIds: number[], { revise = false } = {}) {
  if (sendIds.length === 0) return;
  // Checked per round: the open-delivery test is two index probes, and only a send that has
  // ended is counted (counting every round made a 100,000-recipient send quadratic).
  await queryRows(
    db,
    sql`with ended as (
          select s.id from notification_sends s
          where s.id = any(${sql.param(sendIds)}::int[])
            and (s.status = 'running'
              or (${revise} and s.status in ('sent', 'completed_with_failures', 'failed')))
            and not exists (
              select 1 from notification_deliveries d
              where d.send_id = s.id and d.status in ('queued', 'sending'))
        ), c as (
          select d.send_id,
            count(*) filter (where d.status in ('sent', 'delivered', 'read')) as sent,
            count(*) filter (where d.status = 'failed') as failed
          from notification_deliveries d join ended on ended.id = d.send_id
          group by d.send_id
        )
        update notification_sends s set
          status = case
            when c.sent > 0 and c.failed = 0 then 'sent'
            when c.sent = 0 then 'failed'
            else 'completed_with_failures' end,
          finished_at = case when s.status = 'running' then now() else s.finished_at end
        from c where s.id = c.send_id`,
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
