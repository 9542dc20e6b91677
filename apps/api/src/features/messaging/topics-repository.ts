import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  MESSAGING_TOPIC_MESSAGES,
  TOPIC_SENT_MESSAGE,
  topicInUseMessage,
  type MessagingTopic,
  type MessagingTopicValues,
} from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import type { AuditWriter } from '../../plugins/audit';
import { keyColumns, keysetBatches, keysetOf, type Keyset } from '../../db/export';
import { selectPage, sortedBy, withTotal, type SortRequest } from '../../db/page';
import { messagingTopics } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';
import { rethrowRefusal } from '../../lib/pg-error';
import { nextVersion } from '../../lib/record-version';

const t = messagingTopics;

/**
 * Templates of both kinds naming the topic: a topic in use cannot be deleted. The topic's id is
 * written with its table: drizzle writes a single-table select's columns bare.
 */
const topicId = sql.raw('"messaging_topics"."id"');
const templateCount = sql<number>`((select count(*) from notification_templates nt where nt.topic_id = ${topicId})
  + (select count(*) from wa_templates wt where wt.topic_id = ${topicId}))::int`;

const columns = {
  id: t.id,
  name: t.name,
  description: t.description,
  defaultSubscribed: t.defaultSubscribed,
  active: t.active,
  templateCount,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
};

type TopicRow = {
  [K in keyof typeof columns]: K extends 'templateCount'
    ? number
    : (typeof t.$inferSelect)[Exclude<K, 'templateCount'>];
};

const toTopic = (row: TopicRow): MessagingTopic => ({
  id: row.id,
  name: row.name,
  description: row.description,
  default_subscribed: row.defaultSubscribed,
  active: row.active,
  template_count: row.templateCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The audit snapshot: the form's fields. */
const snapshotOf = (topic: MessagingTopic) => ({
  name: topic.name,
  description: topic.description,
  default_subscribed: topic.default_subscribed,
  active: topic.active,
});

const topicSorts = {
  name: sql`lower(${t.name})`,
  default_subscribed: t.defaultSubscribed,
  template_count: templateCount,
  active: t.active,
  created_at: t.createdAt,
};

type TopicFilters = { name?: string; active?: boolean } & SortRequest<keyof typeof topicSorts>;

function topicFilters(q: TopicFilters) {
  const filters: SQL[] = [];
  if (q.name) filters.push(sql`lower(${t.name}) like ${likePattern(q.name)}`);
  if (q.active !== undefined) filters.push(eq(t.active, q.active));
  return filters;
}

/** Active topics first, then by name. */
export async function listTopics(db: Db, q: { page: number; limit: number } & TopicFilters) {
  const filters = topicFilters(q);
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal(columns))
        .from(t)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(...sortedBy(q, topicSorts, t.id, [sql`${t.active} desc`, asc(t.name), asc(t.id)]))
        .$dynamic(),
    q,
  );
  return { rows: rows.map((r) => toTopic(r as TopicRow)), total };
}

/**
 * The list's own order (active first, then by name) as one ascending key a keyset can walk:
 * '0' before an active topic's name, '1' before an inactive one's. The prefix weighs the same
 * in every name it leads, so within one group the names keep the order the list gives them.
 */
const activeThenName = sql`(case when ${t.active} then '0' else '1' end) || ${t.name}`;

/** Every topic the list's filters match, in its order, in batches (the CSV export). */
export function exportTopics(db: Db, q: TopicFilters) {
  const keyset: Keyset = q.sort
    ? keysetOf(q, topicSorts, t.id, 'asc')
    : { by: activeThenName, id: t.id, way: 'asc' };
  const filters = topicFilters(q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ ...columns, ...keyColumns(keyset) })
      .from(t)
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map((r) => ({ ...toTopic(r as TopicRow), keyValue: r.keyValue, keyId: r.keyId }));
  });
}

/** One topic, for its edit panel's version (decision 059). */
export const getTopic = (db: Db, id: number) => readTopic(db, id);

async function readTopic(tx: Db, id: number, lock = false) {
  const query = tx.select(columns).from(t).where(eq(t.id, id));
  const [row] = lock ? await query.for('update', { of: t }) : await query;
  if (!row) throw notFound(MESSAGING_TOPIC_MESSAGES.notFound);
  return toTopic(row as TopicRow);
}

const nameTaken = () =>
  conflict(MESSAGING_TOPIC_MESSAGES.nameTaken, { name: [MESSAGING_TOPIC_MESSAGES.nameTaken] });

/** Two saves of one name can race past the check: the unique index has the last word. */
const rethrowNameRefusal = (err: unknown): never =>
  rethrowRefusal(err, ({ code, constraint }) =>
    code === '23505' && (constraint === undefined || constraint === 'messaging_topics_name_uq')
      ? nameTaken()
      : undefined,
  );

async function assertNameFree(tx: Db, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: t.id })
    .from(t)
    .where(sql`lower(${t.name}) = lower(${name})`);
  if (row && row.id !== exceptId) throw nameTaken();
}

const toRow = (v: MessagingTopicValues) => ({
  name: v.name,
  description: v.description,
  defaultSubscribed: v.default_subscribed,
  active: v.active,
});

export function createTopic(db: Db, values: MessagingTopicValues, audit: AuditWriter) {
  return db
    .transaction(async (tx) => {
      await assertNameFree(tx, values.name);
      const [row] = await tx.insert(t).values(toRow(values)).returning({ id: t.id });
      const created = await readTopic(tx, row!.id);
      await audit(tx, { entityId: created.id, action: 'create', after: snapshotOf(created) });
      return created;
    })
    .catch(rethrowNameRefusal);
}

export function updateTopic(db: Db, id: number, values: MessagingTopicValues, audit: AuditWriter) {
  return db
    .transaction(async (tx) => {
      const current = await readTopic(tx, id, true);
      await assertNameFree(tx, values.name, id);
      await tx
        .update(t)
        .set({ ...toRow(values), updatedAt: nextVersion(t.updatedAt) })
        .where(eq(t.id, id));
      const updated = await readTopic(tx, id);
      await audit(tx, {
        entityId: id,
        action: 'update',
        before: snapshotOf(current),
        after: snapshotOf(updated),
      });
      return updated;
    })
    .catch(rethrowNameRefusal);
}

/**
 * A topic templates name stays (409 with how many). People's consent rows for it stay too: the
 * history is kept, and reads the topic as gone.
 */
export function deleteTopic(db: Db, id: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const topic = await readTopic(tx, id, true);
    if (topic.template_count > 0) throw conflict(topicInUseMessage(topic.template_count));
    const sent = await queryRows(
      tx,
      sql`select 1 from notification_sends where topic_id = ${id} limit 1`,
    );
    if (sent.length) throw conflict(TOPIC_SENT_MESSAGE);
    await tx.delete(t).where(eq(t.id, id));
    await audit(tx, { entityId: id, action: 'delete', before: snapshotOf(topic) });
  });
}
