import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_SUCCESS,
  envelope,
  errorBody,
  isStopMessage,
  messageOnly,
  publicPreferencesData,
  publicPreferencesInput,
  smsInboundInput,
  unsubscribeTokenParams,
} from '@cricket/contracts';
import { ok } from '../../lib/envelope';
import { badRequest, HttpError, notFound } from '../../lib/http-errors';
import { optOutByReply } from '../../lib/inbound-stop';
import { keepRawJson, signedInput, signedWebhookSchema } from '../../lib/signed-body';
import type { UnsubscribeTarget } from '../../lib/unsubscribe-token';
import { oneClickUnsubscribe, publicPreferences, savePublicPreferences } from './repository';

const NOT_FOUND = errorBody.describe(
  'The token is not one this server signed (forged, altered or cut short)',
);
const THROTTLED = errorBody.describe(
  'Too many requests from this address; Retry-After says how many seconds to wait',
);
/** What these routes write is the person's own consent, audited inside the change. */
const AUDIT_BY_PERSON = {
  none: 'The person’s own change: consent rows with the address they acted from, and an audit record by the actor "Preference page" written in the same transaction when anything changed',
};

/**
 * Issue 32 "Unsubscribe" (decision 052): the links every topic email carries and the public
 * preference page behind them, with no sign-in, cookies or XSRF header; and the SMS provider's
 * inbound messages, where STOP unsubscribes.
 */
export async function unsubscribeRoutes(app: FastifyInstance) {
  await app.register(publicRoutes);
  await app.register(smsInboundRoute);
}

async function publicRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // RFC 8058: the one-click POST carries `List-Unsubscribe=One-Click` form-encoded, but any body
  // at all must work, so in this scope a body of any type is read and let go, except the
  // preference page's JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch {
      done(badRequest('The body is not JSON.'), undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, _body, done) =>
    done(null, undefined),
  );

  const throttle = async (request: FastifyRequest, reply: FastifyReply) => {
    const wait = await app.throttles.unsubscribe.take(request.clientAddress);
    if (wait !== null) {
      reply.header('retry-after', String(wait));
      throw new HttpError(429, UNSUBSCRIBE_MESSAGES.rateLimited);
    }
  };
  const targetOf = (token: string): UnsubscribeTarget => {
    const target = app.unsubscribeLinks.read(token);
    if (!target) throw notFound(UNSUBSCRIBE_MESSAGES.notFound);
    return target;
  };

  r.post('/api/public/unsubscribe/:token', {
    config: {
      access: 'public',
      audit: AUDIT_BY_PERSON,
      idempotency: { none: 'Unsubscribing twice is unsubscribing once: a repeat writes nothing' },
    },
    onRequest: throttle,
    schema: {
      tags: ['unsubscribe'],
      summary: 'One-click unsubscribe (RFC 8058): the List-Unsubscribe URL of every topic email',
      description:
        'No sign-in, cookie or XSRF header; any body (mail providers send `List-Unsubscribe=One-Click` ' +
        'form-encoded) and any content type. Unsubscribes the token’s person from its topic (or every ' +
        'topic) on its channel, recorded with the source `one_click` and the address the request came ' +
        'from. Idempotent: a repeat answers the same and changes nothing.',
      params: unsubscribeTokenParams,
      response: { 200: messageOnly, 404: NOT_FOUND, 429: THROTTLED },
    },
    handler: async (request) => {
      await oneClickUnsubscribe(app.db, targetOf(request.params.token), request.clientAddress);
      return ok(UNSUBSCRIBE_SUCCESS.oneClick);
    },
  });

  r.get('/api/public/unsubscribe/:token', {
    config: { access: 'public' },
    onRequest: throttle,
    schema: {
      tags: ['unsubscribe'],
      summary:
        'The same URL opened in a browser: 303 to the preference page `{PUBLIC_URL}/u/{token}`',
      description: 'Changes nothing: only the POST unsubscribes (a link scanner’s GET must not).',
      params: unsubscribeTokenParams,
      response: { 303: messageOnly, 404: NOT_FOUND, 429: THROTTLED },
    },
    handler: async (request, reply) => {
      targetOf(request.params.token);
      reply.header('location', app.unsubscribeLinks.pageUrl(request.params.token));
      return reply.status(303).send(ok(UNSUBSCRIBE_SUCCESS.redirect));
    },
  });

  r.get('/api/public/preferences/:token', {
    config: { access: 'public' },
    onRequest: throttle,
    schema: {
      tags: ['unsubscribe'],
      summary: 'The preference page: the person’s first name and their topics per channel',
      description:
        'No other personal data. Account messages are not a topic: they are always delivered.',
      params: unsubscribeTokenParams,
      response: { 200: envelope(publicPreferencesData), 404: NOT_FOUND, 429: THROTTLED },
    },
    handler: async (request) =>
      ok(
        UNSUBSCRIBE_SUCCESS.listed,
        await publicPreferences(app.db, targetOf(request.params.token)),
      ),
  });

  r.put('/api/public/preferences/:token', {
    config: { access: 'public', audit: AUDIT_BY_PERSON },
    onRequest: throttle,
    schema: {
      tags: ['unsubscribe'],
      summary: 'Save the preference page: unsubscribe from all, or set topics per channel',
      description:
        '`unsubscribe_all` turns off every topic on every channel (one consent row per channel for ' +
        'all topics); then each of `changes` sets one active topic on one channel. Recorded with the ' +
        'source `preference_page`, the optional `reason` and the address the request came from; ' +
        'what already holds writes nothing. A topic that is not active answers 400.',
      params: unsubscribeTokenParams,
      body: publicPreferencesInput,
      response: { 200: envelope(publicPreferencesData), 404: NOT_FOUND, 429: THROTTLED },
    },
    handler: async (request) =>
      ok(
        UNSUBSCRIBE_SUCCESS.saved,
        await savePublicPreferences(
          app.db,
          targetOf(request.params.token),
          request.body,
          request.clientAddress,
        ),
      ),
  });
}

/** In a scope of its own: the signature covers the exact bytes sent, so JSON is kept raw here. */
async function smsInboundRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  keepRawJson(app);

  r.post('/api/webhooks/sms-inbound', {
    config: {
      access: 'public',
      audit: {
        none: 'An SMS provider’s report: an opt-out it causes is audited by the actor "SMS" in its own transaction',
      },
      idempotency: {
        none: 'Providers send no Idempotency-Key; a STOP is applied once per message id, and once per opted-in user without one',
      },
    },
    schema: {
      tags: ['unsubscribe'],
      summary: 'A message someone sent to the SMS number; STOP or UNSUBSCRIBE opts them out of SMS',
      description:
        'Body `{ "from": "+447700900123", "text": "STOP", "id": "<provider message id, optional>" }`, ' +
        'signed like the outgoing webhooks: `X-Signature: sha256=<HMAC-SHA256 of the raw body with ' +
        'NOTIFY_WEBHOOK_SECRET, hex>`. A text of STOP or UNSUBSCRIBE (any case) unsubscribes every user ' +
        'whose phone number is `from` (in international form) from every topic on SMS; account ' +
        'messages still arrive. Any other text is acknowledged and ignored. An unsigned or wrongly ' +
        'signed call, or one while NOTIFY_WEBHOOK_SECRET is unset, answers 401 and changes nothing.',
      ...signedWebhookSchema,
    },
    handler: async (request) => {
      const { from, text, id } = signedInput(request, app.config.webhookSecret, smsInboundInput, {
        notAccepted: 'SMS inbound messages are not accepted: NOTIFY_WEBHOOK_SECRET is not set.',
        refusal: 'The message is not one this endpoint reads.',
      });
      if (isStopMessage(text))
        await optOutByReply(app.db, { channel: 'sms', from, text, messageId: id ?? null });
      return ok(UNSUBSCRIBE_SUCCESS.smsInbound);
    },
  });
}
