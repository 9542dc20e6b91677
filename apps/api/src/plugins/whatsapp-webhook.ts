import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, messageOnly } from '@cricket/contracts';
import { z } from 'zod';
import { ok } from '../lib/envelope';
import { forbidden } from '../lib/http-errors';
import { keepRawJson, signedJson } from '../lib/signed-body';

/** One `entry[].changes[]` item of Meta's webhook body. */
export interface WebhookChange {
  field: string;
  value: Record<string, unknown>;
}

/** Applies one change; throws to make Meta deliver the call again later. */
export type WebhookHandler = (change: WebhookChange) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    whatsappWebhook: {
      /**
       * The feature that owns a webhook field applies its changes (wa-templates: the template
       * fields; notifications: `messages`). One handler per field.
       */
      on(field: string, handler: WebhookHandler): void;
    };
  }
}

/**
 * Meta's webhook for the WhatsApp Business Account (decision 041): the subscription check, and
 * the signed calls that report template reviews, quality and category changes, delivery
 * statuses and inbound messages. Public (Meta signs instead of signing in). Each change is
 * applied by the feature it concerns, by state rather than by event, so Meta's retries of the
 * same event change nothing a second time; every change is audited with the actor 'WhatsApp'.
 */
export default fp(
  async function whatsappWebhook(app: FastifyInstance) {
    const handlers = new Map<string, WebhookHandler>();
    app.decorate('whatsappWebhook', {
      on(field: string, handler: WebhookHandler) {
        if (handlers.has(field))
          throw new Error(`WhatsApp webhook field ${field} has a handler already`);
        handlers.set(field, handler);
      },
    });
    await app.register(async (scope) => routes(scope, handlers));
  },
  { name: 'whatsapp-webhook', decorators: { fastify: ['config'] } },
);

async function routes(app: FastifyInstance, handlers: Map<string, WebhookHandler>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const wa = app.config.whatsapp;

  keepRawJson(app);

  r.get('/api/webhooks/whatsapp', {
    config: { access: 'public' },
    schema: {
      tags: ['whatsapp'],
      summary: "Meta's webhook subscription check: echoes hub.challenge for the verify token",
      querystring: z.object({
        'hub.mode': z.string().max(64).optional(),
        'hub.verify_token': z.string().max(512).optional(),
        'hub.challenge': z.string().max(512).optional(),
      }),
      response: { 200: z.string().describe('hub.challenge, as sent'), 403: errorBody },
    },
    handler: async (request, reply) => {
      const q = request.query;
      if (
        !wa?.verifyToken ||
        q['hub.mode'] !== 'subscribe' ||
        q['hub.verify_token'] !== wa.verifyToken ||
        q['hub.challenge'] === undefined
      )
        throw forbidden('The verify token does not match WHATSAPP_VERIFY_TOKEN.');
      return reply.type('text/plain; charset=utf-8').send(q['hub.challenge']);
    },
  });

  r.post('/api/webhooks/whatsapp', {
    config: {
      access: 'public',
      audit: {
        none: "Meta's report: each change it makes is recorded by its feature with the actor WhatsApp",
      },
      idempotency: {
        none: 'Meta sends no Idempotency-Key; each change is applied by state, so a repeat changes nothing',
      },
    },
    schema: {
      tags: ['whatsapp'],
      summary: "Meta's signed webhook calls for the WhatsApp Business Account",
      description:
        'The body is Meta\'s `{ object: "whatsapp_business_account", entry: [{ id, changes: [{ field, value }] }] }`, ' +
        'signed with `X-Hub-Signature-256: sha256=<HMAC-SHA256 of the raw body with WHATSAPP_APP_SECRET>`; ' +
        'an unsigned or wrongly signed call answers 401 and changes nothing. Fields applied: ' +
        'message_template_status_update, message_template_quality_update, template_category_update, messages; others are acknowledged and ignored. ' +
        'A change that cannot be applied now answers 5xx, so Meta delivers it again.',
      consumes: ['application/json'],
      headers: z.object({ 'x-hub-signature-256': z.string().max(200).optional() }),
      response: { 200: messageOnly, 401: errorBody },
    },
    handler: async (request) => {
      const body = signedJson(request.body, wa?.appSecret, request.headers['x-hub-signature-256'], {
        notAccepted: 'WhatsApp webhooks are not accepted: WHATSAPP_APP_SECRET is not set.',
        badSignature: 'The X-Hub-Signature-256 header does not sign this body.',
      }) as { object?: unknown; entry?: unknown } | null;
      const entries = Array.isArray(body?.entry) ? (body!.entry as { changes?: unknown }[]) : [];
      for (const entry of entries) {
        const changes = Array.isArray(entry?.changes) ? (entry.changes as WebhookChange[]) : [];
        for (const change of changes) {
          if (!change || typeof change.field !== 'string' || typeof change.value !== 'object')
            continue;
          await handlers.get(change.field)?.(change);
        }
      }
      return ok('Received');
    },
  });
}
