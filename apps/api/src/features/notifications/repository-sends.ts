import { desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_RECIPIENT_STATUS,
  DELIVERY_REASONS,
  NOTIFICATION_MESSAGES,
  type DeliveryStatus,
  type NotificationType,
  type SendCounts,
  type SendStatus,
  type SendNotificationValues,
} from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import { selectListPage, withCount } from '../../db/page';
import { notificationSends as sends, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import type { AuditWriter } from '../../plugins/audit';
import { finishSends } from './outcome';

/** Sends: recording one with its deliveries (enqueue), and reading sends with their counts. */

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

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
    // Read on the transaction's connection: the answer costs no second wait for the pool.
    return getSend(tx, sendId);
  });
}

type DeliveryTally = [status: DeliveryStatus, n: number][];

type SendRow = typeof sends.$inferSelect & {
  createdByName: string | null;
  deliveryTally: DeliveryTally | null;
};

/** A send's deliveries by outcome, from the per-status tally its row carries. */
function countsOf(tally: DeliveryTally | null): SendCounts {
  const c: SendCounts = { total: 0, queued: 0, sent: 0, failed: 0, skipped: 0, cancelled: 0 };
  for (const [status, n] of tally ?? []) {
    c.total += n;
    // In flight counts as queued: it has not reached an outcome yet.
    if (status === 'sending' || status === 'queued') c.queued += n;
    else c[status] += n;
  }
  return c;
}

function toSend(row: SendRow) {
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
    counts: countsOf(row.deliveryTally),
  };
}

const sendColumns = {
  ...getTableColumns(sends),
  createdByName: sql<
    string | null
  >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
  // In the same statement as the send: one round trip, and counts of the same moment.
  deliveryTally: sql<DeliveryTally | null>`(select json_agg(json_build_array(t.status, t.n))
    from (select d.status, count(*)::int as n from notification_deliveries d
          where d.send_id = ${sends.id} group by d.status) t)`,
};

export async function listSends(db: Db, q: { page: number; limit: number; status?: string }) {
  const where = q.status ? eq(sends.status, q.status) : undefined;
  const query = (on: Db) =>
    on
      .select(withCount(sendColumns, sends, where))
      .from(sends)
      .leftJoin(users, eq(users.id, sends.createdBy))
      .where(where)
      .orderBy(desc(sends.id))
      .$dynamic();
  const { rows, total } = await selectListPage(db, 'sends_page', query, where !== undefined, q);
  return { rows: rows.map(toSend), total };
}

export async function getSend(db: Db, id: number) {
  const [row] = await db
    .select(sendColumns)
    .from(sends)
    .leftJoin(users, eq(users.id, sends.createdBy))
    .where(eq(sends.id, id));
  if (!row) throw notFound(NOTIFICATION_MESSAGES.sendNotFound);
  return toSend(row);
}
