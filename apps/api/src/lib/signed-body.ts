import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z, type ZodType } from 'zod';
import { errorBody, messageOnly } from '@cricket/contracts';
import { badRequest, unauthorized } from './http-errors';

/**
 * `sha256=<hex>`: HMAC-SHA256 of the raw body with a shared secret. One scheme for every signed
 * body this product sends or receives: its own SMS/push webhooks (`X-Signature`), Meta's calls
 * (`X-Hub-Signature-256`) and a mail provider's events (`X-Signature`).
 */
export function signBody(secret: string, body: Uint8Array | string) {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether a header carries the signature of exactly these bytes, compared in constant time. */
export function validSignature(
  secret: string,
  body: Uint8Array,
  header: string | string[] | undefined,
) {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(signBody(secret, body));
  const given = Buffer.from(header.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** In this (encapsulated) scope, JSON bodies stay the bytes sent: a signature covers exactly those. */
export function keepRawJson(scope: FastifyInstance) {
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );
}

/**
 * The JSON of a signed body kept raw by `keepRawJson`: 401 while no secret is set or when the
 * header does not sign these bytes (nothing is read then), 400 when the bytes are not JSON.
 */
export function signedJson(
  body: unknown,
  secret: string | null | undefined,
  header: string | string[] | undefined,
  words: { notAccepted: string; badSignature: string },
): unknown {
  if (!secret || !Buffer.isBuffer(body)) throw unauthorized(words.notAccepted);
  if (!validSignature(secret, body, header)) throw unauthorized(words.badSignature);
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('The body is not JSON.');
  }
}

/** The schema parts every signed webhook route shares: its raw JSON, the signature, its answers. */
export const signedWebhookSchema = {
  consumes: ['application/json'],
  headers: z.object({ 'x-signature': z.string().max(200).optional() }),
  response: { 200: messageOnly, 400: errorBody, 401: errorBody },
};

/**
 * A signed webhook's body (kept raw by `keepRawJson`) read by its schema: 401 as `signedJson`
 * says, 400 with each refused field's messages when it does not fit.
 */
export function signedInput<S extends ZodType>(
  request: FastifyRequest,
  secret: string | null | undefined,
  schema: S,
  words: { notAccepted: string; refusal: string },
): z.output<S> {
  const json = signedJson(request.body, secret, request.headers['x-signature'], {
    notAccepted: words.notAccepted,
    badSignature: 'The X-Signature header does not sign this body.',
  });
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues)
    (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  throw badRequest(words.refusal, errors);
}
