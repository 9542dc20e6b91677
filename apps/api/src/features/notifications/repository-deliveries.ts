import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  DELIVERY_REASONS,
  NOTIFICATION_MESSAGES,
  type DELIVERY_SORT_KEYS,
  type DeliveryStatus,
} from '@cricket/contracts';
import { preparedOnce, queryRows, type Db } from '../../db/client';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import {
  neighbourKeys,
  planValues,
  queryFingerprint,
  readPlannedPage,
  seekAccepts,
  seekCondition,
  seekOrder,
  type PagePlan,
  type SeekColumn,
  type SortRequest,
} from '../../db/page';
import {
  notificationDeliveries as deliveries,
  notificationSends as sends,
  sendDeliveryCounts,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuditWriter } from '../../plugins/audit';
import { getSend, iso } from './repository-sends';

/** A send's deliveries: their page, and cancelling or retrying them. */

/** Who a delivery went to, as the list shows it. */
const recipientOf = (r: { userId: number | null; recipientName: string | null }) =>
  r.recipientName || (r.userId ? `User ${r.userId}` : 'Deleted user');

type DeliverySortKey = (typeof DELIVERY_SORT_KEYS)[number];

type DeliveriesQuery = {
  page: number;
  limit: number;
  status?: string;
  page_key?: string;
} & SortRequest<DeliverySortKey>;

/**
 * The orders of a send's deliveries (issue 33), each an index within the send (decision 062),
 * as a page key seeks in them (decision 068). A delivery not yet sent has no sent time, which a
 * key cannot carry: that order pages by offset from the nearer end.
 */
function deliveryOrder(q: SortRequest<DeliverySortKey>): SeekColumn[] {
  const descending = Boolean(q.sort) && q.order === 'desc';
  const id: SeekColumn = { expression: sql`${deliveries.id}`, descending, accepts: seekAccepts.id };
  if (!q.sort) return [id];
  const column = {
    recipient: deliveries.recipientName,
    status: deliveries.status,
    sent_at: deliveries.sentAt,
  }[q.sort];
  const accepts = q.sort === 'sent_at' ? () => false : seekAccepts.text;
  return [{ expression: sql`${column}`, descending, accepts }, id];
}

/** A row's values in the list's order, for the keys of the pages beside it (none by sent time). */
function keyValuesOf(
  q: SortRequest<DeliverySortKey>,
  row: { id: number; status: string; recipientName: string },
): (string | number)[] | null {
  if (q.sort === 'sent_at') return null;
  if (q.sort === 'status') return [row.status, row.id];
  if (q.sort === 'recipient') return [row.recipientName, row.id];
  return [row.id];
}

/** A delivery as the page statement reads it (JSON from PostgreSQL, timestamps as text). */
type DeliveryRow = {
  id: number;
  user_id: number | null;
  recipient_name: string;
  address: string;
  status: string;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  created_at: string;
  updated_at: string;
};

type PageRow = { version: string; total: number; rows: DeliveryRow[] };

/**
 * The statement of one page of a send's deliveries, read as `plan` says (db/page.ts): the ids
 * from the index of its order within the send, with the total (the send's trigger-kept counts,
 * by status when filtered) and the version (their `changes`) read in the same statement, so a
 * seek from a key written before any change finds nothing and the page is read again; then
 * the page's rows, in the list's order. Prepared once per order, filter and kind of read and
 * run with the generic plan: building and planning it per request cost several times running it.
 */
function deliveryPageQuery(
  prepared: Db,
  q: Pick<DeliveriesQuery, 'sort' | 'order' | 'status'>,
  kind: PagePlan['kind'],
  backwards: boolean,
) {
  const order = deliveryOrder(q);
  const sendId = sql.placeholder('sendId');
  const status = q.status ? sql` and ${deliveries.status} = ${sql.placeholder('status')}` : sql``;
  const seek =
    kind === 'seek'
      ? sql` and v.version = ${sql.placeholder('version')} and ${seekCondition(
          order,
          order.map((_, i) => sql.placeholder(`k${i}`)),
          backwards,
        )}`
      : sql``;
  const byStatus = q.status ? sql`c.status = ${sql.placeholder('status')}` : sql`true`;
  return prepared
    .select({
      version: sql<string>`v.version`,
      total: sql<number>`v.total`,
      rows: sql<
        DeliveryRow[]
      >`(select coalesce(json_agg(r order by array_position(page.ids, r.id) ${sql.raw(backwards ? 'desc' : 'asc')}), '[]')
        from (select d.id, d.user_id, d.recipient_name, d.address, d.status, d.attempts, d.last_error,
                d.provider_message_id, d.next_attempt_at, d.sent_at, d.delivered_at, d.read_at,
                d.created_at, d.updated_at
              from ${deliveries} d where d.id = any(page.ids)) r)`,
    })
    .from(
      sql`(select coalesce(sum(c.changes), 0)::text as version,
          coalesce(sum(c.count) filter (where ${byStatus}), 0)::int as total
        from ${sendDeliveryCounts} c where c.send_id = ${sendId}) v,
      lateral (select array(
          select ${deliveries.id} from ${deliveries}
          where ${deliveries.sendId} = ${sendId}${status}${seek}
          order by ${seekOrder(order, backwards)}
          limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}) as ids
        -- OFFSET 0 keeps the page a subquery of its own, or each use of ids reads them again.
        offset 0) page`,
    );
}

function deliveryPageValues(sendId: number, q: DeliveriesQuery, plan: PagePlan) {
  return { sendId, status: q.status, ...planValues(plan) };
}

/** The page statement for `plan` and its values, for the tests that explain each plan. */
export function deliveryPageStatement(db: Db, sendId: number, q: DeliveriesQuery, plan: PagePlan) {
  return {
    query: deliveryPageQuery(db, q, plan.kind, plan.backwards),
    values: deliveryPageValues(sendId, q, plan),
  };
}

async function readPage(db: Db, sendId: number, q: DeliveriesQuery, plan: PagePlan) {
  const name = [
    'deliveries_page',
    q.sort ? `${q.sort}_${q.order ?? 'asc'}` : '',
    q.status ? 'status' : '',
    plan.kind,
    plan.backwards ? 'back' : '',
  ]
    .filter(Boolean)
    .join('_');
  const statement = preparedOnce(db, name, (prepared) =>
    deliveryPageQuery(prepared, q, plan.kind, plan.backwards).prepare(name),
  );
  const [row] = await statement.execute(deliveryPageValues(sendId, q, plan));
  return row as PageRow;
}

/**
 * A page of a send's deliveries (decisions 062 and 068): from a neighbour's key when the client
 * has one that still fits, else by offset near the start and from the far end past the middle;
 * only the page's rows are read, in the statement that finds them. The total is exact: the
 * send's trigger-kept counts. `total`, where the caller has it (the send's own tally,
 * unfiltered), saves asking for it first.
 */
export async function listDeliveries(db: Db, sendId: number, q: DeliveriesQuery, total?: number) {
  const order = deliveryOrder(q);
  const query = queryFingerprint(q);
  const { page } = await readPlannedPage(
    q,
    query,
    order,
    (at) => readPage(db, sendId, q, at),
    total,
  );
  const rows = page.rows;
  const keyOf = (r: DeliveryRow | undefined) =>
    r ? keyValuesOf(q, { id: r.id, status: r.status, recipientName: r.recipient_name }) : null;
  return {
    rows: rows.map((r) => ({
      id: r.id,
      user_id: r.user_id,
      recipient: recipientOf({ userId: r.user_id, recipientName: r.recipient_name }),
      address: r.address,
      status: r.status as DeliveryStatus,
      attempts: r.attempts,
      last_error: r.last_error,
      provider_message_id: r.provider_message_id,
      next_attempt_at: r.status === 'queued' ? iso(r.next_attempt_at) : null,
      sent_at: iso(r.sent_at),
      delivered_at: iso(r.delivered_at),
      read_at: iso(r.read_at),
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    })),
    total: page.total,
    // The rows were read with the ids and the version, so a key's values are of that version.
    // By sent time, none.
    keys: neighbourKeys(q, query, page.version, {
      total: page.total,
      first: keyOf(rows[0]),
      last: keyOf(rows[rows.length - 1]),
    }),
  };
}

/**
 * Every delivery of a send the list's filters match, in the list's order (oldest first), in
 * keyset batches (the CSV export): a send to a million recipients streams a batch at a time,
 * each found through the send's (send_id, status, id) index.
 */
export function exportDeliveries(
  db: Db,
  sendId: number,
  q: { status?: string } & SortRequest<DeliverySortKey>,
) {
  const keyset = keysetOf(
    q,
    { recipient: deliveries.recipientName, status: deliveries.status, sent_at: deliveries.sentAt },
    deliveries.id,
    'asc',
  );
  const filters: SQL[] = [eq(deliveries.sendId, sendId)];
  if (q.status) filters.push(eq(deliveries.status, q.status));
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({
        id: deliveries.id,
        userId: deliveries.userId,
        recipientName: deliveries.recipientName,
        address: deliveries.address,
        status: deliveries.status,
        attempts: deliveries.attempts,
        last_error: deliveries.lastError,
        provider_message_id: deliveries.providerMessageId,
        sent_at: deliveries.sentAt,
        updated_at: deliveries.updatedAt,
        ...keyColumns(keyset),
      })
      .from(deliveries)
      .where(and(...filters, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map(({ userId, recipientName, ...row }) => ({
      ...row,
      recipient: recipientOf({ userId, recipientName }),
    }));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Cancels a scheduled or running send. Its row is locked for update, which the worker's claim
 * respects (it share-locks the send of every delivery it takes and skips a locked one), so the
 * cancel and a claim are decided one after the other: queued deliveries (and any whose worker's
 * lease ran out) become cancelled in one statement, or, when the worker already holds every
 * delivery left, the cancel is refused as already sent and they all go out. The answer waits
 * until deliveries already handed to a transport have finished, so once it is given, no
 * further message goes out.
 */
export async function cancelSend(db: Db, id: number, waitLimitMs: number, audit: AuditWriter) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: sends.status })
      .from(sends)
      .where(eq(sends.id, id))
      .for('update');
    if (!row) throw notFound(NOTIFICATION_MESSAGES.sendNotFound);
    if (row.status !== 'scheduled' && row.status !== 'running')
      throw conflict(NOTIFICATION_MESSAGES.notCancellable);
    const stopped = await tx
      .update(deliveries)
      .set({
        status: 'cancelled',
        lastError: DELIVERY_REASONS.cancelled,
        leaseUntil: null,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(deliveries.sendId, id),
          sql`(${deliveries.status} = 'queued' or (${deliveries.status} = 'sending' and ${deliveries.leaseUntil} < now()))`,
        ),
      )
      .returning({ id: deliveries.id });
    if (stopped.length === 0) {
      const [claimed] = await tx
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(
          and(
            eq(deliveries.sendId, id),
            inArray(deliveries.status, ['sending', 'sent', 'delivered', 'read', 'failed']),
          ),
        )
        .limit(1);
      // Nothing was left to stop: what had to go has gone or is going.
      if (claimed) throw conflict(NOTIFICATION_MESSAGES.alreadySent);
    }
    await audit(tx, {
      entityId: id,
      action: 'cancel',
      before: { status: row.status },
      after: { status: 'cancelled' },
    });
    await tx
      .update(sends)
      .set({ status: 'cancelled', cancelledAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(sends.id, id));
  });
  // In-flight ones end within their lease; a dead worker's rows are cancelled once it expires.
  const deadline = Date.now() + waitLimitMs;
  for (;;) {
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from notification_deliveries
          where send_id = ${id} and status = 'sending'`,
    );
    if (!left || left.n === 0 || Date.now() > deadline) break;
    await db
      .update(deliveries)
      .set({ status: 'cancelled', lastError: DELIVERY_REASONS.cancelled, leaseUntil: null })
      .where(
        and(
          eq(deliveries.sendId, id),
          eq(deliveries.status, 'sending'),
          sql`${deliveries.leaseUntil} < now()`,
        ),
      );
    await sleep(20);
  }
  return getSend(db, id);
}

/** Queues a send's failed deliveries again, with a fresh retry budget. */
export async function retryFailed(db: Db, id: number, audit: AuditWriter) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: sends.status })
      .from(sends)
      .where(eq(sends.id, id))
      .for('update');
    if (!row) throw notFound(NOTIFICATION_MESSAGES.sendNotFound);
    if (row.status === 'cancelled') throw conflict(NOTIFICATION_MESSAGES.notRetryable);
    const requeued = await tx
      .update(deliveries)
      .set({
        status: 'queued',
        attempts: 0,
        nextAttemptAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(deliveries.sendId, id), eq(deliveries.status, 'failed')))
      .returning({ id: deliveries.id });
    if (requeued.length === 0) throw conflict(NOTIFICATION_MESSAGES.nothingToRetry);
    await audit(tx, {
      entityId: id,
      action: 'retry_failed',
      before: { status: row.status, failed: requeued.length },
      after: { status: 'running', failed: 0 },
    });
    await tx
      .update(sends)
      .set({ status: 'running', finishedAt: null })
      .where(
        and(
          eq(sends.id, id),
          inArray(sends.status, ['sent', 'completed_with_failures', 'failed', 'running']),
        ),
      );
    return requeued.length;
  });
}
