import type { FastifyInstance } from 'fastify';
import { provideNotificationTemplatesBulk } from './bulk';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AVAILABILITY_WA_FIELDS,
  TEMPLATE_VARIABLES,
  DELIVERY_EXPORT_COLUMNS,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_SEND_EXPORT_COLUMNS,
  NOTIFICATION_SUCCESS,
  NOTIFICATION_TEMPLATE_EXPORT_COLUMNS,
  NOTIFICATION_TYPES,
  deliveriesExportQuery,
  envelope,
  idParam,
  notificationChannels,
  messageOnly,
  notificationSendsExportQuery,
  notificationSendsPage,
  notificationSendsQuery,
  notificationTemplateData,
  notificationTemplateInput,
  notificationTemplatesExportQuery,
  notificationTemplatesPage,
  notificationTemplatesQuery,
  pageOf,
  recipientOption,
  recipientsQuery,
  sendCreated,
  sendDetails,
  sendDetailsQuery,
  sendNotificationInput,
  sendNotificationSchema,
  sendPreview,
  SEND_PREVIEW_MESSAGES,
  type SendChannel,
  type SendNotificationValues,
  type WaSendValues,
  templateNamesQuery,
  WA_SEND_MESSAGES,
  WA_SEND_SUCCESS,
  errorBody,
  waSendInput,
} from '@cricket/contracts';
import { z } from 'zod';
import { listExportRoute } from '../../lib/csv-export';
import { linkPageKeys, ok, okPage, pageData } from '../../lib/envelope';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { notificationTemplates } from '../../db/schema';
import { badRequest, conflict, HttpError } from '../../lib/http-errors';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import { cancelSend, exportDeliveries, listDeliveries, retryFailed } from './repository-deliveries';
import { listRecipients } from './repository-recipients';
import {
  channelsFor,
  createSend,
  exportSends,
  getSend,
  listSends,
  previewSend,
  PRODUCT_CHANNELS,
} from './repository-sends';
import {
  createTemplate,
  deleteTemplate,
  exportTemplates,
  getTemplate,
  listTemplateNames,
  listTemplates,
  updateTemplate,
  templateSearch,
} from './repository-templates';
import { whatsappSendContent } from './repository-whatsapp';
import { whatsappMessagesHandler } from './whatsapp-events';

const templateData = envelope(notificationTemplateData);

/** Messages a second one worker lane is taken to hand to SMTP or a webhook (decision 053). */
const PER_LANE_PER_SECOND = 10;

async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.globalSearch.provide('notification_templates', templateSearch);
  provideNotificationTemplatesBulk(app);
  // A product send (an availability ask, a team sheet) goes to named people, each on the first
  // channel they accept (decision 078): one send per channel used. Its audit record is its
  // caller's (the ask, on the match): one request, one record.
  // With a WhatsApp template (decision 079) WhatsApp is tried first; the template is checked
  // even when WhatsApp is not connected, so a bad choice is refused rather than ignored.
  app.productSends.provide(async (db, send) => {
    const topicId = send.topicId ?? null;
    const whatsapp = send.whatsapp
      ? await whatsappSendContent(
          db,
          send.whatsapp.templateId,
          send.whatsapp,
          app.config.publicUrl,
          {
            template: 'wa_template_id',
            variables: 'wa_variables',
            fields: send.matchId ? AVAILABILITY_WA_FIELDS : TEMPLATE_VARIABLES,
          },
        ).catch((err: unknown) => {
          if (send.whatsapp?.fallBack && err instanceof HttpError) return null;
          throw err;
        })
      : null;
    const usable = [...(whatsapp ? (['whatsapp'] as const) : []), ...PRODUCT_CHANNELS].filter(
      (channel) => app.transports[channel],
    );
    const byChannel = await channelsFor(db, send.recipientIds, usable, topicId);
    let first: { id: number } | null = null;
    for (const [channel, ids] of byChannel) {
      const made = await createSend(
        db,
        {
          recipient_type: 'specific',
          recipient_ids: ids,
          scheduled_at: null,
          respect_quiet_hours: true,
        },
        channel === 'whatsapp' && whatsapp
          ? { ...whatsapp, topicId, matchId: send.matchId ?? undefined }
          : {
              channel,
              templateId: null,
              topicId,
              templateName: send.name,
              subject: channel === 'email' ? send.subject : null,
              message: channel === 'email' ? send.message : `${send.subject}\n\n${send.message}`,
              matchId: send.matchId ?? undefined,
            },
        send.createdBy,
        async () => undefined,
        app.clock(),
      );
      first ??= made;
    }
    return first!;
  });
  /** A send just recorded: the worker woken, and the answer saying what happens next. */
  function recorded(send: Awaited<ReturnType<typeof getSend>>, sending: (n: number) => string) {
    app.notificationWorker.wake();
    return ok(
      send.scheduled_at
        ? NOTIFICATION_SUCCESS.scheduledFor(send.scheduled_at)
        : sending(send.counts.total),
      { send },
    );
  }
  r.get('/api/notifications/templates', {
    config: { access: 'notification_templates.view' },
    schema: {
      tags: ['notifications'],
      summary: 'Notification templates, filtered by name, subject, type and status',
      querystring: notificationTemplatesQuery,
      response: { 200: envelope(notificationTemplatesPage) },
    },
    handler: async (request) =>
      okPage(
        NOTIFICATION_SUCCESS.templatesListed,
        request.query,
        await listTemplates(app.db, request.query),
      ),
  });

  listExportRoute(app, {
    list: 'notification-templates',
    path: '/api/notifications/templates',
    access: 'notification_templates.view',
    tag: 'notifications',
    querystring: notificationTemplatesExportQuery,
    rows: (q) => exportTemplates(app.db, q),
    columns: NOTIFICATION_TEMPLATE_EXPORT_COLUMNS,
  });

  r.get('/api/notifications/templates/name', {
    config: { access: 'notifications.send' },
    schema: {
      tags: ['notifications'],
      summary: 'The send form’s template picker: templates by name, the chosen one first',
      querystring: templateNamesQuery,
      response: { 200: envelope(notificationTemplatesPage) },
    },
    handler: async (request) =>
      okPage(
        NOTIFICATION_SUCCESS.templatesListed,
        request.query,
        await listTemplateNames(app.db, request.query),
      ),
  });

  r.get('/api/notifications/templates/:id', {
    config: { access: 'notification_templates.view', version: notificationTemplates },
    schema: {
      tags: ['notifications'],
      summary: 'One notification template',
      params: idParam,
      response: { 200: templateData },
    },
    handler: async (request, reply) => {
      const template = await getTemplate(app.db, request.params.id);
      sendVersion(reply, template.updated_at);
      return ok(NOTIFICATION_SUCCESS.templateFetched, { template });
    },
  });

  r.post('/api/notifications/templates', {
    config: { access: 'notification_templates.create', audit: { entity: 'notification_template' } },
    schema: {
      tags: ['notifications'],
      summary: 'Create a notification template (draft unless a status is given)',
      body: notificationTemplateInput,
      response: { 201: templateData },
    },
    handler: async (request, reply) => {
      const template = await createTemplate(
        app.db,
        request.body,
        sessionOf(request).userId,
        auditOf(request),
      );
      return reply.status(201).send(ok(NOTIFICATION_SUCCESS.templateCreated, { template }));
    },
  });

  r.put('/api/notifications/templates/:id', {
    config: {
      access: 'notification_templates.update',
      audit: { entity: 'notification_template' },
      version: notificationTemplates,
    },
    schema: {
      tags: ['notifications'],
      summary: 'Update a notification template',
      params: idParam,
      body: notificationTemplateInput,
      response: { 200: templateData },
    },
    handler: async (request, reply) => {
      const template = await versionedWrite(app.db, request, (db) =>
        updateTemplate(db, request.params.id, request.body, auditOf(request)),
      );
      sendVersion(reply, template.updated_at);
      return ok(NOTIFICATION_SUCCESS.templateUpdated, { template });
    },
  });

  r.delete('/api/notifications/templates/:id', {
    config: {
      access: 'notification_templates.delete',
      audit: { entity: 'notification_template' },
      version: notificationTemplates,
    },
    schema: {
      tags: ['notifications'],
      summary: 'Delete a notification template; sends made with it keep their record',
      params: idParam,
      response: { 200: messageOnly },
    },
    handler: async (request) =>
      ok(
        NOTIFICATION_SUCCESS.templateDeleted(
          await versionedWrite(app.db, request, (db) =>
            deleteTemplate(db, request.params.id, auditOf(request)),
          ),
        ),
      ),
  });

  r.get('/api/notifications/recipients', {
    config: { access: 'notifications.send' },
    schema: {
      tags: ['notifications'],
      summary: 'The recipient picker: users by name, phone or email; total counts the audience',
      querystring: recipientsQuery,
      response: { 200: envelope(pageOf(recipientOption)) },
    },
    handler: async (request) =>
      okPage(
        NOTIFICATION_SUCCESS.recipientsListed,
        request.query,
        await listRecipients(app.db, request.query),
      ),
  });

  r.get('/api/notifications/channels', {
    config: { access: 'notifications.send' },
    schema: {
      tags: ['notifications'],
      summary: 'Which channels have a transport on this server; the others cannot be sent',
      response: { 200: envelope(notificationChannels) },
    },
    handler: () =>
      ok(NOTIFICATION_SUCCESS.channelsListed, {
        channels: NOTIFICATION_TYPES.map((type) => {
          const available = Boolean(app.transports[type]);
          return {
            type,
            available,
            reason: available ? null : NOTIFICATION_MESSAGES.transportMissing(type),
          };
        }),
      }),
  });

  /**
   * The send form's body checked as a send checks it: the template, the subject rule of its
   * channel, a transport for the channel. The send and its dry run both start here.
   */
  async function checkedNotification(body: SendNotificationValues) {
    const template = await getTemplate(app.db, body.template_id).catch(() => {
      throw badRequest(NOTIFICATION_MESSAGES.templateRequired, {
        template_id: [NOTIFICATION_MESSAGES.templateRequired],
      });
    });
    // The subject rule depends on the template's channel, known only now.
    const checked = sendNotificationSchema(template.type, () => app.clock().getTime()).safeParse(
      body,
    );
    if (!checked.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of checked.error.issues)
        (errors[String(issue.path[0] ?? '_')] ??= []).push(issue.message);
      throw badRequest(checked.error.issues[0]!.message, errors);
    }
    // Accepted, it would be reported sent and then skipped for every recipient: refused now,
    // the administrator learns it before anything is recorded.
    if (!app.transports[template.type]) {
      throw new HttpError(503, NOTIFICATION_MESSAGES.noTransport(template.type));
    }
    return { template, values: checked.data };
  }

  /** A WhatsApp send's body checked as the send checks it; the send and its dry run start here. */
  async function checkedWhatsApp(id: number, body: WaSendValues) {
    if (!app.transports.whatsapp) throw conflict(WA_SEND_MESSAGES.notConnected);
    return whatsappSendContent(app.db, id, body, app.config.publicUrl);
  }

  /**
   * Messages a second the dry run's estimate assumes: WhatsApp's is its pace (WHATSAPP_MPS);
   * the worker's other channels are not paced, so each of its NOTIFY_CONCURRENCY lanes is
   * taken to hand over PER_LANE_PER_SECOND messages a second (decision 053).
   */
  const perSecond = (channel: SendChannel) =>
    channel === 'whatsapp'
      ? (app.config.whatsapp?.mps ?? 1)
      : app.notificationWorker.settings.concurrency * PER_LANE_PER_SECOND;

  /** A dry run is a read made as a POST: it records nothing, and its answer is never stored. */
  const DRY_RUN_CONFIG = {
    access: 'notifications.send',
    audit: { none: 'A dry run of a send: it counts recipients and records nothing' },
    idempotency: { none: 'A dry run records nothing; a repeat counts again, as it should' },
  } as const;

  const PREVIEW_DESCRIPTION =
    'Records nothing: no send, no delivery, no audit record. Each recipient is decided as the send would decide ' +
    'them now (no address, suppressed, opted out of WhatsApp, not subscribed to the template’s topic; account ' +
    'messages are exempt from topic consent); `skipped` groups the reasons their deliveries would carry, a ' +
    'suppressed one by its kind (`skipped: suppressed (hard bounce)`). `held` counts deliveries that would wait ' +
    'for quiet hours and `held_until` says until when; `estimated_seconds` is will_receive at the channel’s rate.';

  r.post('/api/notifications/send', {
    config: { access: 'notifications.send', audit: { entity: 'notification_send' } },
    schema: {
      tags: ['notifications'],
      summary:
        'Send now or schedule: records the send and one delivery per recipient, answers at once',
      description:
        'Refused (400) when the chosen audience holds no user. Each recipient not subscribed to the template’s ' +
        'topic on its channel, suppressed, or without an address gets a skipped delivery with the reason.',
      body: sendNotificationInput,
      response: { 201: envelope(sendCreated) },
    },
    handler: async (request, reply) => {
      const { template, values } = await checkedNotification(request.body);
      const send = await createSend(
        app.db,
        values,
        {
          channel: template.type,
          templateId: template.id,
          topicId: template.topic_id,
          templateName: template.name,
          subject: values.subject,
          message: values.message,
        },
        sessionOf(request).userId,
        auditOf(request),
        app.clock(),
      );
      return reply.status(201).send(recorded(send, NOTIFICATION_SUCCESS.sending));
    },
  });

  r.post('/api/notifications/send/preview', {
    config: DRY_RUN_CONFIG,
    schema: {
      tags: ['notifications'],
      summary: 'Dry run of a send: who would receive it, who would be skipped and why',
      description: `Takes the body of POST /api/notifications/send and refuses what it refuses. ${PREVIEW_DESCRIPTION}`,
      body: sendNotificationInput,
      response: { 200: envelope(sendPreview) },
    },
    handler: async (request) => {
      const { template, values } = await checkedNotification(request.body);
      const content = { channel: template.type, topicId: template.topic_id };
      return ok(
        SEND_PREVIEW_MESSAGES.previewed,
        await previewSend(app.db, values, content, perSecond(template.type), app.clock()),
      );
    },
  });

  r.post('/api/wa/templates/:id/send', {
    config: { access: 'notifications.send', audit: { entity: 'notification_send' } },
    schema: {
      tags: ['notifications'],
      summary:
        'Send an approved WhatsApp template now or schedule it: records the send and one delivery per recipient',
      description:
        'Each template variable is mapped to a user field (`{{first_name}}`, filled per recipient) or fixed text. ' +
        'The send appears in Sent Notifications with channel `whatsapp`; the worker sends each delivery through ' +
        '`POST {WHATSAPP_GRAPH_URL}/{WHATSAPP_PHONE_NUMBER_ID}/messages`, at most WHATSAPP_MPS per second, to the ' +
        "recipient's number in international form. Recipients without a usable number, or opted out of WhatsApp, " +
        'are recorded as skipped with the reason. 409 when WhatsApp is not connected or the template is not approved; ' +
        '400 when a variable has no value or the audience holds no user.',
      params: idParam,
      body: waSendInput,
      response: { 201: envelope(sendCreated), 404: errorBody, 409: errorBody },
    },
    handler: async (request, reply) => {
      const content = await checkedWhatsApp(request.params.id, request.body);
      const send = await createSend(
        app.db,
        request.body,
        content,
        sessionOf(request).userId,
        auditOf(request),
        app.clock(),
      );
      return reply.status(201).send(recorded(send, WA_SEND_SUCCESS.sending));
    },
  });

  r.post('/api/wa/templates/:id/send/preview', {
    config: DRY_RUN_CONFIG,
    schema: {
      tags: ['notifications'],
      summary:
        'Dry run of a WhatsApp template send: who would receive it, who would be skipped and why',
      description:
        `Takes the body of POST /api/wa/templates/{id}/send and refuses what it refuses (409 when WhatsApp is not ` +
        `connected or the template is not approved). Recipients opted out of WhatsApp (an inbound STOP) count ` +
        `under \`skipped: opted out of WhatsApp\`. ${PREVIEW_DESCRIPTION} The rate is WHATSAPP_MPS.`,
      params: idParam,
      body: waSendInput,
      response: { 200: envelope(sendPreview), 404: errorBody, 409: errorBody },
    },
    handler: async (request) => {
      const content = await checkedWhatsApp(request.params.id, request.body);
      return ok(
        SEND_PREVIEW_MESSAGES.previewed,
        await previewSend(app.db, request.body, content, perSecond('whatsapp'), app.clock()),
      );
    },
  });

  app.whatsappWebhook.on('messages', whatsappMessagesHandler(app.db));

  r.get('/api/notifications/sends', {
    config: { access: 'notifications.view' },
    schema: {
      tags: ['notifications'],
      summary: 'Sent and scheduled notifications with their delivery counts',
      querystring: notificationSendsQuery,
      response: { 200: envelope(notificationSendsPage) },
    },
    handler: async (request) =>
      okPage(
        NOTIFICATION_SUCCESS.sendsListed,
        request.query,
        await listSends(app.db, request.query),
      ),
  });

  listExportRoute(app, {
    list: 'notification-sends',
    path: '/api/notifications/sends',
    access: 'notifications.view',
    tag: 'notifications',
    querystring: notificationSendsExportQuery,
    rows: (q) => exportSends(app.db, q),
    columns: NOTIFICATION_SEND_EXPORT_COLUMNS,
  });

  listExportRoute(app, {
    list: 'deliveries',
    path: '/api/notifications/sends/:id/deliveries',
    params: idParam,
    access: 'notifications.view',
    tag: 'notifications',
    querystring: deliveriesExportQuery,
    // A send that does not exist answers 404, not an empty file.
    rows: async function* (q, { id }) {
      yield* exportDeliveries(app.db, (await getSend(app.db, id)).id, q);
    },
    columns: DELIVERY_EXPORT_COLUMNS,
  });

  r.get('/api/notifications/sends/:id', {
    config: { access: 'notifications.view' },
    schema: {
      tags: ['notifications'],
      summary: 'A send and a page of its per-recipient deliveries',
      params: idParam,
      querystring: sendDetailsQuery,
      response: { 200: envelope(sendDetails) },
    },
    handler: async (request, reply) => {
      const send = await getSend(app.db, request.params.id);
      const q = request.query;
      // The send's tally already counted its deliveries: the page need not count them first.
      const page = await listDeliveries(
        app.db,
        send.id,
        q,
        q.status ? undefined : send.counts.total,
      );
      linkPageKeys(reply, request.url, q, page.keys);
      return ok(NOTIFICATION_SUCCESS.sendFetched, { send, deliveries: pageData(q, page) });
    },
  });

  r.post('/api/notifications/sends/:id/cancel', {
    config: { access: 'notifications.send', audit: { entity: 'notification_send' } },
    schema: {
      tags: ['notifications'],
      summary: 'Cancel a scheduled or running send; answers once nothing more will go out',
      params: idParam,
      response: { 200: envelope(sendCreated) },
    },
    handler: async (request) =>
      ok(NOTIFICATION_SUCCESS.cancelled, {
        send: await cancelSend(
          app.db,
          request.params.id,
          app.notificationWorker.settings.leaseMs,
          auditOf(request),
        ),
      }),
  });

  r.post('/api/notifications/sends/:id/retry-failed', {
    config: { access: 'notifications.send', audit: { entity: 'notification_send' } },
    schema: {
      tags: ['notifications'],
      summary: 'Queue the send’s failed deliveries again (and only those)',
      params: idParam,
      response: {
        200: envelope(z.object({ requeued: z.number().int(), send: sendCreated.shape.send })),
      },
    },
    handler: async (request) => {
      const requeued = await retryFailed(app.db, request.params.id, auditOf(request));
      app.notificationWorker.wake();
      return ok(NOTIFICATION_SUCCESS.retried(requeued), {
        requeued,
        send: await getSend(app.db, request.params.id),
      });
    },
  });
}

export default fp(notificationsRoutes, {
  name: 'notifications',
  dependencies: ['transports', 'delivery-worker', 'whatsapp-webhook'],
});
