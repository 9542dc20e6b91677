import { sql } from 'drizzle-orm';
import { SEND_CHANNELS, type ConsentSource, type SendChannel } from '@cricket/contracts';
import { queryRows, type Db } from '../db/client';
import { governingConsent } from './consent';

const CHANNELS = sql.raw(`(values ${SEND_CHANNELS.map((c) => `('${c}')`).join(', ')})`);
const CHANNEL_ORDER = sql.raw(`array[${SEND_CHANNELS.map((c) => `'${c}'`).join(', ')}]`);

export interface PreferenceState {
  topic_id: number;
  topic_name: string;
  topic_description: string | null;
  channel: SendChannel;
  subscribed: boolean;
  source: ConsentSource | null;
  updated_at: string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/**
 * A user's preferences, each active topic (or the one `topicId`) on each channel, decided by the
 * one consent rule (lib/consent.ts): the governing row's state, source and time, or the topic's
 * default with no source. The admin's Messaging section and the person's own page read these.
 */
export async function readPreferences(
  db: Db,
  userId: number,
  topicId?: number,
): Promise<PreferenceState[]> {
  const rows = await queryRows<
    Omit<PreferenceState, 'updated_at'> & { updated_at: Date | string | null }
  >(
    db,
    sql`select mt.id as topic_id, mt.name as topic_name, mt.description as topic_description,
          ch.channel, coalesce(c.subscribed, mt.default_subscribed) as subscribed,
          c.source, c.created_at as updated_at
        from messaging_topics mt
        cross join ${CHANNELS} as ch(channel)
        left join lateral (select mc.subscribed, mc.source, mc.created_at
          ${governingConsent(sql`${userId}::int`, sql`ch.channel`, sql`mt.id`)}) c on true
        where ${topicId === undefined ? sql`mt.active` : sql`mt.id = ${topicId}`}
        order by mt.name, mt.id, array_position(${CHANNEL_ORDER}, ch.channel::text)`,
  );
  return rows.map((r) => ({ ...r, updated_at: iso(r.updated_at) }));
}
