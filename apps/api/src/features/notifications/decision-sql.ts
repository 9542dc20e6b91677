import { sql, type SQL } from 'drizzle-orm';
import { DELIVERY_REASONS, UNSUBSCRIBED_PREFIX } from '@cricket/contracts';
import { optedOut } from '../../lib/consent';
import { quietRelease, recipientZone } from '../../lib/quiet-hours';
import { suppressedReason } from '../../lib/suppression';
import { OPTED_OUT_OF_WHATSAPP } from './whatsapp-sql';

/**
 * The one decision about a delivery (issue 32, decision 053): whether user `u` gets a send's
 * message, and when. createSend records it on each delivery at enqueue, the worker makes it
 * again when it claims one (a preference changed in between is honoured), and the dry run
 * counts it. Every argument is an SQL expression: a bound value at enqueue, the send's and
 * delivery's columns in the worker.
 */
export interface DecisionInput {
  /** The send's channel, as text. */
  channel: SQL;
  /** The send's messaging topic; null for an account message, which no topic consent stops. */
  topic: SQL;
  /** The address the delivery goes to; null when the user has none for the channel. */
  address: SQL;
  /** The reason recorded when the address is null. */
  noAddress: SQL;
}

/**
 * Null when the message may go, else the skipped delivery's reason. Reasons are tried in this
 * order and the first one that applies is recorded: no address, the address suppressed, opted
 * out of WhatsApp (an inbound STOP), not subscribed to the topic. A STOP, like an unsubscribe,
 * stops everything but account messages (issue 32): those still go.
 * `coalesce` evaluates its arguments lazily, so a user is probed only as far as needed.
 */
export const skipReason = (d: DecisionInput): SQL<string | null> =>
  sql<string | null>`coalesce(
    case when ${d.address} is null then ${d.noAddress} end,
    ${suppressedReason(d.channel, d.address)},
    case when ${d.channel} = 'whatsapp' and ${d.topic} is not null
        and ${OPTED_OUT_OF_WHATSAPP}
      then ${DELIVERY_REASONS.optedOut}::text end,
    case when ${d.topic} is not null and ${optedOut(d.channel, d.topic)}
      then ${UNSUBSCRIBED_PREFIX}::text
        || (select mt.name from messaging_topics mt where mt.id = ${d.topic}) end)`;

/**
 * When a delivery due at `due` may go out: at once, or, when the send respects quiet hours
 * (and is not an account message), when the recipient's local quiet hours end (decision 054).
 * The enqueue writes it as next_attempt_at (and held_until when later), the dry run counts it.
 */
export const releaseAt = (d: { due: SQL; quietHours: boolean }): SQL =>
  d.quietHours ? quietRelease(recipientZone(sql`u.time_zone`), d.due) : d.due;
