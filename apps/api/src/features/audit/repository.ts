import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  lt,
  sql,
  type SQL,
  type Placeholder,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  AUDIT_COUNT_CAP,
  AUDIT_ENTITIES,
  type AuditEntityType,
  type AuditLog,
  type AuditLogsFilter,
  type auditLogsExportQuery,
} from '@cricket/contracts';
import type { z } from 'zod';
import { isTransaction, preparedOnce, type Db } from '../../db/client';
import { keyColumns, keysetBatches, keysetOf, type Keyset } from '../../db/export';
import { likePattern } from '../../lib/like-pattern';
import {
  auditLogCounts,
  auditLogs,
  bulkJobs,
  contactMessages,
  emailTemplates,
  media,
  messagingTopics,
  messagingSuppressions,
  notificationSends,
  notificationTemplates,
  matches,
  roles,
  teams,
  tournaments,
  audiences,
  users,
  waTemplateCategories,
  waTemplates,
} from '../../db/schema';

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

/** Each filter matches the leading columns of one index in schema/audit.ts (decision 021). */
function filtersOf(q: AuditLogsFilter): SQL | undefined {
  const f: SQL[] = [];
  if (q.entity_type) f.push(eq(auditLogs.entityType, q.entity_type));
  if (q.entity_id) f.push(eq(auditLogs.entityId, q.entity_id));
  if (q.actor_id) f.push(eq(auditLogs.actorId, q.actor_id));
  if (q.actor) f.push(sql`${auditLogs.actorSearch} like ${likePattern(q.actor)}`);
  if (q.action) f.push(eq(auditLogs.action, q.action));
  if (q.from) f.push(gte(auditLogs.createdAt, new Date(`${q.from}T00:00:00Z`)));
  if (q.to) f.push(lt(auditLogs.createdAt, nextDay(q.to)));
  return f.length ? and(...f) : undefined;
}

// Written out in full: inside a subquery an unqualified column would be the subquery's own.
const id = sql.raw('"audit_logs"."entity_id"');
const type = sql.raw('"audit_logs"."entity_type"');
const personName = (first: unknown, last: unknown) =>
  sql`nullif(trim(concat_ws(' ', ${first}, ${last})), '')`;
const keptBefore = (field: string) => sql.raw(`d.changes -> '${field}' ->> 'before'`);

/** A subquery for the name of the row with the record's id in `table`. */
const nameIn = (table: PgTable & { id: AnyPgColumn }, name: SQLWrapper) =>
  sql`(select ${name} from ${table} where ${table.id} = ${id})`;

/** What each kind of record is called now: a new entity type must say, or this does not compile. */
const currentName = {
  user: nameIn(users, personName(users.firstName, users.lastName)),
  team: nameIn(teams, teams.name),
  role: nameIn(roles, roles.name),
  media: nameIn(media, sql`coalesce(${media.originalName}, ${media.fileName})`),
  wa_template: nameIn(waTemplates, waTemplates.name),
  wa_template_category: nameIn(waTemplateCategories, waTemplateCategories.name),
  email_template: nameIn(emailTemplates, emailTemplates.name),
  contact_message: nameIn(contactMessages, contactMessages.subject),
  notification_template: nameIn(notificationTemplates, notificationTemplates.name),
  notification_send: nameIn(notificationSends, notificationSends.templateName),
  messaging_topic: nameIn(messagingTopics, messagingTopics.name),
  messaging_suppression: nameIn(messagingSuppressions, messagingSuppressions.address),
  // One row: its name is what it is.
  messaging_settings: sql`${AUDIT_ENTITIES.messaging_settings}::text`,
  // 'Bulk delete of users (2000 rows)'.
  bulk_job: nameIn(
    bulkJobs,
    sql`concat('Bulk ', replace(${bulkJobs.action}, '_', ' '), ' of ', replace(${bulkJobs.list}, '-', ' '), ' (', ${bulkJobs.total}, ' rows)')`,
  ),
  tournament: nameIn(tournaments, tournaments.name),
  audience: nameIn(audiences, audiences.name),
  // 'Mumbai Indians v Chennai Kings, 2026-12-05'.
  match: sql`(select concat(a.name, ' v ', b.name, ', ', to_char(m.scheduled_at at time zone 'UTC', 'YYYY-MM-DD'))
    from ${matches} m join ${teams} a on a.id = m.team_a_id join ${teams} b on b.id = m.team_b_id
    where m.id = ${id})`,
} satisfies Record<AuditEntityType, SQL>;

/**
 * What a record is called, for reading the trail: its name as it is now, one primary-key
 * lookup per row of the page, or, once it is deleted, as its delete record kept it (the
 * entity index finds that record; ids are never reused, so a record is deleted once).
 */
const entityName = sql<string | null>`coalesce(case ${type} ${sql.join(
  Object.entries(currentName).map(([kind, name]) => sql`when ${sql.raw(`'${kind}'`)} then ${name}`),
  sql.raw(' '),
)} end, (
  select coalesce(${keptBefore('name')}, ${keptBefore('subject')}, ${personName(keptBefore('first_name'), keptBefore('last_name'))})
  from ${auditLogs} d
  where d.entity_type = ${type} and d.entity_id = ${id} and d.action = 'delete'
  limit 1
))`;

/**
 * The trail's orders (issue 33): newest first, or a sort, each the order of an index in
 * schema/audit.ts (a kind or an action, then time and id), so a sorted page reads the index and
 * never sorts the trail.
 */
function auditOrder(q: AuditLogsFilter): SQL[] {
  if (!q.sort) return [desc(auditLogs.createdAt), desc(auditLogs.id)];
  const way = q.order === 'desc' ? desc : asc;
  const lead = { created_at: [], entity_type: [auditLogs.entityType], action: [auditLogs.action] }[
    q.sort
  ];
  return [...lead, auditLogs.createdAt, auditLogs.id].map((column) => way(column));
}

/**
 * One page of records, newest first or sorted (the query the index test explains). The page's
 * ids come first, from the order's index alone; only those rows are read and named. Selected
 * with the page, each record's name was worked out for every record the offset passed over:
 * 10,000 lookups for page 1,000 (decision 084).
 */
export function auditPageQuery(
  db: Db,
  q: AuditLogsFilter,
  limit: number | Placeholder = q.limit,
  offset: number | Placeholder = (q.page - 1) * q.limit,
) {
  const pageIds = db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(filtersOf(q))
    .orderBy(...auditOrder(q))
    .limit(limit)
    .offset(offset);
  return (
    db
      .select({ ...getTableColumns(auditLogs), entityName })
      .from(auditLogs)
      // An array, not IN: a plan prepared for any limit still looks the page's ids up by key.
      .where(sql`${auditLogs.id} = any(array(${pageIds}))`)
      .orderBy(...auditOrder(q))
  );
}

/** The whole trail's size from its kept count (decision 084), no more than AUDIT_COUNT_CAP. */
const keptTotal = (db: Db) =>
  db
    .select({
      n: sql<number>`least(coalesce(sum(${auditLogCounts.count}), 0), ${AUDIT_COUNT_CAP})::int`,
    })
    .from(auditLogCounts);

/** How many records a filter matches, counted no further than AUDIT_COUNT_CAP index entries. */
const countedTotal = (db: Db, where: SQL) =>
  db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(auditLogs)
      .where(where)
      .limit(AUDIT_COUNT_CAP)
      .as('capped'),
  );

/** The name of the whole trail's page statement in the order `q` asks for. */
const wholePageStatement = (q: AuditLogsFilter) =>
  `audit_page_${q.sort ? `${q.sort}_${q.order === 'desc' ? 'desc' : 'asc'}` : 'newest'}`;

/**
 * One page, newest first or sorted, and how many records match up to AUDIT_COUNT_CAP: the page
 * is a scan of an index that stops after the page. The whole trail's pages, the ones the log
 * opens on, run statements prepared once per order (decision 084): the name lookups make a
 * long statement to build and plan on every request.
 */
export async function listAuditLogs(db: Db, q: AuditLogsFilter) {
  const where = filtersOf(q);
  const offset = (q.page - 1) * q.limit;
  const [rows, [counted]] =
    where !== undefined || isTransaction(db)
      ? await Promise.all([
          auditPageQuery(db, q, q.limit, offset),
          where === undefined ? keptTotal(db) : countedTotal(db, where),
        ])
      : await Promise.all([
          preparedOnce(db, wholePageStatement(q), (prepared) =>
            auditPageQuery(
              prepared,
              q,
              sql.placeholder('limit'),
              sql.placeholder('offset'),
            ).prepare(wholePageStatement(q)),
          ).execute({ limit: q.limit, offset }),
          preparedOnce(db, 'audit_total_kept', (prepared) =>
            keptTotal(prepared).prepare('audit_total_kept'),
          ).execute(),
        ]);
  return {
    total: counted?.n ?? 0,
    rows: rows.map((r): AuditLog => ({
      id: r.id,
      created_at: r.createdAt.toISOString(),
      actor: { id: r.actorId, name: r.actorName, email: r.actorEmail },
      entity_type: r.entityType,
      entity_id: r.entityId,
      entity_name: r.entityName,
      action: r.action,
      changes: r.changes as AuditLog['changes'],
    })),
  };
}

/**
 * Every record the trail's filters match, newest first or in the list's sort, in keyset batches
 * (the CSV export): each batch continues down an index of that order, so an export of a million
 * records holds one batch at a time. A kind or an action is followed by the id, where the pages
 * put the time before it: records are numbered as they are written, so the two orders agree
 * but for records written in the same instant.
 */
export function exportAuditLogs(db: Db, q: z.output<typeof auditLogsExportQuery>) {
  const keyset: Keyset = q.sort
    ? keysetOf(
        q,
        {
          created_at: auditLogs.createdAt,
          entity_type: auditLogs.entityType,
          action: auditLogs.action,
        },
        auditLogs.id,
        'desc',
      )
    : { by: auditLogs.createdAt, id: auditLogs.id, way: 'desc' };
  const filters = filtersOf({ ...q, page: 1, limit: 1 });
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ ...getTableColumns(auditLogs), entityName, ...keyColumns(keyset) })
      .from(auditLogs)
      .where(and(filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      created_at: r.createdAt,
      actor_name: r.actorName,
      actor_email: r.actorEmail,
      entity_type: r.entityType,
      entity_id: r.entityId,
      entity_name: r.entityName,
      action: r.action,
      changes: JSON.stringify(r.changes),
      keyValue: r.keyValue,
      keyId: r.keyId,
    }));
  });
}
