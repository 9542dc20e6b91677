import { sql } from 'drizzle-orm';
import { DELIVERY_REASONS, renderTemplate, type SendChannel } from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import { classifyMailError, type MailDeliveryError } from '../../lib/mail';
import { captureFailure } from '../../lib/suppression';
import { skipReason } from './decision-sql';
import { finishSends, startSends } from './outcome';
import { decideDueAudiences } from './repository-sends';
import { TEMPLATE_PAUSED } from './whatsapp-sql';
import type { OutgoingMessage, Transports } from '../../lib/channel-transports';
import { sleepUnlessWoken } from '../../lib/sleep-unless-woken';

export interface WorkerSettings {
  /** Deliveries claimed per round. */
  batchSize: number;
  /** Messages of a batch handed to transports at the same time. */
  concurrency: number;
  /** How long a claim holds; after it, another worker may take the delivery over. */
  leaseMs: number;
  /** First retry delay of a transient failure; doubled on each further attempt. */
  retryBaseMs: number;
  /** Attempts before a transient failure becomes final. */
  maxAttempts: number;
  /** Idle wait between rounds when nothing was due. */
  pollMs: number;
}

export const DEFAULT_WORKER_SETTINGS: WorkerSettings = {
  batchSize: 100,
  concurrency: 8,
  leaseMs: 60_000,
  retryBaseMs: 2_000,
  maxAttempts: 5,
  pollMs: 1_000,
};

/** The longest a provider's "slow down" pauses this worker. */
const MAX_PAUSE_MS = 30_000;
/** How long a delivery waits after WhatsApp's pair rate limit (131056) before its next try. */
const PAIR_RATE_WAIT_MS = 6_000;

type Outcome =
  | { status: 'sent'; providerMessageId: string }
  | { status: 'failed' | 'skipped' | 'cancelled'; reason: string }
  | { status: 'queued'; reason: string | null; delayMs: number; refund: boolean };

interface Claimed {
  id: number;
  send_id: number;
  user_id: number | null;
  address: string | null;
  attempts: number;
  channel: SendChannel;
  subject: string | null;
  message: string;
  send_status: string;
  topic_id: number | null;
  template_name: string;
  wa_language: string | null;
  wa_components: unknown[] | null;
  /** The fixture an availability message is about: its text carries the person's links. */
  match_id: number | null;
  /**
   * Why it must not go after all, decided again now (decision-sql.ts): the address suppressed,
   * or the user opted out or unsubscribed after the send was queued (decisions 045, 053).
   */
  skip: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone_number: string | null;
}

export interface DeliveryWorker {
  /** The settings it runs with (the defaults, overridden by NOTIFY_*). */
  readonly settings: WorkerSettings;
  start(): void;
  /** Stops after the round in progress; resolves once it has ended. */
  stop(): Promise<void>;
  /** Ends the idle wait now (a send was just queued). */
  wake(): void;
  /**
   * One round: claim due deliveries, send them, record each outcome. `now` lets a test ask
   * what would be due at another time. Answers how many deliveries were claimed.
   */
  runOnce(now?: Date): Promise<number>;
}

/**
 * Meta's components with each parameter's `text` (a {{user field}} pattern or fixed text)
 * filled, and the first variable that came out empty (Meta refuses an empty parameter).
 */
function fillParameters(components: unknown[], values: Parameters<typeof renderTemplate>[1]) {
  let empty: string | null = null;
  const filled = components.map((c) => {
    const component = c as { parameters?: { text?: unknown; parameter_name?: unknown }[] };
    if (!Array.isArray(component.parameters)) return c;
    return {
      ...component,
      parameters: component.parameters.map((p) => {
        if (typeof p.text !== 'string') return p;
        const text = renderTemplate(p.text, values).trim();
        if (!text)
          empty ??=
            typeof p.parameter_name === 'string'
              ? p.parameter_name
              : p.text.replace(/^\{\{\s*|\s*\}\}$/g, '');
        return { ...p, text };
      }),
    };
  });
  return { filled, empty };
}

/**
 * The delivery worker: every API instance runs one. Deliveries are claimed with
 * `FOR UPDATE SKIP LOCKED` and marked 'sending' under a lease, so workers never take the same
 * row, and a worker that dies leaves its rows to be re-claimed once the lease runs out
 * (decision 023).
 */
export function createDeliveryWorker(options: {
  db: Db;
  transports: Transports;
  settings?: Partial<WorkerSettings>;
  log?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  /** The variables of one person's availability links for a fixture (issue 36). */
  availabilityLinks?: (target: { matchId: number; userId: number }) => Record<string, string>;
}): DeliveryWorker {
  const s = { ...DEFAULT_WORKER_SETTINGS, ...options.settings };
  const { db, transports } = options;
  const wakers = new Set<() => void>();
  /** Woken only by stop(): a provider's pause is not cut short by new work. */
  const stoppers = new Set<() => void>();
  let running = false;
  let loop: Promise<void> | null = null;
  /** A provider asked us to slow down: the next round waits this long. */
  let pauseMs = 0;

  /**
   * Each claimed delivery's send row is share-locked with it, and a send being cancelled (its
   * row locked for update) is skipped: a cancel and a claim of the same send are decided one
   * after the other, never interleaved (cancelSend).
   */
  async function claim(now: Date): Promise<Claimed[]> {
    const at = now.toISOString();
    return queryRows<Claimed>(
      db,
      sql`with due_now as (
            select d.id from notification_deliveries d
            join notification_sends s on s.id = d.send_id
            where d.status = 'queued' and d.next_attempt_at <= ${at}::timestamptz
              and s.status <> 'cancelled' and not ${TEMPLATE_PAUSED}
            order by d.next_attempt_at limit ${s.batchSize}
            for update of d skip locked
            for key share of s skip locked
          ), lease_over as (
            select d.id from notification_deliveries d
            join notification_sends s on s.id = d.send_id
            where d.status = 'sending' and d.lease_until < ${at}::timestamptz
            limit ${s.batchSize}
            for update of d skip locked
            for key share of s skip locked
          ), claimed as (
            update notification_deliveries d set
              status = 'sending',
              attempts = d.attempts + 1,
              lease_until = ${at}::timestamptz + ${`${s.leaseMs} milliseconds`}::interval,
              updated_at = now()
            from (select id from due_now union select id from lease_over) due
            where d.id = due.id
            returning d.id, d.send_id, d.user_id, d.address, d.attempts
          )
          select c.id::int as id, c.send_id, c.user_id, c.address, c.attempts,
            s.channel, s.subject, s.message, s.status as send_status, s.topic_id,
            s.template_name, s.wa_language, s.wa_components, s.match_id,
            ${skipReason({
              channel: sql`s.channel`,
              topic: sql`s.topic_id`,
              address: sql`c.address`,
              noAddress: sql`null`,
            })} as skip,
            u.first_name, u.last_name, u.email, u.phone_number
          from claimed c
          join notification_sends s on s.id = c.send_id
          left join users u on u.id = c.user_id
          order by c.id`,
    );
  }

  /**
   * Group commit: an outcome is written as soon as no write is under way, together with every
   * outcome that arrived while the previous one ran, and the lane that sent the message waits
   * for its row. So a killed worker leaves at most one accepted-but-unrecorded message per lane,
   * while a busy worker still writes many rows per statement (decision 023).
   */
  let pending: { id: number; outcome: Outcome }[] = [];
  let pendingWritten: Promise<void> | null = null;
  let writing: Promise<void> = Promise.resolve();

  function record(id: number, outcome: Outcome): Promise<void> {
    pending.push({ id, outcome });
    if (!pendingWritten) {
      pendingWritten = writing.then(() => {
        const rows = pending;
        pending = [];
        pendingWritten = null;
        return write(rows);
      });
      writing = pendingWritten;
    }
    return pendingWritten;
  }

  /** Writes outcomes, each only if the delivery is still ours (not cancelled after its lease). */
  async function write(rows: { id: number; outcome: Outcome }[]) {
    const col = <T>(pick: (o: Outcome) => T) => rows.map((r) => pick(r.outcome));
    try {
      // Without waiting for the WAL flush: if PostgreSQL itself crashes, an outcome can fall
      // back to 'sending' and the message goes again under the same Message-ID; nothing is lost.
      // A commit per group then costs a round trip, not a disk flush.
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx.execute(sql`update notification_deliveries d set
          status = v.status,
          provider_message_id = coalesce(v.provider_message_id, d.provider_message_id),
          last_error = case when v.status = 'sent' then null else coalesce(v.reason, d.last_error) end,
          attempts = d.attempts - v.refund,
          next_attempt_at = case when v.status = 'queued'
            then now() + v.delay_ms * interval '1 millisecond' else d.next_attempt_at end,
          sent_at = case when v.status = 'sent' then now() else d.sent_at end,
          lease_until = null,
          updated_at = now()
        from unnest(
          ${sql.param(rows.map((r) => r.id))}::bigint[],
          ${sql.param(col((o) => o.status))}::text[],
          ${sql.param(col((o) => (o.status === 'sent' ? o.providerMessageId : null)))}::text[],
          ${sql.param(col((o) => ('reason' in o ? o.reason : null)))}::text[],
          ${sql.param(col((o) => (o.status === 'queued' && o.refund ? 1 : 0)))}::int[],
          ${sql.param(col((o) => (o.status === 'queued' ? o.delayMs : 0)))}::int[]
        ) as v(id, status, provider_message_id, reason, refund, delay_ms)
        where d.id = v.id and d.status = 'sending'`);
      });
    } catch (err) {
      // Left 'sending': the lease hands these on, to be sent again under the same Message-ID.
      options.log?.error({ err, deliveries: rows.length }, 'notification outcomes not recorded');
    }
  }

  async function deliver(d: Claimed, leaseEnds: number, batch: { slowDown: boolean }) {
    // A round that outlives its lease stops: another worker may own these rows by now.
    if (batch.slowDown || Date.now() > leaseEnds) {
      return record(d.id, { status: 'queued', reason: null, delayMs: pauseMs, refund: true });
    }
    if (d.send_status === 'cancelled') {
      return record(d.id, { status: 'cancelled', reason: DELIVERY_REASONS.cancelled });
    }
    const transport = transports[d.channel];
    if (!transport)
      return record(d.id, { status: 'skipped', reason: DELIVERY_REASONS.noTransport });
    if (!d.address) {
      return record(d.id, { status: 'skipped', reason: DELIVERY_REASONS.noAddress(d.channel) });
    }
    const values = {
      first_name: d.first_name,
      last_name: d.last_name,
      email: d.email,
      phone_number: d.phone_number,
      ...(d.match_id !== null && d.user_id !== null
        ? options.availabilityLinks?.({ matchId: d.match_id, userId: d.user_id })
        : undefined),
    };
    if (d.skip) return record(d.id, { status: 'skipped', reason: d.skip });
    const components =
      d.channel === 'whatsapp' ? fillParameters(d.wa_components ?? [], values) : null;
    if (components?.empty)
      return record(d.id, {
        status: 'skipped',
        reason: DELIVERY_REASONS.noValue(components.empty),
      });
    const message: OutgoingMessage = {
      key: `notification-${d.send_id}-${d.id}`,
      sendId: d.send_id,
      deliveryId: d.id,
      userId: d.user_id,
      channel: d.channel,
      topicId: d.topic_id,
      to: d.address,
      subject: d.subject === null ? null : renderTemplate(d.subject, values),
      message: renderTemplate(d.message, values),
      whatsapp: components
        ? { name: d.template_name, language: d.wa_language ?? '', components: components.filled }
        : undefined,
    };
    let result: { providerMessageId: string };
    try {
      result = await transport.send(message);
    } catch (err) {
      const failure: MailDeliveryError = classifyMailError(err);
      // What the failure says about the address is kept even when its outcome is retried.
      await captureFailure(
        db,
        { channel: d.channel, address: d.address, messageId: message.key },
        failure,
      ).catch((e: unknown) =>
        options.log?.error({ err: e, delivery: d.id }, 'bounce not recorded'),
      );
      if (failure.kind === 'rate-limited') {
        batch.slowDown = true;
        pauseMs = Math.min(MAX_PAUSE_MS, Math.max(s.retryBaseMs, pauseMs * 2));
        return record(d.id, {
          status: 'queued',
          reason: failure.message,
          delayMs: pauseMs,
          refund: true,
        });
      }
      if (failure.kind === 'deferred') {
        return record(d.id, {
          status: 'queued',
          reason: failure.message,
          delayMs: PAIR_RATE_WAIT_MS,
          refund: true,
        });
      }
      if (failure.kind === 'permanent' || d.attempts >= s.maxAttempts) {
        return record(d.id, { status: 'failed', reason: failure.message });
      }
      return record(d.id, {
        status: 'queued',
        reason: failure.message,
        delayMs: s.retryBaseMs * 2 ** (d.attempts - 1),
        refund: false,
      });
    }
    await record(d.id, { status: 'sent', providerMessageId: result.providerMessageId });
  }

  async function runOnce(now = new Date()) {
    const started = Date.now();
    // Scheduled sends to a saved audience learn who they go to when they fall due.
    await decideDueAudiences(db, now);
    const claimed = await claim(now);
    if (claimed.length === 0) return 0;
    const sendIds = [...new Set(claimed.map((d) => d.send_id))];
    await startSends(db, sendIds);
    // Leave a margin so a slow last message still ends inside the lease.
    const leaseEnds = started + s.leaseMs * 0.8;
    const batch = { slowDown: false };
    let next = 0;
    const lanes = Array.from({ length: Math.min(s.concurrency, claimed.length) }, async () => {
      while (next < claimed.length) {
        const d = claimed[next++]!;
        try {
          await deliver(d, leaseEnds, batch);
        } catch (err) {
          // The outcome could not be recorded (database down): the lease hands it on later.
          options.log?.error({ err, delivery: d.id }, 'notification delivery not recorded');
        }
      }
    });
    await Promise.all(lanes);
    await writing;
    if (!batch.slowDown) pauseMs = Math.floor(pauseMs / 2);
    await finishSends(db, sendIds);
    return claimed.length;
  }

  async function run() {
    while (running) {
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (err) {
        options.log?.error({ err }, 'notification worker round failed');
      }
      if (!running) break;
      if (pauseMs > 0) await sleepUnlessWoken(pauseMs, stoppers);
      else if (claimed < s.batchSize) await sleepUnlessWoken(s.pollMs, wakers);
    }
  }

  return {
    settings: s,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      for (const wake of [...wakers, ...stoppers]) wake();
      await loop;
      loop = null;
    },
    wake() {
      for (const wake of [...wakers]) wake();
    },
    runOnce,
  };
}
