import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPE_LABELS,
  type NotificationTemplateValues,
  type NotificationType,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import {
  selectListPage,
  selectPage,
  withCount,
  withTotal,
  sortedBy,
  type SortRequest,
} from '../../db/page';
import { notificationTemplates as templates } from '../../db/schema';
import { nextVersion } from '../../lib/record-version';
import { notFound } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';
import type { AuditWriter } from '../../plugins/audit';
import type { SearchProvider } from '../../plugins/global-search';
import { assertTemplateTopic } from '../../lib/consent';
import { findByName } from '../../db/search';

/** Notification templates: the list, the send form's picker, and their edits. */

type TemplateRow = typeof templates.$inferSelect;

function toTemplate(row: TemplateRow) {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    message: row.message,
    type: row.type as NotificationType,
    status: row.status as NotificationTemplateValues['status'],
    topic_id: row.topicId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const toRow = ({ topic_id, ...v }: NotificationTemplateValues) => ({ ...v, topicId: topic_id });

const templateSorts = {
  name: sql`lower(${templates.name})`,
  subject: sql`lower(${templates.subject})`,
  type: templates.type,
  status: templates.status,
  created_at: templates.createdAt,
};

type TemplateFilters = {
  name?: string;
  subject?: string;
  type?: string;
  status?: string;
} & SortRequest<keyof typeof templateSorts>;

function templateFilters(q: TemplateFilters) {
  const filters: SQL[] = [];
  if (q.name) filters.push(sql`lower(${templates.name}) like ${likePattern(q.name)}`);
  if (q.subject)
    filters.push(sql`lower(coalesce(${templates.subject}, '')) like ${likePattern(q.subject)}`);
  if (q.type) filters.push(eq(templates.type, q.type));
  if (q.status) filters.push(eq(templates.status, q.status));
  return filters;
}

export async function listTemplates(db: Db, q: { page: number; limit: number } & TemplateFilters) {
  const filters = templateFilters(q);
  const where = filters.length ? and(...filters) : undefined;
  const query = (on: Db) =>
    on
      .select(withCount(getTableColumns(templates), templates, where))
      .from(templates)
      .where(where)
      .orderBy(...sortedBy(q, templateSorts, templates.id, [desc(templates.id)]))
      .$dynamic();
  const { rows, total } = await selectListPage(db, 'templates_page', query, where !== undefined, q);
  return { rows: rows.map(toTemplate), total };
}

/** Every template the list's filters match, in its order, in batches (the CSV export). */
export function exportTemplates(db: Db, q: TemplateFilters) {
  const keyset = keysetOf(q, templateSorts, templates.id, 'desc');
  const filters = templateFilters(q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ ...getTableColumns(templates), ...keyColumns(keyset) })
      .from(templates)
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map((row) => ({ ...toTemplate(row), keyValue: row.keyValue, keyId: row.keyId }));
  });
}

/** The send form's picker: by name; the template already chosen (template_id) comes first. */
export async function listTemplateNames(
  db: Db,
  q: { page: number; limit: number; search?: string; template_id?: number },
) {
  const where = q.search ? sql`lower(${templates.name}) like ${likePattern(q.search)}` : undefined;
  const order = [asc(sql`lower(${templates.name})`), asc(templates.id)];
  if (q.template_id) order.unshift(sql`(${templates.id} = ${q.template_id}) desc`);
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal(getTableColumns(templates)))
        .from(templates)
        .where(
          q.template_id && where ? sql`(${where} or ${templates.id} = ${q.template_id})` : where,
        )
        .orderBy(...order)
        .$dynamic(),
    q,
  );
  return { rows: rows.map(toTemplate), total };
}

export async function getTemplate(db: Db, id: number) {
  const [row] = await db.select().from(templates).where(eq(templates.id, id));
  if (!row) throw notFound(NOTIFICATION_MESSAGES.templateNotFound);
  return toTemplate(row);
}

export function createTemplate(
  db: Db,
  v: NotificationTemplateValues,
  userId: number,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    await assertTemplateTopic(tx, v.topic_id);
    const [row] = await tx
      .insert(templates)
      .values({ ...toRow(v), createdBy: userId })
      .returning();
    const created = toTemplate(row!);
    await audit(tx, { entityId: created.id, action: 'create', after: created });
    return created;
  });
}

async function lockTemplate(tx: Db, id: number) {
  const [row] = await tx.select().from(templates).where(eq(templates.id, id)).for('update');
  if (!row) throw notFound(NOTIFICATION_MESSAGES.templateNotFound);
  return toTemplate(row);
}

export function updateTemplate(
  db: Db,
  id: number,
  v: NotificationTemplateValues,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    await assertTemplateTopic(tx, v.topic_id, before.topic_id);
    const [row] = await tx
      .update(templates)
      .set({ ...toRow(v), updatedAt: nextVersion(templates.updatedAt) })
      .where(eq(templates.id, id))
      .returning();
    const after = toTemplate(row!);
    await audit(tx, { entityId: id, action: 'update', before, after });
    return after;
  });
}

/** Sets a template's status alone (a bulk status change), audited as an edit of it. */
export function setTemplateStatus(
  db: Db,
  id: number,
  status: NotificationTemplateValues['status'],
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    const [row] = await tx
      .update(templates)
      .set({ status, updatedAt: nextVersion(templates.updatedAt) })
      .where(eq(templates.id, id))
      .returning();
    await audit(tx, { entityId: id, action: 'update', before, after: toTemplate(row!) });
  });
}

/** Sends keep the template's name and text, so deleting a template leaves their log intact. */
export function deleteTemplate(db: Db, id: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    await tx.delete(templates).where(eq(templates.id, id));
    await audit(tx, { entityId: id, action: 'delete', before });
    return before.name;
  });
}

/** The global search's notification templates: by name, the channel beneath. */
export const templateSearch: SearchProvider = {
  rows: () =>
    findByName({
      table: templates,
      id: templates.id,
      name: templates.name,
      detail: templates.type,
      match: sql`lower(${templates.name})`,
    }),
  present: (hit) => ({
    ...hit,
    detail: NOTIFICATION_TYPE_LABELS[hit.detail as NotificationType] ?? hit.detail,
  }),
};
