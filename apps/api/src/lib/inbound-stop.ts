import { sql } from 'drizzle-orm';
import { CHANNEL_LABELS, type AuditAction } from '@cricket/contracts';
import { queryRows, type Db } from '../db/client';
import { auditBySystem } from '../plugins/audit';
import { optedOut } from './consent';

/** The channels people can reply STOP on, with the actor and action their audit record names. */
const STOP_CHANNELS = {
  whatsapp: { actor: 'WhatsApp', action: 'whatsapp_opt_out' },
  sms: { actor: 'SMS', action: 'sms_opt_out' },
} as const satisfies Record<string, { actor: string; action: AuditAction }>;

/**
 * STOP or UNSUBSCRIBE from a number on WhatsApp or SMS: the users with that number (matched in
 * international form, whatsapp_number()) are opted out of that channel for every topic, one
 * consent row each (topic null, the history is kept) and one audit record each by the channel.
 * A user already opted out, or the same message (`messageId`) delivered again, changes nothing.
 */
export async function optOutByReply(
  db: Db,
  reply: {
    channel: keyof typeof STOP_CHANNELS;
    from: string;
    text: string;
    messageId: string | null;
  },
) {
  const digits = reply.from.replace(/\D/g, '');
  if (!digits) return 0;
  const number = `+${digits}`;
  const { actor, action } = STOP_CHANNELS[reply.channel];
  const label = CHANNEL_LABELS[reply.channel];
  const audit = auditBySystem(actor, 'user');
  return db.transaction(async (tx) => {
    const added = await queryRows<{ user_id: number }>(
      tx,
      sql`insert into messaging_consents
            (user_id, channel, topic_id, subscribed, source, address, reason, external_id)
          select u.id, ${reply.channel}, null, false, 'inbound_stop', ${number},
            ${`Replied "${reply.text.trim() || 'STOP'}" on ${label}`}, ${reply.messageId}
          from users u
          where whatsapp_number(u.phone_number) = ${number}
            and not ${optedOut(sql`${reply.channel}`, sql`null::int`)}
          on conflict (external_id, user_id) do nothing
          returning user_id`,
    );
    for (const { user_id } of added)
      await audit(tx, {
        entityId: user_id,
        action,
        before: { [reply.channel]: 'subscribed' },
        after: { [reply.channel]: 'opted out', source: 'inbound_stop', from: number },
      });
    return added.length;
  });
}
