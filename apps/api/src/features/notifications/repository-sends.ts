import { and, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import {
  type AudienceMatch,
  type AudienceRule,
  DELIVERY_REASONS,
  NOTIFICATION_MESSAGES,
  type DeliveryStatus,
  type SendChannel,
  type SendCounts,
  type SendStatus,
  type SendNotificationValues,
  type SendPreview,
} from '@cricket/contracts';
import { isTransaction, preparedOnce, queryRows, type Db } from '../../db/client';
import { keyColumns, keysetBatches, keysetOf } from '../../db/export';
import { selectListPage, sortedBy, withCount, type SortRequest } from '../../db/page';
import { notificationSends as sends, users } from '../../db/schema';
import { reference } from '../../lib/audit';
import { audienceWhere } from '../../lib/audience-sql';
import { badRequest, notFound } from '../../lib/http-errors';
import { suppressedKind } from '../../lib/suppression';
import type { AuditWriter } from '../../plugins/audit';
import { finishSends } from './outcome';
import { recipientsOf } from './repository-recipients';
import { releaseAt, skipReason } from './decision-sql';
import { templatePaused } from './whatsapp-sql';

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
  /** An availability ask's fixture: the worker adds each person's answer links. */
  matchId?: number;
}

type Audience = Pick<
  SendNotificationValues,
  'recipient_type' | 'recipient_ids' | 'scheduled_at' | 'respect_quiet_hours'
> & { audience_id?: number | null };

/**
 * Each recipient of a send with the decision about them (decision-sql.ts): `user_id`,
 * `recipient_name`, `address`, `reason` (null: it goes), `release_at` and `due`. One set-based
 * SELECT over users, so 'all' over a million users never passes through Node row by row; the
 * enqueue inserts it and the dry run counts it.
 */
function decided(
  who: SQL,
  v: Pick<Audience, 'scheduled_at' | 'respect_quiet_hours'>,
  content: Pick<SendContent, 'channel' | 'topicId'>,
  now: Date,
): SQL {
  const decision = {
    channel: sql`${content.channel}::text`,
    topic: sql`${content.topicId}::int`,
    address: sql`a.address`,
    noAddress: noAddressReason(content.channel),
  };
  // The app's clock, not the database's: the worker claims by it too, and tests fix it.
  const due = sql`${v.scheduled_at ?? now.toISOString()}::timestamptz`;
  // An account message is never held for quiet hours.
  const quietHours = v.respect_quiet_hours !== false && content.topicId !== null;
  return sql`select u.id as user_id,
      left(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), 101) as recipient_name,
      a.address, ${skipReason(decision)} as reason, ${releaseAt({ due, quietHours })} as release_at,
      ${due} as due
    from users u
    cross join lateral (select ${addressOf(content.channel)} as address) a
    -- An erased person is nobody's recipient any more (decision 055).
    where ${who} and u.erased_at is null
    -- A fence: without it the planner copies the decision into each place that reads it
    -- (the status, the reason, a group key), probing every user's consent several times.
    offset 0`;
}

/** The audience must be what was asked for: every picked user still there, and someone. */
function assertAudience(v: Audience, n: number) {
  if (v.recipient_type === 'specific' && n !== v.recipient_ids.length) {
    throw badRequest(NOTIFICATION_MESSAGES.recipientsUnknown, {
      recipient_ids: [NOTIFICATION_MESSAGES.recipientsUnknown],
    });
  }
  if (n === 0) throw badRequest(NOTIFICATION_MESSAGES.noRecipients);
}

/**
 * The dry run: what createSend would decide for the same audience and content now, counted
 * and grouped, recording nothing. Suppressed reasons are grouped by their kind (the list's
 * reason without its SMTP code and date), so the list stays as short as the kinds are few.
 * `perSecond` is the channel's rate, for the estimate.
 */
export async function previewSend(
  db: Db,
  v: Audience,
  content: Pick<SendContent, 'channel' | 'topicId'>,
  perSecond: number,
  now: Date,
): Promise<SendPreview> {
  const { who } = await recipientsOf(db, v);
  const rows = await queryRows<{
    reason: string | null;
    n: number;
    held: number;
    held_until: string | null;
  }>(
    db,
    sql`select ${suppressedKind(sql`d.reason`)} as reason, count(*)::int as n,
        count(*) filter (where d.reason is null and d.release_at > d.due)::int as held,
        max(d.release_at) filter (where d.reason is null and d.release_at > d.due) as held_until
      from (${decided(who, v, content, now)}) d
      group by 1
      order by 2 desc, 1`,
  );
  assertAudience(
    v,
    rows.reduce((total, r) => total + r.n, 0),
  );
  const going = rows.find((r) => r.reason === null);
  const willReceive = going?.n ?? 0;
  return {
    will_receive: willReceive,
    skipped: rows.flatMap((r) => (r.reason === null ? [] : [{ reason: r.reason, count: r.n }])),
    held: going?.held ?? 0,
    held_until: iso(going?.held_until ?? null),
    estimated_seconds: Math.ceil(willReceive / perSecond),
  };
}

/**
 * Records the send and one delivery per recipient in one transaction. The deliveries are
 * written by one INSERT … SELECT over users, so 'all' over a million users never passes
 * through Node row by row. `now` is the app's clock: an unscheduled send is due then.
 */
export async function createSend(
  db: Db,
  v: Audience,
  content: SendContent,
  userId: number | null,
  audit: AuditWriter,
  now: Date = new Date(),
) {
  return db.transaction(async (tx) => {
    const status: SendStatus = v.scheduled_at ? 'scheduled' : 'running';
    const { who, saved } = await recipientsOf(tx, v);
    // A scheduled send to a saved audience decides its members when it goes (decideDueAudiences).
    const later = saved !== null && v.scheduled_at !== null;
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
        matchId: content.matchId,
        status,
        scheduledAt: v.scheduled_at ? new Date(v.scheduled_at) : null,
        startedAt: v.scheduled_at ? null : sql`now()`,
        createdBy: userId,
        audienceId: saved?.id,
        audienceName: saved?.name,
        audienceMatch: saved?.match,
        audienceRules: saved?.rules,
        membersDecidedAt: saved && !later ? sql`now()` : null,
      })
      .returning({ id: sends.id });
    const sendId = send!.id;
    const chosen = decided(who, v, content, now);
    // Someone must be in it now, even if who exactly is decided later.
    const n = later
      ? ((await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${chosen}) d`))[0]
          ?.n ?? 0)
      : await enqueue(tx, sendId, chosen);
    assertAudience(v, n);
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
        ...(saved ? { audience: reference(saved.id, saved.name) } : {}),
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

/** The channels a product send may take, in the order tried for each recipient (decision 078). */
export const PRODUCT_CHANNELS = ['email', 'sms'] as const satisfies readonly SendChannel[];

/**
 * Each recipient's channel for a product send: the first of `channels` (those with a
 * transport) on which they have an address, it is not suppressed and they have not said no to
 * the topic: the one decision of decision-sql.ts, asked per channel. Someone no channel
 * accepts gets the first, where the send records why they were skipped. Answers the ids per
 * channel, in the order given; an empty `channels` means email (the worker then records that
 * no transport is configured).
 */
export async function channelsFor(
  db: Db,
  userIds: number[],
  channels: readonly SendChannel[],
  topicId: number | null,
) {
  const tried = channels.length ? channels : (['email'] as const);
  const accepted = tried.map(
    (channel, i) =>
      sql`when ${skipReason({
        channel: sql`${channel}::text`,
        topic: sql`${topicId}::int`,
        address: addressOf(channel),
        noAddress: sql`'none'`,
      })} is null then ${i}`,
  );
  const rows = await queryRows<{ id: number; pick: number }>(
    db,
    sql`select u.id, case ${sql.join(accepted, sql` `)} else 0 end as pick
      from users u where u.id = any(${sql.param(userIds)}::int[])`,
  );
  const byChannel = new Map<SendChannel, number[]>();
  for (const channel of tried) byChannel.set(channel, []);
  for (const r of rows) byChannel.get(tried[r.pick]!)!.push(r.id);
  for (const [channel, ids] of byChannel) if (ids.length === 0) byChannel.delete(channel);
  return byChannel;
}

/** Writes one delivery per decided recipient (skipped ones with their reason); answers how many. */
async function enqueue(tx: Db, sendId: number, chosen: SQL) {
  const inserted = await queryRows<{ n: number }>(
    tx,
    sql`with added as (
      insert into notification_deliveries
        (send_id, user_id, recipient_name, address, status, last_error, next_attempt_at,
         held_until)
      select ${sendId}, d.user_id, d.recipient_name, d.address,
        case when d.reason is null then 'queued' else 'skipped' end, d.reason, d.release_at,
        case when d.reason is null then nullif(d.release_at, d.due) end
      from (${chosen}) d
      on conflict (send_id, user_id) do nothing
      returning 1
    ) select count(*)::int as n from added`,
  );
  return inserted[0]?.n ?? 0;
}

/**
 * Scheduled sends to a saved audience that are due: their members are decided now, by the
 * rules the send copied, so people who joined after it was scheduled are included and people
 * who left are not (issue 36). Each send is locked and skipped by other workers while decided;
 * it then runs like any send, or, when nobody is in the audience any more, ends 'failed'.
 * Answers how many sends were decided.
 */
export async function decideDueAudiences(db: Db, now: Date, limit = 10) {
  return db.transaction(async (tx) => {
    const due = await queryRows<{
      id: number;
      channel: SendChannel;
      topic_id: number | null;
      respect_quiet_hours: boolean;
      scheduled_at: string;
      audience_match: AudienceMatch;
      audience_rules: AudienceRule[];
    }>(
      tx,
      sql`select id, channel, topic_id, respect_quiet_hours, scheduled_at, audience_match,
          audience_rules
        from notification_sends
        where audience_rules is not null and members_decided_at is null and status = 'scheduled'
          and scheduled_at <= ${now.toISOString()}::timestamptz
        order by scheduled_at limit ${limit}
        for update skip locked`,
    );
    for (const s of due) {
      const who = audienceWhere({ match: s.audience_match, rules: s.audience_rules });
      const chosen = decided(
        who,
        {
          scheduled_at: new Date(s.scheduled_at).toISOString(),
          respect_quiet_hours: s.respect_quiet_hours,
        },
        { channel: s.channel, topicId: s.topic_id },
        now,
      );
      const n = await enqueue(tx, s.id, chosen);
      await tx.execute(sql`update notification_sends set members_decided_at = now(),
          status = case when ${n} = 0 then 'failed' else 'running' end,
          started_at = coalesce(started_at, now()),
          finished_at = case when ${n} = 0 then now() end
        where id = ${s.id}`);
    }
    await finishSends(
      tx,
      due.map((s) => s.id),
    );
    return due.length;
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
    audience_name: row.audienceName,
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
  // In the same statement as the send: one round trip, and counts of the same moment. The
  // trigger-kept counts (migration 0036), not a count of the deliveries: a send's page is
  // polled while it runs, and counting 100,000 deliveries took 35 ms a request.
  deliveryTally: sql<DeliveryTally | null>`(select json_agg(json_build_array(c.status, c.count))
    from send_delivery_counts c where c.send_id = ${sends.id} and c.count <> 0)`,
  // Queued deliveries quiet hours still hold: a retry's backoff moves next_attempt_at away
  // from held_until, and a claim takes them out of 'queued'.
  quietHeld: sql<[number, string | null]>`(select json_build_array(count(*)::int, max(d.held_until))
    from notification_deliveries d
    where d.send_id = ${sends.id} and d.status = 'queued' and d.held_until = d.next_attempt_at)`,
};

const sendSorts = {
  template: sql`lower(${sends.templateName})`,
  status: sends.status,
  created_at: sends.createdAt,
};

type SendFilters = { status?: string } & SortRequest<keyof typeof sendSorts>;

export async function listSends(db: Db, q: { page: number; limit: number } & SendFilters) {
  const where = q.status ? eq(sends.status, q.status) : undefined;
  const query = (on: Db) =>
    on
      .select(withCount(sendColumns, sends, where))
      .from(sends)
      .leftJoin(users, eq(users.id, sends.createdBy))
      .where(where)
      .orderBy(...sortedBy(q, sendSorts, sends.id, [desc(sends.id)]))
      .$dynamic();
  const { rows, total } = await selectListPage(db, 'sends_page', query, where !== undefined, q);
  return { rows: rows.map(toSend), total };
}

/** Every send the list's filters match, in its order, in batches (the CSV export), flat. */
export function exportSends(db: Db, q: SendFilters) {
  const keyset = keysetOf(q, sendSorts, sends.id, 'desc');
  const filter = q.status ? eq(sends.status, q.status) : undefined;
  return keysetBatches(keyset, async ({ where, orderBy, limit }) => {
    const rows = await db
      .select({ ...sendColumns, ...keyColumns(keyset) })
      .from(sends)
      .leftJoin(users, eq(users.id, sends.createdBy))
      .where(and(filter, where))
      .orderBy(...orderBy)
      .limit(limit);
    return rows.map((row) => {
      const send = toSend(row);
      return {
        ...send,
        total: send.counts.total,
        sent: send.counts.sent,
        failed: send.counts.failed,
        skipped: send.counts.skipped,
        keyValue: row.keyValue,
        keyId: row.keyId,
      };
    });
  });
}

const selectSend = (db: Db, id: unknown) =>
  db
    .select(sendColumns)
    .from(sends)
    .leftJoin(users, eq(users.id, sends.createdBy))
    .where(sql`${sends.id} = ${id}`);

/**
 * A send as the API answers it. Outside a transaction (its page, polled while it runs) by a
 * statement prepared once: planning it cost more than running it.
 */
export async function getSend(db: Db, id: number) {
  const [row] = isTransaction(db)
    ? await selectSend(db, id)
    : await preparedOnce(db, 'send_by_id', (prepared) =>
        selectSend(prepared, sql.placeholder('id')).prepare('send_by_id'),
      ).execute({ id });
  if (!row) throw notFound(NOTIFICATION_MESSAGES.sendNotFound);
  return toSend(row);
}
