import { sql, type SQL } from 'drizzle-orm';
import { TEMPLATE_TOPIC_INVALID } from '@cricket/contracts';
import { queryRows, type Db } from '../db/client';
import { badRequest } from './http-errors';

/**
 * The one consent rule (issue 32, decision 049): whether a person has said no to a channel for
 * a topic. Of their consent rows on that channel, the newest one for that topic or for every
 * topic at once (topic null: an inbound STOP, an unsubscribe from all) decides; with none, the
 * topic's default for new users does. A topic of null asks about the channel as a whole: only
 * the rows for every topic count, and nobody is out by default. Whether an account message is
 * exempt is the send's choice, not this rule's.
 *
 * `user`, `channel` and `topic` are SQL expressions: a column of the statement (`u.id`,
 * `s.topic_id`) or a bound value.
 */
export const governingConsent = (user: SQL, channel: SQL, topic: SQL) =>
  sql`from messaging_consents mc
      where mc.user_id = ${user} and mc.channel = ${channel}
        and (mc.topic_id is null or mc.topic_id = ${topic})
      order by mc.id desc limit 1`;

/** The topic's default when nothing was said: subscribed unless the topic says off. */
const topicDefault = (topic: SQL) =>
  sql`coalesce((select mt.default_subscribed from messaging_topics mt where mt.id = ${topic}), true)`;

/** Whether user `u` may be messaged on `channel` about `topic` (see governingConsent). */
export const maySend = (channel: SQL, topic: SQL) =>
  sql`coalesce((select mc.subscribed ${governingConsent(sql`u.id`, channel, topic)}), ${topicDefault(topic)})`;

/** Whether user `u` is out of `channel` about `topic`: the negation, for the skip reasons. */
export const optedOut = (channel: SQL, topic: SQL) => sql`not ${maySend(channel, topic)}`;

/**
 * A template's topic must be an active one; a template keeps the topic it already has after the
 * topic is made inactive. Null (an account message) is always allowed.
 */
export async function assertTemplateTopic(db: Db, topicId: number | null, current?: number | null) {
  if (topicId === null || topicId === current) return;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from messaging_topics where id = ${topicId} and active`,
  );
  if (!rows.length)
    throw badRequest(TEMPLATE_TOPIC_INVALID, { topic_id: [TEMPLATE_TOPIC_INVALID] });
}
