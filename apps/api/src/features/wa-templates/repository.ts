import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  WA_TEMPLATE_MESSAGES,
  type WaTemplate,
  type WaTemplateValues,
  type waTemplatesQuery,
} from '@cricket/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuditWriter } from '../../plugins/audit';
import type { SearchProvider } from '../../plugins/global-search';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import { selectPage, withTotal, sortedBy } from '../../db/page';
import { users, waTemplateCategories, waTemplates } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';
import {
  assertCategory,
  assertEditAllowed,
  assertStatusAllowed,
  assertManualStatus,
  assertMedia,
  assertNameFree,
  assertSameType,
  rethrowTemplateRefusal,
} from './rules';
import { assertTemplateTopic } from '../../lib/consent';
import { findByName } from '../../db/search';
import { nextVersion } from '../../lib/record-version';

const columns = {
  template: waTemplates,
  categoryName: waTemplateCategories.name,
  categoryIcon: waTemplateCategories.icon,
  creatorEmail: users.email,
};

type Joined = {
  template: typeof waTemplates.$inferSelect;
  categoryName: string;
  categoryIcon: string | null;
  creatorEmail: string | null;
};

function toTemplate({ template: t, categoryName, categoryIcon, creatorEmail }: Joined): WaTemplate {
  return {
    _id: t.id,
    name: t.name,
    category: { _id: t.categoryId, name: categoryName, icon: categoryIcon },
    topic_id: t.topicId,
    type: t.type as WaTemplate['type'],
    template_language: t.templateLanguage as WaTemplate['template_language'],
    status: t.status as WaTemplate['status'],
    whatsapp_category: t.whatsappCategory as WaTemplate['whatsapp_category'],
    whatsapp_template_id: t.whatsappTemplateId,
    quality_rating: t.qualityRating as WaTemplate['quality_rating'],
    rejected_reason: t.rejectedReason,
    header_type: t.headerType as WaTemplate['header_type'],
    header_content: t.headerContent,
    body_text: t.bodyText,
    footer_text: t.footerText,
    media_url: t.mediaUrl,
    buttons: t.buttons as WaTemplate['buttons'],
    sample_values: t.sampleValues,
    usage_count: t.usageCount,
    created_by: t.createdBy === null ? null : { email: creatorEmail },
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

const joined = (db: Db, select: typeof columns | ReturnType<typeof withTotal<typeof columns>>) =>
  db
    .select(select)
    .from(waTemplates)
    .innerJoin(waTemplateCategories, eq(waTemplateCategories.id, waTemplates.categoryId))
    .leftJoin(users, eq(users.id, waTemplates.createdBy));

const templateSorts = {
  name: sql`lower(${waTemplates.name})`,
  category: sql`lower(${waTemplateCategories.name})`,
  type: waTemplates.type,
  status: waTemplates.status,
  usage_count: waTemplates.usageCount,
  created_at: waTemplates.createdAt,
};

type TemplateFilters = Omit<z.output<typeof waTemplatesQuery>, 'page' | 'limit'>;

function templateFilters(q: TemplateFilters) {
  const filters: SQL[] = [];
  if (q.category) filters.push(eq(waTemplates.categoryId, q.category));
  if (q.type) filters.push(eq(waTemplates.type, q.type));
  if (q.status) filters.push(eq(waTemplates.status, q.status));
  if (q.search) filters.push(sql`lower(${waTemplates.name}) like ${likePattern(q.search)}`);
  return filters;
}

export async function listTemplates(db: Db, q: z.output<typeof waTemplatesQuery>) {
  const filters = templateFilters(q);
  const { rows, total } = await selectPage(
    () =>
      joined(db, withTotal(columns))
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(...sortedBy(q, templateSorts, waTemplates.id, [desc(waTemplates.id)]))
        .$dynamic(),
    q,
  );
  return { rows: (rows as Joined[]).map(toTemplate), total };
}

/** Every template the list's filters match, in its order, in batches (the CSV export). */
export function exportTemplates(db: Db, q: TemplateFilters) {
  const keyset = keysetOf(q, templateSorts, waTemplates.id, 'desc');
  const filters = templateFilters(q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({
        id: waTemplates.id,
        name: waTemplates.name,
        category: waTemplateCategories.name,
        type: waTemplates.type,
        template_language: waTemplates.templateLanguage,
        status: waTemplates.status,
        whatsapp_template_id: waTemplates.whatsappTemplateId,
        usage_count: waTemplates.usageCount,
        created_at: waTemplates.createdAt,
        ...keyColumns(keyset),
      })
      .from(waTemplates)
      .innerJoin(waTemplateCategories, eq(waTemplateCategories.id, waTemplates.categoryId))
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows;
  });
}

export async function getTemplate(db: Db, id: number) {
  const [row] = await joined(db, columns).where(eq(waTemplates.id, id));
  if (!row) throw notFound(WA_TEMPLATE_MESSAGES.notFound);
  return toTemplate(row as Joined);
}

/** Locks a template's row for the rest of the transaction; 404 when there is none. */
async function lockTemplate(tx: Db, id: number) {
  const [row] = await tx
    .select({ type: waTemplates.type })
    .from(waTemplates)
    .where(eq(waTemplates.id, id))
    .for('update');
  if (!row) throw notFound(WA_TEMPLATE_MESSAGES.notFound);
  return row;
}

const toRow = (v: WaTemplateValues) => ({
  name: v.name,
  categoryId: v.category,
  topicId: v.topic_id,
  type: v.type,
  templateLanguage: v.template_language,
  status: v.status,
  whatsappCategory: v.whatsapp_category,
  headerType: v.header_type,
  headerContent: v.header_content ?? null,
  bodyText: v.body_text,
  footerText: v.footer_text ?? null,
  mediaUrl: v.media_url ?? null,
  buttons: v.buttons,
  sampleValues: v.sample_values,
});

export function createTemplate(
  db: Db,
  values: WaTemplateValues,
  userId: number | null,
  audit: AuditWriter,
) {
  return db
    .transaction(async (tx) => {
      assertManualStatus(values.status);
      await assertCategory(tx, values.category);
      await assertTemplateTopic(tx, values.topic_id);
      await assertMedia(tx, values);
      await assertNameFree(tx, values);
      const [row] = await tx
        .insert(waTemplates)
        .values({ ...toRow(values), createdBy: userId })
        .returning({ id: waTemplates.id });
      const created = await getTemplate(tx, row!.id);
      await audit(tx, { entityId: created._id, action: 'create', after: created });
      return created;
    })
    .catch(rethrowTemplateRefusal);
}

/**
 * `connected`: whether WhatsApp decides the status of a submitted template. `resubmitted`: the
 * edit went to Meta (whatsapp.ts), which reviews it again, so the template is pending.
 */
export function updateTemplate(
  db: Db,
  id: number,
  values: WaTemplateValues,
  audit: AuditWriter,
  whatsapp: { connected: boolean; resubmitted: boolean } = { connected: false, resubmitted: false },
) {
  return db
    .transaction(async (tx) => {
      const current = await lockTemplate(tx, id);
      assertSameType(current.type, values.type);
      const before = await getTemplate(tx, id);
      assertEditAllowed(before, values, whatsapp.connected);
      await assertCategory(tx, values.category);
      await assertTemplateTopic(tx, values.topic_id, before.topic_id);
      await assertMedia(tx, values);
      await assertNameFree(tx, values, id);
      await tx
        .update(waTemplates)
        .set({
          ...toRow(values),
          ...(whatsapp.resubmitted && { status: 'pending', rejectedReason: null }),
          updatedAt: nextVersion(waTemplates.updatedAt),
        })
        .where(eq(waTemplates.id, id));
      const updated = await getTemplate(tx, id);
      await audit(tx, { entityId: id, action: 'update', before, after: updated });
      return updated;
    })
    .catch(rethrowTemplateRefusal);
}

/**
 * Sets a template's status alone (a bulk status change), audited as an edit of it, under the
 * edit's rule of who decides the status (`connected`: WhatsApp decides a submitted one's).
 */
export function setTemplateStatus(
  db: Db,
  id: number,
  status: WaTemplateValues['status'],
  audit: AuditWriter,
  connected: boolean,
) {
  return db.transaction(async (tx) => {
    await lockTemplate(tx, id);
    const before = await getTemplate(tx, id);
    assertStatusAllowed(before, status, connected);
    await tx
      .update(waTemplates)
      .set({ status, updatedAt: new Date() })
      .where(eq(waTemplates.id, id));
    const updated = await getTemplate(tx, id);
    await audit(tx, { entityId: id, action: 'update', before, after: updated });
  });
}

export function deleteTemplate(db: Db, id: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    await lockTemplate(tx, id);
    const before = await getTemplate(tx, id);
    await tx.delete(waTemplates).where(eq(waTemplates.id, id));
    await audit(tx, { entityId: id, action: 'delete', before });
  });
}

/** The global search's WhatsApp templates: by name; the language tells versions apart. */
export const templateSearch: SearchProvider = {
  rows: () =>
    findByName({
      table: waTemplates,
      id: waTemplates.id,
      name: waTemplates.name,
      detail: waTemplates.templateLanguage,
      match: sql`lower(${waTemplates.name})`,
    }),
};

/** What Meta says of a template: any of these, each kept as Meta reported it. */
export interface MetaReport {
  status?: WaTemplate['status'];
  whatsappCategory?: WaTemplate['whatsapp_category'];
  qualityRating?: NonNullable<WaTemplate['quality_rating']>;
  rejectedReason?: string | null;
  whatsappTemplateId?: string;
}

const REPORT_FIELDS = {
  status: 'status',
  whatsappCategory: 'whatsapp_category',
  qualityRating: 'quality_rating',
  rejectedReason: 'rejected_reason',
  whatsappTemplateId: 'whatsapp_template_id',
} as const;

/**
 * Brings a template to what Meta reports, by state: only the fields that differ are written,
 * and a report that changes nothing writes nothing (no audit record), so Meta's retries of
 * the same event, or a sync after the webhook, change it once. The row is locked, so the same
 * event delivered twice at once also writes once. Answers the fields changed, or null when no
 * template matches.
 */
export function applyMetaReport(
  db: Db,
  match: { id: number } | { whatsappTemplateId: string },
  report: MetaReport,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(waTemplates)
      .where(
        'id' in match
          ? eq(waTemplates.id, match.id)
          : eq(waTemplates.whatsappTemplateId, match.whatsappTemplateId),
      )
      .for('update');
    if (!row) return null;
    const set: Partial<typeof waTemplates.$inferInsert> = {};
    const changed: string[] = [];
    for (const [key, field] of Object.entries(REPORT_FIELDS) as [keyof MetaReport, string][]) {
      const value = report[key];
      if (value === undefined || row[key] === value) continue;
      (set as Record<string, unknown>)[key] = value;
      changed.push(field);
    }
    if (changed.length === 0) return { id: row.id, name: row.name, changes: changed };
    const before = await getTemplate(tx, row.id);
    await tx
      .update(waTemplates)
      .set({ ...set, updatedAt: nextVersion(waTemplates.updatedAt) })
      .where(eq(waTemplates.id, row.id));
    const after = await getTemplate(tx, row.id);
    await audit(tx, { entityId: row.id, action: 'update', before, after });
    return { id: row.id, name: row.name, changes: changed };
  });
}

/** Records Meta's answer to a submission: its id, its status and category. */
export function recordSubmission(
  db: Db,
  id: number,
  report: Required<Pick<MetaReport, 'whatsappTemplateId' | 'status' | 'whatsappCategory'>>,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    await lockTemplate(tx, id);
    const before = await getTemplate(tx, id);
    await tx
      .update(waTemplates)
      .set({
        ...report,
        qualityRating: 'UNKNOWN',
        rejectedReason: null,
        updatedAt: nextVersion(waTemplates.updatedAt),
      })
      .where(eq(waTemplates.id, id));
    const after = await getTemplate(tx, id);
    await audit(tx, { entityId: id, action: 'submit', before, after });
    return after;
  });
}

/** Every template's Meta identity, for the sync to match Meta's list against. */
export function templateIdentities(db: Db) {
  return db
    .select({
      id: waTemplates.id,
      name: waTemplates.name,
      language: waTemplates.templateLanguage,
      whatsappTemplateId: waTemplates.whatsappTemplateId,
    })
    .from(waTemplates)
    .orderBy(waTemplates.id);
}
