import { sql, type SQL } from 'drizzle-orm';
import {
  SOFT_BOUNCE_LIMIT,
  SOFT_BOUNCE_WINDOW_DAYS,
  SUPPRESSED_PREFIX,
  SUPPRESSION_REASON_WORDS,
  type EmailEventValues,
  type SendChannel,
  type SuppressionReason,
} from '@cricket/contracts';
import { queryRows, type Db } from '../db/client';
import type { MailDeliveryError } from './mail';

/**
 * The suppression list's reads and writes that sending needs (issue 32): the one check every
 * send makes (enqueue, the worker's re-check, the dry run), and the captures of bounces at
 * send time and from a provider's events. The list's screens live in features/suppressions.
 */

const reasonWords = sql.join(
  Object.entries(SUPPRESSION_REASON_WORDS).map(
    ([reason, words]) => sql`when ${reason}::text then ${words}::text`,
  ),
  sql` `,
);

/** An address as the list keeps it for `channel`: an email lower-cased, others as sent. */
const listed = (channel: SQL, address: SQL) =>
  sql`(case when ${channel} = 'email' then lower(${address}) else ${address} end)`;

/**
 * The form an erased person's address is kept in (decision 055): 'sha256:' and the hex of
 * sha256(the installation's salt || the address as listed). Only a later send to the same
 * address can match it; the list cannot be read back into addresses without the salt and a guess.
 */
export function hashedAddress(channel: SQL, address: SQL): SQL<string> {
  return sql<string>`('sha256:' || encode(sha256(convert_to(
      (select ps.salt from privacy_salt ps) || ${listed(channel, address)}, 'UTF8')), 'hex'))`;
}

/**
 * Null when `address` may be sent to on `channel`, else the skipped delivery's reason:
 * 'skipped: suppressed (hard bounce 550 5.1.1 on 2026-11-20)'. Both arguments are SQL
 * expressions (a column, a parameter); an email is compared lower-cased. Two probes of the
 * active entries' unique index: the address as sent, and its hash, the form an erased
 * person's addresses are kept in.
 */
export function suppressedReason(channel: SQL, address: SQL): SQL<string | null> {
  return sql<string | null>`(select ${SUPPRESSED_PREFIX}::text || ' ('
      || (case ms.reason ${reasonWords} else ms.reason end)
      || coalesce(' ' || substring(ms.detail from '^[245][0-9]{2}(?: [245]\\.[0-9]{1,3}\\.[0-9]{1,3})?'), '')
      || ' on ' || to_char(ms.created_at at time zone 'UTC', 'YYYY-MM-DD') || ')'
    from messaging_suppressions ms
    where ms.removed_at is null and ms.channel = ${channel}
      and ms.address in (${listed(channel, address)}, ${hashedAddress(channel, address)})
    limit 1)`;
}

/**
 * A skipped reason with a suppressed one cut to its kind: 'skipped: suppressed (hard bounce
 * 550 5.1.1 on 2026-11-20)' → 'skipped: suppressed (hard bounce)', for counting by reason
 * (the dry run). Any other reason is kept as it is.
 */
export const suppressedKind = (reason: SQL): SQL<string | null> =>
  sql<string | null>`case when ${reason} like ${`${SUPPRESSED_PREFIX} (%`}
    then regexp_replace(${reason}, '( [245][0-9]{2}( [245]\\.[0-9]{1,3}\\.[0-9]{1,3})?)? on [0-9]{4}-[0-9]{2}-[0-9]{2}\\)$', ')')
    else ${reason} end`;

export interface NewSuppression {
  channel: SendChannel;
  /** As the channel sends to it; an email is lower-cased here. */
  address: string;
  reason: SuppressionReason;
  detail: string | null;
  sourceMessageId?: string | null;
  createdBy?: number | null;
}

/** Suppresses the address; answers the new entry's id, or null when it was suppressed already. */
export async function suppress(db: Db, e: NewSuppression): Promise<number | null> {
  const address = e.channel === 'email' ? e.address.trim().toLowerCase() : e.address.trim();
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into messaging_suppressions
          (channel, address, reason, detail, source_message_id, created_by)
        values (${e.channel}, ${address}, ${e.reason}, ${e.detail},
          ${e.sourceMessageId ?? null}, ${e.createdBy ?? null})
        on conflict (channel, address) where removed_at is null do nothing
        returning id`,
  );
  return row?.id ?? null;
}

/**
 * Records a soft bounce of an email address at `at`; the SOFT_BOUNCE_LIMIT-th within
 * SOFT_BOUNCE_WINDOW_DAYS suppresses it. Bounces from before the address was last released
 * from the list do not count again. A bounce of a `messageId` already recorded changes nothing.
 */
export async function recordSoftBounce(
  db: Db,
  b: { address: string; detail: string | null; messageId?: string | null; at?: Date },
): Promise<'repeat' | 'counted' | 'suppressed'> {
  const address = b.address.trim().toLowerCase();
  const at = (b.at ?? new Date()).toISOString();
  return db.transaction(async (tx) => {
    const added = await queryRows(
      tx,
      sql`insert into messaging_soft_bounces (address, occurred_at, detail, message_id)
          values (${address}, ${at}::timestamptz, ${b.detail}, ${b.messageId ?? null})
          on conflict (message_id) do nothing returning id`,
    );
    if (added.length === 0) return 'repeat';
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from messaging_soft_bounces
          where address = ${address}
            and occurred_at > ${at}::timestamptz - ${SOFT_BOUNCE_WINDOW_DAYS} * interval '1 day'
            and occurred_at <= ${at}::timestamptz
            and occurred_at > coalesce((select max(removed_at) from messaging_suppressions
              where channel = 'email' and address = ${address}), '-infinity')`,
    );
    if (n < SOFT_BOUNCE_LIMIT) return 'counted';
    await suppress(tx, {
      channel: 'email',
      address,
      reason: 'soft_bounces',
      detail: b.detail,
      sourceMessageId: b.messageId,
    });
    return 'suppressed';
  });
}

/**
 * An SMTP 5xx about the recipient: no enhanced code, or one of the address (5.1.x) or
 * mailbox (5.2.x) classes. A 5xx about the message or the policy (5.7.1 spam) is not the
 * address's fault and does not suppress it.
 */
const HARD_BOUNCE = /^5[0-9]{2}(?![ -]?5\.[3-7]\.)/;

/**
 * What a failed send says about its address: a hard bounce suppresses it, a soft one (an SMTP
 * 4xx, not a "slow down") counts toward the rule, WhatsApp's 131026 (not on WhatsApp, or
 * unable to receive) suppresses the number.
 */
export async function captureFailure(
  db: Db,
  d: { channel: SendChannel; address: string; messageId: string },
  failure: Pick<MailDeliveryError, 'message' | 'kind' | 'responseCode'>,
) {
  const code = failure.responseCode;
  if (d.channel === 'email' && code !== undefined && code >= 500 && code < 600) {
    if (!HARD_BOUNCE.test(failure.message.startsWith(String(code)) ? failure.message : `${code}`))
      return;
    await suppress(db, {
      channel: 'email',
      address: d.address,
      reason: 'hard_bounce',
      detail: failure.message,
      sourceMessageId: d.messageId,
    });
  } else if (
    d.channel === 'email' &&
    failure.kind === 'transient' &&
    code !== undefined &&
    code >= 400 &&
    code < 500
  ) {
    // A retry of the same message is the same bounce: counted once, by its Message-ID.
    await recordSoftBounce(db, {
      address: d.address,
      detail: failure.message,
      messageId: d.messageId,
    });
  } else if (d.channel === 'whatsapp' && /^\(#131026\)/.test(failure.message)) {
    await suppress(db, {
      channel: 'whatsapp',
      address: d.address,
      reason: 'whatsapp_undeliverable',
      detail: failure.message,
      sourceMessageId: d.messageId,
    });
  }
}

/**
 * A mail provider's event (POST /api/webhooks/email-events). Answers false for an event of a
 * message_id applied before: a provider's retry changes nothing.
 */
export async function applyEmailEvent(db: Db, e: EmailEventValues): Promise<boolean> {
  const detail = e.reason ?? null;
  if (e.type === 'bounce' && e.bounce_type === 'soft') {
    const done = await recordSoftBounce(db, { address: e.email, detail, messageId: e.message_id });
    return done !== 'repeat';
  }
  const seen = await queryRows(
    db,
    sql`select 1 from messaging_suppressions
        where source_message_id = ${e.message_id} and channel = 'email'
          and address = ${e.email.toLowerCase()} limit 1`,
  );
  if (seen.length > 0) return false;
  await suppress(db, {
    channel: 'email',
    address: e.email,
    reason: e.type === 'complaint' ? 'complaint' : 'hard_bounce',
    detail,
    sourceMessageId: e.message_id,
  });
  return true;
}
