import { sql } from 'drizzle-orm';
import {
  CHANNEL_LABELS,
  SEND_CHANNELS,
  UNSUBSCRIBE_MESSAGES,
  type ConsentSource,
  type PublicPreferencesData,
  type PublicPreferencesValues,
  type SendChannel,
} from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/http-errors';
import { readPreferences, type PreferenceState } from '../../lib/preferences';
import type { UnsubscribeTarget } from '../../lib/unsubscribe-token';
import { auditBySystem } from '../../plugins/audit';

/**
 * The person's own changes through their link (decision 052): consent rows with the source
 * `one_click` or `preference_page` and the address they acted from, and one audit record per
 * request that changed something, by the actor 'Preference page'. Saying what already holds
 * writes nothing, so a repeated one-click POST changes nothing.
 */
const audit = auditBySystem('Preference page', 'user');

async function person(db: Db, userId: number, lock = false) {
  const [row] = await queryRows<{ first_name: string | null }>(
    db,
    sql`select first_name from users where id = ${userId} ${lock ? sql`for update` : sql``}`,
  );
  // A link of a user since deleted is as good as a forged one.
  if (!row) throw notFound(UNSUBSCRIBE_MESSAGES.notFound);
  return row;
}

function toPublic(
  firstName: string | null,
  target: UnsubscribeTarget,
  linkTopic: string | null,
  rows: PreferenceState[],
): PublicPreferencesData {
  return {
    first_name: firstName?.trim() || null,
    link: { topic_id: target.topicId, topic_name: linkTopic, channel: target.channel },
    channels: [...SEND_CHANNELS],
    preferences: rows.map((r) => ({
      topic_id: r.topic_id,
      topic_name: r.topic_name,
      topic_description: r.topic_description,
      channel: r.channel,
      subscribed: r.subscribed,
    })),
  };
}

async function topicName(db: Db, topicId: number | null) {
  if (topicId === null) return null;
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select name from messaging_topics where id = ${topicId}`,
  );
  return row?.name ?? null;
}

export async function publicPreferences(db: Db, target: UnsubscribeTarget) {
  const { first_name } = await person(db, target.userId);
  return toPublic(
    first_name,
    target,
    await topicName(db, target.topicId),
    await readPreferences(db, target.userId),
  );
}

const label = (topic: string, channel: SendChannel) => `${topic} by ${CHANNEL_LABELS[channel]}`;

interface Change {
  topicId: number | null;
  channel: SendChannel;
  subscribed: boolean;
  /** How the trail names it: 'Match updates by Email', 'All topics by SMS'. */
  name: string;
}

/** The consent rows of `changes` and their one audit record. */
async function record(
  tx: Db,
  userId: number,
  changes: Change[],
  how: { source: ConsentSource; address: string; reason: string | null },
) {
  if (!changes.length) return;
  for (const c of changes)
    await tx.execute(
      sql`insert into messaging_consents (user_id, channel, topic_id, subscribed, source, address, reason)
          values (${userId}, ${c.channel}, ${c.topicId}, ${c.subscribed}, ${how.source},
            ${how.address}, ${how.reason})`,
    );
  const state = (subscribed: (c: Change) => boolean) =>
    Object.fromEntries(changes.map((c) => [c.name, subscribed(c) ? 'subscribed' : 'unsubscribed']));
  await audit(tx, {
    entityId: userId,
    action: 'preference_change',
    before: state((c) => !c.subscribed),
    after: { ...state((c) => c.subscribed), source: how.source, reason: how.reason },
  });
}

/**
 * Every topic off on each channel where any is on: one row for all topics at once (topic null),
 * which the consent rule reads for every topic, this one and any made later.
 */
function allOff(rows: PreferenceState[], channels: readonly SendChannel[]): Change[] {
  return channels
    .filter((ch) => rows.some((r) => r.channel === ch && r.subscribed))
    .map((channel) => ({
      topicId: null,
      channel,
      subscribed: false,
      name: label('All topics', channel),
    }));
}

/** RFC 8058's one-click POST: off for the link's topic (or every topic) on its channel. */
export function oneClickUnsubscribe(db: Db, target: UnsubscribeTarget, address: string) {
  return db.transaction(async (tx) => {
    await person(tx, target.userId, true);
    const rows = await readPreferences(
      tx,
      target.userId,
      target.topicId === null ? undefined : target.topicId,
    );
    let changes: Change[];
    if (target.topicId === null) changes = allOff(rows, [target.channel]);
    else {
      const current = rows.find((r) => r.channel === target.channel);
      // A topic off by default still gets its row: the person's no is then on record.
      changes =
        current && (current.subscribed || current.source === null)
          ? [
              {
                topicId: target.topicId,
                channel: target.channel,
                subscribed: false,
                name: label(current.topic_name, target.channel),
              },
            ]
          : [];
    }
    await record(tx, target.userId, changes, { source: 'one_click', address, reason: null });
  });
}

/** The preference page's save: `unsubscribe_all` first, then each topic × channel change. */
export function savePublicPreferences(
  db: Db,
  target: UnsubscribeTarget,
  input: PublicPreferencesValues,
  address: string,
) {
  return db.transaction(async (tx) => {
    const { first_name } = await person(tx, target.userId, true);
    const rows = await readPreferences(tx, target.userId);
    const unknown = input.changes.filter(
      (c) => !rows.some((r) => r.topic_id === c.topic_id && r.channel === c.channel),
    );
    if (unknown.length)
      throw badRequest(UNSUBSCRIBE_MESSAGES.topicNotFound, {
        changes: [UNSUBSCRIBE_MESSAGES.topicNotFound],
      });
    const changes = input.unsubscribe_all ? allOff(rows, SEND_CHANNELS) : [];
    const now = new Map(
      rows.map((r) => [`${r.topic_id}:${r.channel}`, input.unsubscribe_all ? false : r.subscribed]),
    );
    for (const c of input.changes) {
      const key = `${c.topic_id}:${c.channel}`;
      if (now.get(key) === c.subscribed) continue;
      now.set(key, c.subscribed);
      const row = rows.find((r) => r.topic_id === c.topic_id && r.channel === c.channel)!;
      changes.push({
        topicId: c.topic_id,
        channel: c.channel,
        subscribed: c.subscribed,
        name: label(row.topic_name, c.channel),
      });
    }
    await record(tx, target.userId, changes, {
      source: 'preference_page',
      address,
      reason: input.reason,
    });
    return toPublic(
      first_name,
      target,
      await topicName(tx, target.topicId),
      await readPreferences(tx, target.userId),
    );
  });
}
