import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SUPPRESSION_SUCCESS,
  emailEventInput,
  envelope,
  errorBody,
  suppression,
  suppressionInput,
  suppressionParams,
  suppressionRemoveInput,
  suppressionsExportQuery,
  suppressionsPage,
  suppressionsQuery,
  SUPPRESSION_EXPORT_COLUMNS,
} from '@cricket/contracts';
import { z } from 'zod';
import { listExportRoute } from '../../lib/csv-export';
import { ok, pageData } from '../../lib/envelope';
import { applyEmailEvent } from '../../lib/suppression';
import { keepRawJson, signedInput, signedWebhookSchema } from '../../lib/signed-body';
import { sessionOf } from '../../plugins/auth';
import { auditOf } from '../../plugins/audit';
import {
  addSuppression,
  exportSuppressions,
  listSuppressions,
  removeSuppression,
} from './repository';

const suppressionData = envelope(z.object({ suppression }));

/** Issue 32: the suppression list, and the mail provider's bounce and complaint events. */
export async function suppressionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/messaging/suppressions', {
    config: { access: 'messaging.view' },
    schema: {
      tags: ['messaging'],
      summary:
        'Suppressed addresses, newest first, by channel, reason, state and part of the address',
      querystring: suppressionsQuery,
      response: { 200: envelope(suppressionsPage) },
    },
    handler: async (request) => {
      const q = request.query;
      const { data, pagination } = pageData(q, await listSuppressions(app.db, q));
      return ok(SUPPRESSION_SUCCESS.listed, { suppressions: data, pagination });
    },
  });

  listExportRoute(app, {
    list: 'suppressions',
    path: '/api/messaging/suppressions',
    access: 'messaging.view',
    tag: 'messaging',
    querystring: suppressionsExportQuery,
    rows: (q) => exportSuppressions(app.db, q),
    columns: SUPPRESSION_EXPORT_COLUMNS,
  });

  r.post('/api/messaging/suppressions', {
    config: { access: 'messaging.manage', audit: { entity: 'messaging_suppression' } },
    schema: {
      tags: ['messaging'],
      summary: 'Suppress an address on a channel (the reason is the administrator’s note)',
      description:
        'An email is stored lower-cased; an SMS or WhatsApp number in international form (+ and digits). ' +
        'Answers 409 when the address is already suppressed on that channel.',
      body: suppressionInput,
      response: { 201: suppressionData, 409: errorBody },
    },
    handler: async (request, reply) => {
      const created = await addSuppression(
        app.db,
        request.body,
        sessionOf(request).userId,
        auditOf(request),
      );
      return reply.status(201).send(ok(SUPPRESSION_SUCCESS.added, { suppression: created }));
    },
  });

  r.delete('/api/messaging/suppressions/:id', {
    config: { access: 'messaging.manage', audit: { entity: 'messaging_suppression' } },
    schema: {
      tags: ['messaging'],
      summary: 'Release a suppressed address, with the reason (kept as history, audited)',
      description:
        'The entry stays in the list as removed, with who removed it, when and why; sends reach the address again. ' +
        'Answers 409 when it was removed already.',
      params: suppressionParams,
      body: suppressionRemoveInput,
      response: { 200: suppressionData, 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      const removed = await removeSuppression(
        app.db,
        request.params.id,
        request.body.reason,
        sessionOf(request).userId,
        auditOf(request),
      );
      return ok(SUPPRESSION_SUCCESS.removed, { suppression: removed });
    },
  });

  await app.register(emailEventsRoute);
}

/** In a scope of its own: the signature covers the exact bytes sent, so JSON is kept raw here. */
async function emailEventsRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  keepRawJson(app);

  r.post('/api/webhooks/email-events', {
    config: {
      access: 'public',
      audit: {
        none: 'A mail provider’s report: what it changes is kept in the suppression list with its message id',
      },
      idempotency: {
        none: 'Providers send no Idempotency-Key; an event is applied once per message_id, so a repeat changes nothing',
      },
    },
    schema: {
      tags: ['messaging'],
      summary: 'A mail provider’s bounce and complaint events',
      description:
        'Body `{ "type": "bounce" | "complaint", "email": "…", "bounce_type": "hard" | "soft" (bounces), ' +
        '"message_id": "…", "reason": "550 5.1.1 User unknown" }`, signed like the outgoing webhooks: ' +
        '`X-Signature: sha256=<HMAC-SHA256 of the raw body with NOTIFY_WEBHOOK_SECRET, hex>`. ' +
        'A hard bounce or a complaint suppresses the address on email at once; a soft bounce counts, ' +
        'and the 3rd within 7 days suppresses it. The same message_id applied twice changes nothing. ' +
        'An unsigned or wrongly signed call, or one while NOTIFY_WEBHOOK_SECRET is unset, answers 401 ' +
        'and changes nothing. Any provider is adapted by a small relay that maps its event to this body.',
      ...signedWebhookSchema,
    },
    handler: async (request) => {
      const event = signedInput(request, app.config.webhookSecret, emailEventInput, {
        notAccepted: 'Email events are not accepted: NOTIFY_WEBHOOK_SECRET is not set.',
        refusal: 'The event is not one this endpoint reads.',
      });
      const applied = await applyEmailEvent(app.db, event);
      return ok(applied ? SUPPRESSION_SUCCESS.eventApplied : SUPPRESSION_SUCCESS.eventRepeated);
    },
  });
}
