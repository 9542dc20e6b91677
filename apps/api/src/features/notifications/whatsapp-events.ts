import { sql } from 'drizzle-orm';
import { isStopMessage } from '@cricket/contracts';
import { queryRows, type Db } from '../../db/client';
import { optOutByReply } from '../../lib/inbound-stop';
import { captureFailure } from '../../lib/suppression';
import type { WebhookChange } from '../../plugins/whatsapp-webhook';
import { finishSends } from './outcome';

/**
 * Meta's `messages` webhook field: delivery statuses of the messages we sent, and messages
 * people send us. Applied by state, so Meta's retries of the same event change nothing again.
 */

interface MetaStatus {
  id?: unknown;
  status?: unknown;
  timestamp?: unknown;
  errors?: {
    code?: unknown;
    title?: unknown;
    message?: unknown;
    error_data?: { details?: unknown };
  }[];
}

interface MetaInbound {
  from?: unknown;
  id?: unknown;
  type?: unknown;
  text?: { body?: unknown };
}

/** A report about a wamid we do not know yet is retried (5xx) while it is this young. */
const UNKNOWN_WAMID_RETRY_S = 300;

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** Meta's failure as recorded on the delivery: `(#131026) Message undeliverable: <details>`. */
function failureOf(errors: MetaStatus['errors']) {
  const e = errors?.[0];
  const code = typeof e?.code === 'number' ? e.code : null;
  const title = str(e?.title) ?? str(e?.message) ?? 'Failed';
  const details = str(e?.error_data?.details) ?? str(e?.message);
  return `${code === null ? '' : `(#${code}) `}${title}${details && details !== title ? `: ${details}` : ''}`;
}

async function applyStatus(db: Db, s: MetaStatus) {
  const wamid = str(s.id);
  const status = str(s.status);
  if (!wamid || !status) return;
  const seconds = Number(s.timestamp);
  const at = Number.isFinite(seconds) && seconds > 0 ? seconds : Date.now() / 1000;
  const when = sql`to_timestamp(${at})`;
  let changed: { send_id: number }[] = [];
  if (status === 'delivered') {
    // Never back from read: a late 'delivered' only fills in its time.
    changed = await queryRows(
      db,
      sql`update notification_deliveries set
            status = case when status = 'sent' then 'delivered' else status end,
            delivered_at = coalesce(delivered_at, ${when}), updated_at = now()
          where provider_message_id = ${wamid}
            and (status = 'sent' or (status in ('delivered', 'read') and delivered_at is null))
          returning send_id`,
    );
  } else if (status === 'read') {
    changed = await queryRows(
      db,
      sql`update notification_deliveries set
            status = 'read', read_at = coalesce(read_at, ${when}),
            delivered_at = coalesce(delivered_at, ${when}), updated_at = now()
          where provider_message_id = ${wamid}
            and (status in ('sent', 'delivered') or (status = 'read' and read_at is null))
          returning send_id`,
    );
  } else if (status === 'failed') {
    const failure = failureOf(s.errors);
    const failed = await queryRows<{ send_id: number; address: string | null }>(
      db,
      sql`update notification_deliveries set
            status = 'failed', last_error = ${failure}, updated_at = now()
          where provider_message_id = ${wamid} and status in ('sent', 'delivered')
          returning send_id, address`,
    );
    changed = failed;
    // Meta may report 131026 only after accepting the message: the number is suppressed the same.
    for (const { address } of failed)
      if (address)
        await captureFailure(
          db,
          { channel: 'whatsapp', address, messageId: wamid },
          { message: failure, kind: 'permanent' },
        );
    await finishSends(db, [...new Set(changed.map((r) => r.send_id))], { revise: true });
  }
  if (changed.length > 0) return;
  const [known] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notification_deliveries where provider_message_id = ${wamid}`,
  );
  // The worker records a wamid just after Meta answers; a report can overtake that record.
  // Answering 5xx makes Meta deliver it again; an old report of someone else's wamid is dropped.
  if (!known?.n && Date.now() / 1000 - at < UNKNOWN_WAMID_RETRY_S)
    throw new Error(`WhatsApp status for unknown message ${wamid}: retry later`);
}

export function whatsappMessagesHandler(db: Db) {
  return async (change: WebhookChange) => {
    const value = change.value as { statuses?: unknown; messages?: unknown };
    const statuses = Array.isArray(value.statuses) ? (value.statuses as MetaStatus[]) : [];
    for (const s of statuses) if (s && typeof s === 'object') await applyStatus(db, s);
    const messages = Array.isArray(value.messages) ? (value.messages as MetaInbound[]) : [];
    for (const m of messages) {
      const body = str(m?.text?.body);
      const from = str(m?.from);
      const messageId = str(m?.id);
      if (m?.type === 'text' && body && from && messageId && isStopMessage(body))
        await optOutByReply(db, { channel: 'whatsapp', from, text: body, messageId });
    }
  };
}
