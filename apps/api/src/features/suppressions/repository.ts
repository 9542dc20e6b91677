import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  SUPPRESSION_MESSAGES,
  type Suppression,
  type SuppressionReason,
  type SuppressionsFilter,
  type SuppressionValues,
  type SendChannel,
} from '@cricket/contracts';
import type { Db } from '../../db/client';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import { selectPage, sortedBy, withTotal } from '../../db/page';
import { messagingSuppressions as t, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';
import { rethrowRefusal } from '../../lib/pg-error';
import { suppress } from '../../lib/suppression';
import type { AuditWriter } from '../../plugins/audit';

const creator = alias(users, 'creator');
const remover = alias(users, 'remover');
const nameOf = (u: typeof creator | typeof remover) =>
  sql<
    string | null
  >`nullif(trim(coalesce(${u.firstName}, '') || ' ' || coalesce(${u.lastName}, '')), '')`;

const columns = {
  id: t.id,
  channel: t.channel,
  address: t.address,
  reason: t.reason,
  detail: t.detail,
  sourceMessageId: t.sourceMessageId,
  createdAt: t.createdAt,
  createdBy: nameOf(creator),
  removedAt: t.removedAt,
  removedBy: nameOf(remover),
  removalReason: t.removalReason,
};

type Row = {
  id: number;
  channel: string;
  address: string;
  reason: string;
  detail: string | null;
  sourceMessageId: string | null;
  createdAt: Date;
  createdBy: string | null;
  removedAt: Date | null;
  removedBy: string | null;
  removalReason: string | null;
};

function toSuppression(r: Row): Suppression {
  return {
    id: r.id,
    channel: r.channel as SendChannel,
    address: r.address,
    reason: r.reason as SuppressionReason,
    detail: r.detail,
    source_message_id: r.sourceMessageId,
    active: r.removedAt === null,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy,
    removed_at: r.removedAt?.toISOString() ?? null,
    removed_by: r.removedBy,
    removal_reason: r.removalReason,
  };
}

const select = (db: Db, cols: typeof columns | ReturnType<typeof withTotal<typeof columns>>) =>
  db
    .select(cols)
    .from(t)
    .leftJoin(creator, eq(creator.id, t.createdBy))
    .leftJoin(remover, eq(remover.id, t.removedBy));

const suppressionSorts = {
  address: sql`lower(${t.address})`,
  channel: t.channel,
  reason: t.reason,
  // Active (not removed) first, ascending.
  state: sql`(${t.removedAt} is not null)`,
  created_at: t.createdAt,
};

type Filters = Omit<SuppressionsFilter, 'page' | 'limit'>;

function suppressionFilters(q: Filters) {
  const filters: SQL[] = [];
  if (q.channel) filters.push(eq(t.channel, q.channel));
  if (q.reason) filters.push(eq(t.reason, q.reason));
  if (q.state === 'active') filters.push(isNull(t.removedAt));
  if (q.state === 'removed') filters.push(isNotNull(t.removedAt));
  if (q.address) filters.push(sql`lower(${t.address}) like ${likePattern(q.address)}`);
  return filters;
}

/** Newest first, by channel, reason, state and part of the address. */
export async function listSuppressions(db: Db, q: SuppressionsFilter) {
  const filters = suppressionFilters(q);
  const { rows, total } = await selectPage(
    () =>
      select(db, withTotal(columns))
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(...sortedBy(q, suppressionSorts, t.id, [desc(t.id)]))
        .$dynamic(),
    q,
  );
  return { rows: rows.map(toSuppression), total };
}

/** Every entry the list's filters match, in its order, in batches (the CSV export). */
export function exportSuppressions(db: Db, q: Filters) {
  const keyset = keysetOf(q, suppressionSorts, t.id, 'desc');
  const filters = suppressionFilters(q);
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ ...columns, ...keyColumns(keyset) })
      .from(t)
      .leftJoin(creator, eq(creator.id, t.createdBy))
      .leftJoin(remover, eq(remover.id, t.removedBy))
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map((r) => ({ ...toSuppression(r), keyValue: r.keyValue, keyId: r.keyId }));
  });
}

async function getSuppression(db: Db, id: number) {
  const [row] = await select(db, columns).where(eq(t.id, id));
  if (!row) throw notFound(SUPPRESSION_MESSAGES.notFound);
  return toSuppression(row);
}

const alreadySuppressed = () =>
  conflict(SUPPRESSION_MESSAGES.alreadySuppressed, {
    address: [SUPPRESSION_MESSAGES.alreadySuppressed],
  });

/** An administrator suppresses an address, with their note as the detail. */
export function addSuppression(db: Db, v: SuppressionValues, userId: number, audit: AuditWriter) {
  return db
    .transaction(async (tx) => {
      const id = await suppress(tx, {
        channel: v.channel,
        address: v.address,
        reason: 'admin',
        detail: v.reason,
        createdBy: userId,
      });
      if (id === null) throw alreadySuppressed();
      const created = await getSuppression(tx, id);
      await audit(tx, { entityId: id, action: 'create', after: created });
      return created;
    })
    .catch((err: unknown) =>
      rethrowRefusal(err, ({ code }) => (code === '23505' ? alreadySuppressed() : undefined)),
    );
}

/** Releases an address: the entry stays, as removed, with who did it and why. */
export function removeSuppression(
  db: Db,
  id: number,
  reason: string,
  userId: number,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(t).where(eq(t.id, id)).for('update');
    if (!row) throw notFound(SUPPRESSION_MESSAGES.notFound);
    if (row.removedAt !== null) throw conflict(SUPPRESSION_MESSAGES.alreadyRemoved);
    const before = await getSuppression(tx, id);
    await tx
      .update(t)
      .set({ removedAt: sql`now()`, removedBy: userId, removalReason: reason })
      .where(eq(t.id, id));
    const after = await getSuppression(tx, id);
    await audit(tx, { entityId: id, action: 'suppression_remove', before, after });
    return after;
  });
}
