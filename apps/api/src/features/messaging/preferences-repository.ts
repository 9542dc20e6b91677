import { sql } from 'drizzle-orm';
import {
  CONSENT_HISTORY_LIMIT,
  PREFERENCE_MESSAGES,
  SEND_CHANNELS,
  USER_ERRORS,
  type ConsentRecord,
  type ConsentSource,
  type Preference,
  type PreferenceValues,
  type SendChannel,
} from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import type { AuditWriter } from '../../plugins/audit';
import { reference } from '../../lib/audit';
import { governingConsent } from '../../lib/consent';
import { notFound } from '../../lib/http-errors';

const CHANNELS = sql.raw(`(values ${SEND_CHANNELS.map((c) => `('${c}')`).join(', ')})`);

interface PreferenceRow {
  topic_id: number;
  topic_name: string;
  channel: SendChannel;
  subscribed: boolean;
  source: ConsentSource | null;
  updated_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * Each active topic on each channel, decided by the one consent rule (lib/consent.ts): the
 * governing row's state, source and time, or the topic's default with no source.
 */
async function readPreferences(db: Db, userId: number, topicId?: number): Promise<Preference[]> {
  const rows = await queryRows<PreferenceRow>(
    db,
    sql`select mt.id as topic_id, mt.name as topic_name, ch.channel,
          coalesce(c.subscribed, mt.default_subscribed) as subscribed,
          c.source, c.created_at as updated_at
        from messaging_topics mt
        cross join ${CHANNELS} as ch(channel)
        left join lateral (select mc.subscribed, mc.source, mc.created_at
          ${governingConsent(sql`${userId}::int`, sql`ch.channel`, sql`mt.id`)}) c on true
        where ${topicId === undefined ? sql`mt.active` : sql`mt.id = ${topicId}`}
        order by mt.name, mt.id, array_position(${sql.raw(`array[${SEND_CHANNELS.map((c) => `'${c}'`).join(', ')}]`)}, ch.channel::text)`,
  );
  return rows.map((r) => ({ ...r, updated_at: iso(r.updated_at) }));
}

async function readHistory(db: Db, userId: number): Promise<ConsentRecord[]> {
  const rows = await queryRows<Omit<ConsentRecord, 'created_at'> & { created_at: Date | string }>(
    db,
    sql`select mc.id::int as id, mc.topic_id, mt.name as topic_name, mc.channel, mc.subscribed,
          mc.source, mc.address, mc.reason, mc.created_at
        from messaging_consents mc left join messaging_topics mt on mt.id = mc.topic_id
        where mc.user_id = ${userId}
        order by mc.id desc limit ${CONSENT_HISTORY_LIMIT}`,
  );
  return rows.map((r) => ({ ...r, created_at: iso(r.created_at)! }));
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
