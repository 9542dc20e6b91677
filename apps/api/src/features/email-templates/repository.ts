import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  EMAIL_TEMPLATE_MESSAGES,
  type EmailTemplateStatus,
  type EmailTemplateType,
  type EmailTemplateValues,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import { selectPage, withTotal, sortedBy, type SortRequest } from '../../db/page';
import { emailTemplates, users } from '../../db/schema';
import { nextVersion } from '../../lib/record-version';
import { notFound } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';
import type { AuditWriter } from '../../plugins/audit';
import { findByName } from '../../db/search';

type Row = typeof emailTemplates.$inferSelect;

function toSummary(row: Omit<Row, 'content'>) {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    template_type: row.templateType as EmailTemplateType,
    status: row.status as EmailTemplateStatus,
    description: row.description,
    used_count: row.usedCount,
    created_at: row.createdAt.toISOString(),
    last_modified: row.updatedAt.toISOString(),
  };
}

const toTemplate = (row: Row) => ({ ...toSummary(row), content: row.content });

const { content: _content, ...summaryColumns } = getTableColumns(emailTemplates);

const emailTemplateSorts = {
  name: sql`lower(${emailTemplates.name})`,
  subject: sql`lower(${emailTemplates.subject})`,
  status: emailTemplates.status,
  created_at: emailTemplates.createdAt,
};

type EmailTemplateFilters = {
  name?: string;
  subject?: string;
  status?: string;
} & SortRequest<keyof typeof emailTemplateSorts>;

function emailTemplateFilters(q: EmailTemplateFilters) {
  const filters: SQL[] = [];
  // lower(name) and lower(subject) carry trigram indexes: a substring match uses them.
  if (q.name) filters.push(sql`lower(${emailTemplates.name}) like ${likePattern(q.name)}`);
  if (q.subject) filters.push(sql`lower(${emailTemplates.subject}) like ${likePattern(q.subject)}`);
  if (q.status) filters.push(eq(emailTemplates.status, q.status));
  return filters;
}

/** Every template the list's filters match, in its order, in batches (the CSV export). */
export function exportEmailTemplates(db: Db, q: EmailTemplateFilters) {
  const keyset = keysetOf(q, emailTemplateSorts, emailTemplates.id, 'desc');
  const filters = emailTemplateFilters(q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ ...summaryColumns, ...keyColumns(keyset) })
      .from(emailTemplates)
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map((row) => ({ ...toSummary(row), keyValue: row.keyValue, keyId: row.keyId }));
  });
}

export async function listEmailTemplates(
  db: Db,
  q: { page: number; limit: number } & EmailTemplateFilters,
) {
  const filters = emailTemplateFilters(q);
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal(summaryColumns))
        .from(emailTemplates)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(...sortedBy(q, emailTemplateSorts, emailTemplates.id, [desc(emailTemplates.id)]))
        .$dynamic(),
    q,
  );
  return { rows: rows.map(toSummary), total };
}

export async function getEmailTemplate(db: Db, id: number) {
  const [row] = await db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
  if (!row) throw notFound(EMAIL_TEMPLATE_MESSAGES.notFound);
  return toTemplate(row);
}

const columnsOf = (v: EmailTemplateValues) => ({
  name: v.name,
  subject: v.subject,
  templateType: v.template_type,
  status: v.status,
  description: v.description,
  content: v.content,
});

export function createEmailTemplate(db: Db, values: EmailTemplateValues, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(emailTemplates).values(columnsOf(values)).returning();
    const created = toTemplate(row!);
    await audit(tx, { entityId: created.id, action: 'create', after: created });
    return created;
  });
}

async function lockTemplate(tx: Db, id: number) {
  const [row] = await tx
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.id, id))
    .for('update');
  if (!row) throw notFound(EMAIL_TEMPLATE_MESSAGES.notFound);
  return toTemplate(row);
}

export function updateEmailTemplate(
  db: Db,
  id: number,
  values: EmailTemplateValues,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    const [row] = await tx
      .update(emailTemplates)
      .set({ ...columnsOf(values), updatedAt: nextVersion(emailTemplates.updatedAt) })
      .where(eq(emailTemplates.id, id))
      .returning();
    const after = toTemplate(row!);
    await audit(tx, { entityId: id, action: 'update', before, after });
    return after;
  });
}

/** Sets a template's status alone (a bulk status change), audited as an edit of it. */
export function setEmailTemplateStatus(
  db: Db,
  id: number,
  status: EmailTemplateValues['status'],
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    const [row] = await tx
      .update(emailTemplates)
      .set({ status, updatedAt: nextVersion(emailTemplates.updatedAt) })
      .where(eq(emailTemplates.id, id))
      .returning();
    await audit(tx, { entityId: id, action: 'update', before, after: toTemplate(row!) });
  });
}

export function deleteEmailTemplate(db: Db, id: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const before = await lockTemplate(tx, id);
    await tx.delete(emailTemplates).where(eq(emailTemplates.id, id));
    await audit(tx, { entityId: id, action: 'delete', before });
    return before;
  });
}

/** The signed-in user as a recipient: the test email goes to them, filled with their details. */
export async function recipientOf(db: Db, userId: number) {
  const [me] = await db
    .select({
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      phone_number: users.phoneNumber,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!me) throw notFound('User not found');
  return me;
}

/** The global search's email templates: by name, the subject beneath. */
export const searchEmailTemplates = (db: Db, q: string, limit: number) =>
  findByName(
    db,
    {
      table: emailTemplates,
      id: emailTemplates.id,
      name: emailTemplates.name,
      detail: emailTemplates.subject,
      match: sql`lower(${emailTemplates.name})`,
    },
    q,
    limit,
  );
