import { sql } from 'drizzle-orm';
import {
  CONSENT_HISTORY_LIMIT,
  PREFERENCE_MESSAGES,
  USER_ERRORS,
  type ConsentRecord,
  type PreferenceValues,
} from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import type { AuditWriter } from '../../plugins/audit';
import { reference } from '../../lib/audit';
import { readPreferences } from '../../lib/preferences';
import { notFound } from '../../lib/http-errors';

const iso = (v: Date | string) => new Date(v).toISOString();

async function readHistory(db: Db, userId: number): Promise<ConsentRecord[]> {
  const rows = await queryRows<Omit<ConsentRecord, 'created_at'> & { created_at: Date | string }>(
    db,
    sql`select mc.id::int as id, mc.topic_id, mt.name as topic_name, mc.channel, mc.subscribed,
          mc.source, mc.address, mc.reason, mc.created_at
        from messaging_consents mc left join messaging_topics mt on mt.id = mc.topic_id
        where mc.user_id = ${userId}
        order by mc.id desc limit ${CONSENT_HISTORY_LIMIT}`,
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at) }));
}

async function assertUser(db: Db, userId: number, lock = false) {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from users where id = ${userId} ${lock ? sql`for update` : sql``}`,
  );
  if (!rows.length) throw notFound(USER_ERRORS.notFound);
}

export async function userPreferences(db: Db, userId: number) {
  await assertUser(db, userId);
  const [preferences, history] = await Promise.all([
    readPreferences(db, userId),
    readHistory(db, userId),
  ]);
  return { preferences, history };
}

/**
 * An admin's change: one more consent row (the history is kept, never rewritten) with the
 * source 'admin' and the reason, audited on the user. Saying what already holds adds nothing.
 */
export function setPreference(db: Db, userId: number, v: PreferenceValues, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    await assertUser(tx, userId, true);
    const [current] = await readPreferences(tx, userId, v.topic_id).then((rows) =>
      rows.filter((r) => r.channel === v.channel),
    );
    if (!current) throw notFound(PREFERENCE_MESSAGES.topicNotFound);
    if (current.subscribed !== v.subscribed || current.source === null) {
      await tx.execute(
        sql`insert into messaging_consents (user_id, channel, topic_id, subscribed, source, reason)
            values (${userId}, ${v.channel}, ${v.topic_id}, ${v.subscribed}, 'admin', ${v.reason})`,
      );
      const topic = reference(v.topic_id, current.topic_name);
      await audit(tx, {
        entityId: userId,
        action: 'preference_change',
        before: { topic, channel: v.channel, subscribed: current.subscribed },
        after: { topic, channel: v.channel, subscribed: v.subscribed, reason: v.reason },
      });
    }
    const [preferences, history] = [
      await readPreferences(tx, userId),
      await readHistory(tx, userId),
    ];
    return { preferences, history };
  });
}
