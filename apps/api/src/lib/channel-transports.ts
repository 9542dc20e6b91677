import type { SendChannel } from '@cricket/contracts';
import { signBody } from './signed-body';
import { MailDeliveryError, type MailTransport } from './mail';
import type { SendPace } from './send-pace';
import type { UnsubscribeLinks } from './unsubscribe-token';
import { GraphApiError, type GraphClient } from './whatsapp-graph';

/** One rendered message for one recipient. */
export interface OutgoingMessage {
  /** Stable per delivery: a re-claimed delivery is sent with the same key (idempotency). */
  key: string;
  sendId: number;
  deliveryId: number;
  userId: number | null;
  channel: SendChannel;
  /** The send's messaging topic; null for an account message, which carries no unsubscribe. */
  topicId: number | null;
  to: string;
  subject: string | null;
  message: string;
  /** WhatsApp: the template, and Meta's components with this recipient's parameters filled. */
  whatsapp?: { name: string; language: string; components: unknown[] };
}

/**
 * A channel's way out. Failures are thrown as MailDeliveryError whatever the channel: its
 * `kind` (transient, permanent, rate-limited) is what the retry policy reads.
 */
export interface ChannelTransport {
  send(message: OutgoingMessage): Promise<{ providerMessageId: string }>;
}

export type Transports = Record<SendChannel, ChannelTransport | null>;

/** The domain of MAIL_FROM, for Message-IDs: `Desk <desk@cricket.local>` → cricket.local. */
export function mailDomain(mailFrom: string) {
  return /@([^>\s]+)/.exec(mailFrom)?.[1] ?? 'cricket.local';
}

/**
 * Email through the SMTP transport. A topic message to a user carries RFC 8058's
 * List-Unsubscribe headers and the footer's link (decision 052); an account message neither.
 */
export function emailTransport(
  mail: MailTransport,
  mailFrom: string,
  unsubscribe?: UnsubscribeLinks,
): ChannelTransport {
  const domain = mailDomain(mailFrom);
  return {
    async send(m) {
      const links =
        unsubscribe && m.topicId !== null && m.userId !== null
          ? unsubscribe.forEmail({ userId: m.userId, topicId: m.topicId, channel: 'email' })
          : null;
      const result = await mail.send({
        to: m.to,
        subject: m.subject ?? '',
        text: links ? `${m.message}\n\n${links.footer}\n` : m.message,
        headers: links?.headers,
        // The same delivery always carries the same Message-ID, so a receiver can drop a
        // repeat sent after a worker died between the server's answer and our record of it.
        messageId: `${m.key}@${domain}`,
      });
      return { providerMessageId: result.messageId };
    },
  };
}

/**
 * SMS and push through the operator's HTTP endpoint. Body (JSON):
 * `{ id, channel, to, user_id, send_id, subject, message }`; headers `Idempotency-Key: <id>`
 * and `X-Signature`. A 2xx answer is delivered (its JSON `id`, if any, is recorded as the
 * provider's message id); 429 slows down; 408 and 5xx are retried; any other 4xx fails.
 */
export function webhookTransport(
  url: string,
  secret: string,
  timeoutMs = 10_000,
): ChannelTransport {
  return {
    async send(m) {
      const body = JSON.stringify({
        id: m.key,
        channel: m.channel,
        to: m.to,
        user_id: m.userId,
        send_id: m.sendId,
        subject: m.subject,
        message: m.message,
      });
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': m.key,
            'x-signature': signBody(secret, body),
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new MailDeliveryError(`Webhook unreachable: ${(err as Error).message}`, 'transient');
      }
      const text = await res.text().catch(() => '');
      if (res.ok) {
        let id: unknown;
        try {
          id = (JSON.parse(text) as { id?: unknown }).id;
        } catch {
          id = undefined;
        }
        return {
          providerMessageId: typeof id === 'string' || typeof id === 'number' ? String(id) : m.key,
        };
      }
      const reason = `Webhook answered ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`;
      if (res.status === 429) throw new MailDeliveryError(reason, 'rate-limited', res.status);
      if (res.status === 408 || res.status >= 500)
        throw new MailDeliveryError(reason, 'transient', res.status);
      throw new MailDeliveryError(reason, 'permanent', res.status);
    },
  };
}

/** Meta's codes that mean "slow down" (130429 throughput) and "wait for this person" (131056). */
const THROUGHPUT = new Set([130429, 80007]);
const PAIR_RATE = 131056;

/**
 * WhatsApp through the Cloud API: `POST {GRAPH}/{PHONE_NUMBER_ID}/messages` with a template
 * message, paced by `pace` (WHATSAPP_MPS). The answer's `messages[0].id` (the wamid) is the
 * provider message id the status webhook reports on. Meta's error is recorded as
 * GraphApiError.describe() (`(#131026) Message undeliverable …`), which the screens put in words.
 */
export function whatsappTransport(
  graph: GraphClient,
  phoneNumberId: string,
  pace: SendPace,
): ChannelTransport {
  return {
    async send(m) {
      if (!m.whatsapp)
        throw new MailDeliveryError('A WhatsApp delivery without its template', 'permanent');
      const done = await pace.take();
      let answer: { messages?: { id?: string }[] };
      try {
        answer = await graph.request({
          method: 'POST',
          path: `/${phoneNumberId}/messages`,
          json: {
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: m.to,
            type: 'template',
            template: {
              name: m.whatsapp.name,
              language: { code: m.whatsapp.language },
              components: m.whatsapp.components,
            },
          },
        });
      } catch (err) {
        if (!(err instanceof GraphApiError)) throw err;
        const reason = err.describe();
        if (err.code !== null && THROUGHPUT.has(err.code))
          throw new MailDeliveryError(reason, 'rate-limited', err.status);
        if (err.code === PAIR_RATE) throw new MailDeliveryError(reason, 'deferred', err.status);
        if (err.transient || err.status === 429)
          throw new MailDeliveryError(reason, 'transient', err.status);
        throw new MailDeliveryError(reason, 'permanent', err.status);
      } finally {
        done();
      }
      const wamid = answer.messages?.[0]?.id;
      if (!wamid)
        throw new MailDeliveryError('WhatsApp accepted the message without an id', 'transient');
      return { providerMessageId: wamid };
    },
  };
}
