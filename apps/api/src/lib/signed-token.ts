import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * A token a message's link carries (unsubscribe, decision 052; availability, decision 071): a
 * short payload then the first 16 bytes of its HMAC-SHA256 under the server's secret, all
 * base64url. 128 bits of MAC leave nothing to guess.
 */

const MAC_BYTES = 16;

const mac = (secret: string, payload: Buffer) =>
  createHmac('sha256', secret).update(payload).digest().subarray(0, MAC_BYTES);

export function signPayload(secret: string, payload: Buffer): string {
  return Buffer.concat([payload, mac(secret, payload)]).toString('base64url');
}

/** The payload of a token this server signed, exactly so; null for anything else. */
export function openPayload(secret: string, token: string, payloadBytes: number): Buffer | null {
  if (token.length !== Math.ceil(((payloadBytes + MAC_BYTES) * 8) / 6)) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  // The last character carries spare bits: a token is only its one canonical spelling.
  if (bytes.length !== payloadBytes + MAC_BYTES || bytes.toString('base64url') !== token)
    return null;
  const payload = bytes.subarray(0, payloadBytes);
  return timingSafeEqual(bytes.subarray(payloadBytes), mac(secret, payload)) ? payload : null;
}
