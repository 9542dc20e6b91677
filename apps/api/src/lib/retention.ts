import { sql, type SQL } from 'drizzle-orm';
import type { RetentionSettings } from '../config';
import { queryRows, type Db } from '../db/client';

/** Rows per statement: each batch is its own short transaction, so no table is locked for long. */
export const RETENTION_BATCH = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One batch of each kind: the ids to remove, oldest first, at most RETENTION_BATCH. Each reads
 * an index: sessions by their end, deliveries through their send's age (sends are few and
 * the deliveries of one send sit together in `(send_id, status, id)`), the others by creation.
 */
const BATCHES: Record<keyof RetentionSettings, (cutoff: string) => SQL> = {
  sessions: (cutoff) => sql`delete from sessions where id in (
      select id from sessions
      where coalesce(revoked_at, expires_at) < ${cutoff}::timestamptz
      order by id limit ${RETENTION_BATCH}) returning id`,
  // A delivery still waiting or under way is never removed, however old its send.
  deliveries: (cutoff) => sql`delete from notification_deliveries where id in (
      select d.id from notification_sends s
      join notification_deliveries d on d.send_id = s.id
      where s.created_at < ${cutoff}::timestamptz and d.status not in ('queued', 'sending')
      order by s.id, d.id limit ${RETENTION_BATCH}) returning id`,
  contact_messages: (cutoff) => sql`delete from contact_messages where id in (
      select id from contact_messages where created_at < ${cutoff}::timestamptz
      order by id limit ${RETENTION_BATCH}) returning id`,
  audit_logs: (cutoff) => sql`delete from audit_logs where id in (
      select id from audit_logs where created_at < ${cutoff}::timestamptz
      order by created_at, id limit ${RETENTION_BATCH}) returning id`,
};

/**
 * Removes what is older than its retention, kind by kind, a batch at a time until none is
 * left; 0 days keeps a kind forever. Answers how many rows of each kind it removed.
 */
export async function removeExpired(
  db: Db,
  settings: RetentionSettings,
  now = new Date(),
): Promise<Record<keyof RetentionSettings, number>> {
  const removed = { sessions: 0, deliveries: 0, contact_messages: 0, audit_logs: 0 };
  for (const kind of Object.keys(BATCHES) as (keyof RetentionSettings)[]) {
    const days = settings[kind];
    if (days <= 0) continue;
    const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
    for (;;) {
      const gone = (await queryRows<{ id: number }>(db, BATCHES[kind](cutoff))).length;
      removed[kind] += gone;
      if (gone < RETENTION_BATCH) break;
    }
  }
  return removed;
}

/**
 * Today's run, claimed by exactly one instance: the day is unique in retention_runs, so a
 * second claim of the same day finds the row and answers null.
 */
export async function claimRun(
  db: Db,
  settings: RetentionSettings,
  now = new Date(),
): Promise<number | null> {
  const day = now.toISOString().slice(0, 10);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into retention_runs (day, settings) values (${day}, ${JSON.stringify(settings)}::jsonb)
        on conflict (day) do nothing returning id`,
  );
  return row?.id ?? null;
}

export async function finishRun(db: Db, id: number, removed: Record<string, number>) {
  await db.execute(
    sql`update retention_runs set finished_at = now(), removed = ${JSON.stringify(removed)}::jsonb
        where id = ${id}`,
  );
}
