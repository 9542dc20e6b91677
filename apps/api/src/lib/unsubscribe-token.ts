import { unsubscribeFooter, unsubscribePagePath, type SendChannel } from '@cricket/contracts';
import { openPayload, signPayload } from './signed-token';

/**
 * The unsubscribe token (decision 052): 9 bytes naming the person, the topic (0: every topic)
 * and the channel, signed (signed-token.ts; 34 characters). There is no expiry, since an
 * unsubscribe link must keep working in an old message.
 */
export interface UnsubscribeTarget {
  userId: number;
  /** Null: every topic on the channel. */
  topicId: number | null;
  channel: SendChannel;
}

const VERSION = 1;
/** Fixed codes, not SEND_CHANNELS' order: a token in an old message must keep its meaning. */
const CHANNEL_CODES: Record<SendChannel, number> = { email: 1, sms: 2, push: 3, whatsapp: 4 };
const CHANNEL_OF = new Map(Object.entries(CHANNEL_CODES).map(([c, n]) => [n, c as SendChannel]));
const PAYLOAD_BYTES = 9;

export function signUnsubscribeToken(secret: string, t: UnsubscribeTarget) {
  const payload = Buffer.alloc(PAYLOAD_BYTES);
  payload.writeUInt8((VERSION << 4) | CHANNEL_CODES[t.channel], 0);
  payload.writeUInt32BE(t.userId, 1);
  payload.writeUInt32BE(t.topicId ?? 0, 5);
  return signPayload(secret, payload);
}

/** What a token names, or null for anything this server did not sign exactly so. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const payload = openPayload(secret, token, PAYLOAD_BYTES);
  if (!payload) return null;
  const head = payload.readUInt8(0);
  const channel = CHANNEL_OF.get(head & 0x0f);
  const userId = payload.readUInt32BE(1);
  if (head >> 4 !== VERSION || !channel || userId === 0) return null;
  const topicId = payload.readUInt32BE(5);
  return { userId, topicId: topicId === 0 ? null : topicId, channel };
}

/** What a topic email carries: the headers of RFC 8058 and the footer's link. */
export interface UnsubscribeLinks {
  token(target: UnsubscribeTarget): string;
  read(token: string): UnsubscribeTarget | null;
  /** `{PUBLIC_URL}/u/{token}`: the preference page. */
  pageUrl(token: string): string;
  /** The List-Unsubscribe headers and the footer text of a message to this target. */
  forEmail(target: UnsubscribeTarget): { headers: Record<string, string>; footer: string };
}

export function createUnsubscribeLinks(options: {
  secret: string;
  publicUrl: string;
  /** The address of the mailto: alternative. */
  mailto: string;
}): UnsubscribeLinks {
  const base = options.publicUrl.replace(/\/+$/, '');
  const token = (t: UnsubscribeTarget) => signUnsubscribeToken(options.secret, t);
  const pageUrl = (tk: string) => `${base}${unsubscribePagePath(tk)}`;
  return {
    token,
    read: (tk) => readUnsubscribeToken(options.secret, tk),
    pageUrl,
    forEmail(target) {
      const tk = token(target);
      const mailto = `mailto:${options.mailto}?subject=${encodeURIComponent(`unsubscribe ${tk}`)}`;
      return {
        headers: {
          'List-Unsubscribe': `<${base}/api/public/unsubscribe/${tk}>, <${mailto}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
        footer: unsubscribeFooter(pageUrl(tk)),
      };
    },
  };
}
