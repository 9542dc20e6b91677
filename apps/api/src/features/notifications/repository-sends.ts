import { desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_RECIPIENT_STATUS,
  DELIVERY_REASONS,
  NOTIFICATION_MESSAGES,
  type DeliveryStatus,
  type SendChannel,
  type SendCounts,
  type SendStatus,
  type SendNotificationValues,
} from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import { selectListPage, withCount } from '../../db/page';
import { notificationSends as sends, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import { quietRelease, recipientZone } from '../../lib/quiet-hours';
import { suppressedReason } from '../../lib/suppression';
import type { AuditWriter } from '../../plugins/audit';
import { finishSends } from './outcome';
import { OPTED_OUT_OF_WHATSAPP, templatePaused } from './whatsapp-sql';

/** Sends: recording one with its deliveries (enqueue), and reading sends with their counts. */

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The address a channel sends to; push goes to the user id, the push provider knows the devices;
 * WhatsApp to the number in international form (whatsapp_number(), migration 0025).
 */
function addressOf(channel: SendChannel): SQL {
  if (channel === 'email') return sql`nullif(trim(u.email), '')`;
  if (channel === 'sms') return sql`nullif(trim(u.phone_number), '')`;
  if (channel === 'whatsapp') return sql`whatsapp_number(u.phone_number)`;
  return sql`'user:' || u.id`;
}

/** Why a recipient without an address is skipped. */
function noAddressReason(channel: SendChannel): SQL {
  const none = DELIVERY_REASONS.noAddress(channel);
  if (channel !== 'whatsapp') return sql`${none}`;
  return sql`case when nullif(trim(u.phone_number), '') is null then ${none}
    else ${DELIVERY_REASONS.notInternational} end`;
}

/** What a send sends: a notification template's text, or a WhatsApp template by Meta's name. */
export interface SendContent {
  channel: SendChannel;
  templateId: number | null;
  waTemplateId?: number;
  /** The template's messaging topic; null for an account message (issue 32). */
  topicId: number | null;
  templateName: string;
  subject: string | null;
  message: string;
  waLanguage?: string;
  waComponents?: unknown[];
  /** Recorded in the audit trail with the send: a WhatsApp send's variable mapping. */
  variables?: Record<string, string>;
}

type Audience = Pick<
  SendNotificationValues,
  'recipient_type' | 'recipient_ids' | 'scheduled_at' | 'respect_quiet_hours'
>;

/**
 * Records the send and one delivery per recipient in one transaction. The deliveries are
 * written by one INSERT … SELECT over users, so 'all' over a million users never passes
 * through Node row by row. `now` is the app's clock: an unscheduled send is due then.
 */
export async function createSend(
  db: Db,
  v: Audience,
  content: SendContent,
  userId: number,
  audit: AuditWriter,
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const status: SendStatus = v.scheduled_at ? 'scheduled' : 'running';
    const [send] = await tx
      .insert(sends)
      .values({
        templateId: content.templateId,
        waTemplateId: content.waTemplateId,
        topicId: content.topicId,
        respectQuietHours: v.respect_quiet_hours,
        templateName: content.templateName,
        channel: content.channel,
        recipientType: v.recipient_type,
        subject: content.subject,
        message: content.message,
        waLanguage: content.waLanguage,
        waComponents: content.waComponents,
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
    const address = addressOf(content.channel);
    // Decided once here (opted out, suppressed), and checked again by the worker before it
    // sends (decision 045).
    const optedOut = content.channel === 'whatsapp' ? OPTED_OUT_OF_WHATSAPP : sql`false`;
    const due = sql`${v.scheduled_at ?? now.toISOString()}::timestamptz`;
    // Held until the recipient's quiet hours end; an account message is never held.
    const release =
      v.respect_quiet_hours && content.topicId !== null
        ? quietRelease(recipientZone(sql`u.time_zone`), due)
        : due;
    const inserted = await queryRows<{ n: number }>(
      tx,
      sql`with added as (
        insert into notification_deliveries
          (send_id, user_id, recipient_name, address, status, last_error, next_attempt_at,
           held_until)
        select ${sendId}, u.id,
          left(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), 101),
          a.address,
          case when a.address is null or ${optedOut} or a.suppressed is not null
            then 'skipped' else 'queued' end,
          case when a.address is null then ${noAddressReason(content.channel)}
            when ${optedOut} then ${DELIVERY_REASONS.optedOut} else a.suppressed end,
          a.release, nullif(a.release, ${due})
        from users u
        cross join lateral (
          select x.address, ${suppressedReason(sql`${content.channel}::text`, sql`x.address`)} as suppressed,
            ${release} as release
          from (select ${address} as address) x
        ) a
        where ${who}
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
        ...(content.waTemplateId === undefined
          ? { template_id: content.templateId }
          : { wa_template_id: content.waTemplateId }),
        template_name: content.templateName,
        channel: content.channel,
        recipient_type: v.recipient_type,
        recipients: n,
        subject: content.subject,
        message: content.message,
        ...(content.variables ? { variables: content.variables } : {}),
        scheduled_at: v.scheduled_at,
        respect_quiet_hours: v.respect_quiet_hours,
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
  paused: boolean;
  deliveryTally: DeliveryTally | null;
  quietHeld: [n: number, until: string | null];
};

/** A send's deliveries by outcome, from the per-status tally its row carries. */
function countsOf(tally: DeliveryTally | null): SendCounts {
  const c: SendCounts = {
    total: 0,
    queued: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    failed: 0,
    skipped: 0,
    cancelled: 0,
  };
  for (const [status, n] of tally ?? []) {
    c.total += n;
    // In flight counts as queued: it has not reached an outcome yet. Delivered and read went
    // out too: each is counted in the steps it has passed.
    if (status === 'sending' || status === 'queued') c.queued += n;
    else if (status === 'sent' || status === 'delivered' || status === 'read') {
      c.sent += n;
      if (status !== 'sent') c.delivered += n;
      if (status === 'read') c.read += n;
    } else c[status] += n;
  }
  return c;
}

function toSend(row: SendRow) {
  const counts = countsOf(row.deliveryTally);
  return {
    id: row.id,
    template_id: row.templateId,
    template_name: row.templateName,
    channel: row.channel as SendChannel,
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
    held_reason: row.paused && counts.queued > 0 ? DELIVERY_REASONS.templatePaused : null,
    respect_quiet_hours: row.respectQuietHours,
    quiet_held: row.quietHeld[0],
    quiet_held_until: iso(row.quietHeld[1]),
  };
}

const sendColumns = {
  ...getTableColumns(sends),
  createdByName: sql<
    string | null
  >`nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '')`,
  paused: sql<boolean>`${templatePaused(sql`${sends.waTemplateId}`)}`,
  // In the same statement as the send: one round trip, and counts of the same moment.
  deliveryTally: sql<DeliveryTally | null>`(select json_agg(json_build_array(t.status, t.n))
    from (select d.status, count(*)::int as n from notification_deliveries d
          where d.send_id = ${sends.id} group by d.status) t)`,
  // Queued deliveries quiet hours still hold: a retry's backoff moves next_attempt_at away
  // from held_until, and a claim takes them out of 'queued'.
  quietHeld: sql<[number, string | null]>`(select json_build_array(count(*)::int, max(d.held_until))
    from notification_deliveries d
    where d.send_id = ${sends.id} and d.status = 'queued' and d.held_until = d.next_attempt_at)`,
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
