import { and, asc, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_RECIPIENT_STATUS,
  DELIVERY_REASONS,
  NOTIFICATION_MESSAGES,
  type DeliveryStatus,
  type NotificationTemplateValues,
  type NotificationType,
  type SendCounts,
  type SendStatus,
  type SendNotificationValues,
} from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import { selectPage, withTotal } from '../../db/page';
import { byPersonName, personDetails, userNameOrPhone } from '../../db/search';
import {
  notificationDeliveries as deliveries,
  notificationSends as sends,
  notificationTemplates as templates,
  users,
} from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { likePattern } from '../../lib/like-pattern';
import type { AuditWriter } from '../../plugins/audit';
import { finishSends } from './outcome';

type TemplateRow = typeof templates.$inferSelect;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toTemplate(row: TemplateRow) {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    message: row.message,
    type: row.type as NotificationType,
    status: row.status as NotificationTemplateValues['status'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(
  db: Db,
  q: {
    page: number;
    limit: number;
    name?: string;
    subject?: string;
    type?: string;
    status?: string;
  },
) {
  const filters: SQL[] = [];
  if (q.name) filters.push(sql`lower(${templates.name}) like ${likePattern(q.name)}`);
  if (q.subject)
    filters.push(sql`lower(coalesce(${templates.subject}, '')) like ${likePattern(q.subject)}`);
  if (q.type) filters.push(eq(templates.type, q.type));
  if (q.status) filters.push(eq(templates.status, q.status));
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal(getTableColumns(templates)))
        .from(templates)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(desc(templates.id))
        .$dynamic(),
    q,
  );
  return { rows: rows.map(toTemplate), total };
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
    const [row] = await tx
      .insert(templates)
      .values({ ...v, createdBy: userId })
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
    const [row] = await tx
      .update(templates)
      .set({ ...v, updatedAt: sql`now()` })
      .where(eq(templates.id, id))
      .returning();
    const after = toTemplate(row!);
    await audit(tx, { entityId: id, action: 'update', before, after });
    return after;
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

/** Who receives a send of this recipient type, as SQL over `users`. */
function audience(type: 'all' | 'active'): SQL | undefined {
  return type === 'active' ? eq(users.status, ACTIVE_RECIPIENT_STATUS) : undefined;
}

export async function listRecipients(
  db: Db,
  q: { page: number; limit: number; search?: string; recipient_type?: 'all' | 'active' },
) {
  const filters: SQL[] = [];
  const inAudience = audience(q.recipient_type ?? 'all');
  if (inAudience) filters.push(inAudience);
  if (q.search) {
    filters.push(
      sql`(${userNameOrPhone(q.search)} or lower(${users.email}) like ${likePattern(q.search)})`,
    );
  }
  const { rows, total } = await selectPage(
    () =>
      db
        .select(
          withTotal({
            id: users.id,
            firstName: users.firstName,
            lastName: users.lastName,
            phoneNumber: users.phoneNumber,
            email: users.email,
          }),
        )
        .from(users)
        .where(filters.length ? and(...filters) : undefined)
        .orderBy(...byPersonName)
        .$dynamic(),
    q,
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      details: personDetails(r),
      phone_number: r.phoneNumber,
      email: r.email,
    })),
    total,
  };
}

/** The address a channel sends to; push goes to the user id, the push provider knows the devices. */
function addressOf(channel: NotificationType): SQL {
  if (channel === 'email') return sql`nullif(trim(u.email), '')`;
  if (channel === 'sms') return sql`nullif(trim(u.phone_number), '')`;
  return sql`'user:' || u.id`;
}

/**
 * Records the send and one delivery per recipient in one transaction. The deliveries are
 * written by one INSERT … SELECT over users, so 'all' over a million users never passes
 * through Node row by row.
 */
export async function createSend(
  db: Db,
  v: SendNotificationValues,
  template: { id: number; name: string; type: NotificationType },
  userId: number,
  audit: AuditWriter,
) {
  return db.transaction(async (tx) => {
    const status: SendStatus = v.scheduled_at ? 'scheduled' : 'running';
    const [send] = await tx
      .insert(sends)
      .values({
        templateId: template.id,
        templateName: template.name,
        channel: template.type,
        recipientType: v.recipient_type,
        subject: v.subject,
        message: v.message,
        status,
        scheduledAt: v.scheduled_at ? new Date(v.scheduled_at) : null,
        startedAt: v.scheduled_at ? null : sql`now()`,
        createdBy: userId,
      })
      .returning({ id: sends.id });
    const sendId = send!.id;
    const who =
      v.recipient_type === 'specific'
        ? sql`u.id = any(${sql.param(v.recipient_ids)}::int[])`
        : v.recipient_type === 'active'
          ? sql`u.status = ${ACTIVE_RECIPIENT_STATUS}`
          : sql`true`;
    const address = addressOf(template.type);
    const due = v.scheduled_at ? sql`${v.scheduled_at}::timestamptz` : sql`now()`;
    const inserted = await queryRows<{ n: number }>(
      tx,
      sql`with added as (
        insert into notification_deliveries
          (send_id, user_id, recipient_name, address, status, last_error, next_attempt_at)
        select ${sendId}, u.id,
          left(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), 101),
          ${address},
          case when ${address} is null then 'skipped' else 'queued' end,
          case when ${address} is null then ${DELIVERY_REASONS.noAddress(template.type)} end,
          ${due}
        from users u where ${who}
        on conflict (send_id, user_id) do nothing
        returning 1
      ) select count(*)::int as n from added`,
    );
    const n = inserted[0]?.n ?? 0;
    if (v.recipient_type === 'specific' && n !== v.recipient_ids.length) {
      throw badRequest(NOTIFICATION_MESSAGES.recipientsUnknown, {
        recipient_ids: [NOTIFICATION_MESSAGES.recipientsUnknown],
      });
    }
    if (n === 0) throw badRequest(NOTIFICATION_MESSAGES.noRecipients);
    await audit(tx, {
      entityId: sendId,
      action: 'send',
      after: {
        template_id: template.id,
        template_name: template.name,
        channel: template.type,
        recipient_type: v.recipient_type,
        recipients: n,
        subject: v.subject,
        message: v.message,
        scheduled_at: v.scheduled_at,
      },
    });
    // Everyone may have been skipped already (no address): the send is then over at once.
    if (!v.scheduled_at) await finishSends(tx, [sendId]);
    return sendId;
  });
}

type SendRow = typeof sends.$inferSelect & { createdByName: string | null };

async function countsOf(db: Db, ids: number[]) {
  const counts = new Map<number, SendCounts>();
  if (ids.length === 0) return counts;
  const rows = await queryRows<{ send_id: number; status: DeliveryStatus; n: number }>(
    db,
    sql`select send_id, status, count(*)::int as n from notification_deliveries
        where send_id = any(${sql.param(ids)}::int[]) group by send_id, status`,
  );
  for (const id of ids)
    counts.set(id, { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0, cancelled: 0 });
  for (const r of rows) {
    const c = counts.get(r.send_id)!;
    c.total += r.n;
    // In flight counts as queued: it has not reached an outcome yet.
    if (r.status === 'sending' || r.status === 'queued') c.queued += r.n;
    else c[r.status] += r.n;
  }
  return counts;
}

function toSend(row: SendRow, counts: SendCounts) {
  return {
    id: row.id,
    template_id: row.templateId,
    template_name: row.templateName,
    channel: row.channel as NotificationType,
    recipient_type: row.recipientType as SendNotificationValues['recipient_type'],
    subject: row.subject,
    message: row.message,
    status: row.status as SendStatus,
    scheduled_at: iso(row.scheduledAt),
    created_at: row.createdAt.toISOString(),
    started_at: iso(row.startedAt),
    finished_at: iso(row.finishedAt),
    cancelled_at: iso(row.cancelledAt),
    created_by: row.createdByName,
    counts,
  };
}

const sendColumns = {
  ...getTableColumns(sends),
  createdByName: sql<
    string | null
  >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
};

export async function listSends(db: Db, q: { page: number; limit: number; status?: string }) {
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal(sendColumns))
        .from(sends)
        .leftJoin(users, eq(users.id, sends.createdBy))
        .where(q.status ? eq(sends.status, q.status) : undefined)
        .orderBy(desc(sends.id))
        .$dynamic(),
    q,
  );
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toSend(r, counts.get(r.id)!)), total };
}

export async function getSend(db: Db, id: number) {
  const [row] = await db
    .select(sendColumns)
    .from(sends)
    .leftJoin(users, eq(users.id, sends.createdBy))
    .where(eq(sends.id, id));
  if (!row) throw notFound(NOTIFICATION_MESSAGES.sendNotFound);
  return toSend(row, (await countsOf(db, [id])).get(id)!);
}

export async function listDeliveries(
  db: Db,
  sendId: number,
  q: { page: number; limit: number; status?: string },
) {
  const filters = [eq(deliveries.sendId, sendId)];
  if (q.status) filters.push(eq(deliveries.status, q.status));
  const { rows, total } = await selectPage(
    () =>
      db
        .select(withTotal(getTableColumns(deliveries)))
        .from(deliveries)
        .where(and(...filters))
        .orderBy(asc(deliveries.id))
        .$dynamic(),
    q,
  );
  return {
    rows: rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      recipient: r.recipientName || (r.userId ? `User ${r.userId}` : 'Deleted user'),
      address: r.address,
      status: r.status as DeliveryStatus,
      attempts: r.attempts,
      last_error: r.lastError,
      provider_message_id: r.providerMessageId,
      next_attempt_at: r.status === 'queued' ? iso(r.nextAttemptAt) : null,
      sent_at: iso(r.sentAt),
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
    })),
    total,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Cancels a scheduled or running send. Queued deliveries (and any whose worker's lease ran
 * out) become cancelled in one statement; the answer waits until deliveries already handed
 * to a transport have finished, so once it is given, no further message goes out.
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
    await tx
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
      );
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
