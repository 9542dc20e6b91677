import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  WA_CATEGORY_MESSAGES,
  categoryInUseMessage,
  type WaCategory,
  type WaCategoryStatus,
  type WaCategoryValues,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import type { AuditWriter } from '../../plugins/audit';
import { keyColumns, keysetBatches, keysetOf, type Keyset } from '../../db/export';
import { selectPage, withTotal, sortedBy, type SortRequest } from '../../db/page';
import { waTemplateCategories, waTemplates } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';
import { rethrowRefusal } from '../../lib/pg-error';
import { nextVersion } from '../../lib/record-version';

type CategoryRow = typeof waTemplateCategories.$inferSelect;

const columns = {
  id: waTemplateCategories.id,
  name: waTemplateCategories.name,
  slug: waTemplateCategories.slug,
  icon: waTemplateCategories.icon,
  description: waTemplateCategories.description,
  order: waTemplateCategories.order,
  status: waTemplateCategories.status,
  createdAt: waTemplateCategories.createdAt,
  updatedAt: waTemplateCategories.updatedAt,
};

export function toCategory(row: CategoryRow): WaCategory {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    icon: row.icon,
    description: row.description,
    order: row.order,
    status: row.status as WaCategoryStatus,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The expression the wa_template_categories_search_trgm index is built on. */
const searchExpr = sql`lower(${waTemplateCategories.name} || ' ' || ${waTemplateCategories.slug})`;

const categorySorts = {
  name: sql`lower(${waTemplateCategories.name})`,
  slug: waTemplateCategories.slug,
  order: waTemplateCategories.order,
  status: waTemplateCategories.status,
  created_at: waTemplateCategories.createdAt,
};

type CategoryFilters = { search?: string; status?: WaCategoryStatus } & SortRequest<
  keyof typeof categorySorts
>;

function categoryFilters(q: CategoryFilters) {
  const filters: SQL[] = [];
  if (q.status) filters.push(eq(waTemplateCategories.status, q.status));
  for (const word of q.search?.split(/\s+/).filter(Boolean) ?? [])
    filters.push(sql`${searchExpr} like ${likePattern(word)}`);
  return filters;
}

/** Display order first (spec: lower numbers appear first), then name. */
export async function listCategories(db: Db, q: { page: number; limit: number } & CategoryFilters) {
  const filters = categoryFilters(q);
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal(columns))
        .from(waTemplateCategories)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(
          ...sortedBy(q, categorySorts, waTemplateCategories.id, [
            asc(waTemplateCategories.order),
            asc(waTemplateCategories.name),
            asc(waTemplateCategories.id),
          ]),
        )
        .$dynamic(),
    q,
  );
  return { rows: rows.map(toCategory), total };
}

/**
 * The list's own order (display order, then name) as one ascending key a keyset can walk: the
 * order, never negative, as ten digits, then the name. Equal digits weigh the same before every
 * name, so names of one display order keep the order the list gives them.
 */
const orderThenName = sql`lpad(${waTemplateCategories.order}::text, 10, '0') || ${waTemplateCategories.name}`;

/** Every category the list's filters match, in its order, in batches (the CSV export). */
export function exportCategories(db: Db, q: CategoryFilters) {
  const keyset: Keyset = q.sort
    ? keysetOf(q, categorySorts, waTemplateCategories.id, 'asc')
    : { by: orderThenName, id: waTemplateCategories.id, way: 'asc' };
  const filters = categoryFilters(q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ ...columns, ...keyColumns(keyset) })
      .from(waTemplateCategories)
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map(({ createdAt, updatedAt: _, ...r }) => ({ ...r, created_at: createdAt }));
  });
}

/** One category, for its edit panel's version (decision 059). */
export async function getCategory(db: Db, id: number) {
  const [row] = await db.select().from(waTemplateCategories).where(eq(waTemplateCategories.id, id));
  if (!row) throw notFound(WA_CATEGORY_MESSAGES.notFound);
  return toCategory(row);
}

const slugTaken = () =>
  conflict(WA_CATEGORY_MESSAGES.slugTaken, { slug: [WA_CATEGORY_MESSAGES.slugTaken] });

/** Two saves of one slug can race past the check: the unique index has the last word. */
const rethrowSlugRefusal = (err: unknown): never =>
  rethrowRefusal(err, ({ code, constraint }) =>
    code === '23505' &&
    (constraint === undefined || constraint === 'wa_template_categories_slug_uq')
      ? slugTaken()
      : undefined,
  );

async function assertSlugFree(tx: Db, slug: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: waTemplateCategories.id })
    .from(waTemplateCategories)
    .where(eq(waTemplateCategories.slug, slug));
  if (row && row.id !== exceptId) throw slugTaken();
}

const toRow = (v: WaCategoryValues) => ({
  name: v.name,
  slug: v.slug,
  icon: v.icon ?? null,
  description: v.description ?? null,
  order: v.order,
  status: v.status,
});

export function createCategory(db: Db, values: WaCategoryValues, audit: AuditWriter) {
  return db
    .transaction(async (tx) => {
      await assertSlugFree(tx, values.slug);
      const [row] = await tx.insert(waTemplateCategories).values(toRow(values)).returning();
      const created = toCategory(row!);
      await audit(tx, { entityId: created._id, action: 'create', after: created });
      return created;
    })
    .catch(rethrowSlugRefusal);
}

/** The category's row, locked for the rest of the transaction (404 when there is none). */
async function lockCategory(tx: Db, id: number) {
  const [row] = await tx
    .select()
    .from(waTemplateCategories)
    .where(eq(waTemplateCategories.id, id))
    .for('update');
  if (!row) throw notFound(WA_CATEGORY_MESSAGES.notFound);
  return row;
}

export function updateCategory(db: Db, id: number, values: WaCategoryValues, audit: AuditWriter) {
  return db
    .transaction(async (tx) => {
      const current = await lockCategory(tx, id);
      await assertSlugFree(tx, values.slug, id);
      const [row] = await tx
        .update(waTemplateCategories)
        .set({ ...toRow(values), updatedAt: nextVersion(waTemplateCategories.updatedAt) })
        .where(eq(waTemplateCategories.id, id))
        .returning();
      const updated = toCategory(row!);
      await audit(tx, {
        entityId: id,
        action: 'update',
        before: toCategory(current),
        after: updated,
      });
      return updated;
    })
    .catch(rethrowSlugRefusal);
}

/** Sets a category's status alone (a bulk status change), audited as an edit of it. */
export function setCategoryStatus(
  db: Db,
  id: number,
  status: WaCategoryValues['status'],
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const current = await lockCategory(tx, id);
    const [row] = await tx
      .update(waTemplateCategories)
      .set({ status, updatedAt: new Date() })
      .where(eq(waTemplateCategories.id, id))
      .returning();
    await audit(tx, {
      entityId: id,
      action: 'update',
      before: toCategory(current),
      after: toCategory(row!),
    });
  });
}

/** A category used by templates stays: the answer says how many use it. */
export function deleteCategory(db: Db, id: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const row = await lockCategory(tx, id);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(waTemplates)
      .where(eq(waTemplates.categoryId, id));
    if (n > 0) throw conflict(categoryInUseMessage(n));
    await tx.delete(waTemplateCategories).where(eq(waTemplateCategories.id, id));
    await audit(tx, { entityId: id, action: 'delete', before: toCategory(row) });
  });
}
