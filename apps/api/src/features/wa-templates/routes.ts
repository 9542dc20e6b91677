import type { FastifyInstance } from 'fastify';
import { provideWaTemplatesBulk } from './bulk';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  errorBody,
  idParam,
  messageOnly,
  waConnection,
  waSyncResult,
  waTemplate,
  waTemplateInput,
  waTemplatesExportQuery,
  waTemplatesPage,
  waTemplatesQuery,
  WA_TEMPLATE_EXPORT_COLUMNS,
  WA_TEMPLATE_SUCCESS,
} from '@cricket/contracts';
import { z } from 'zod';
import { waTemplates } from '../../db/schema';
import { listExportRoute } from '../../lib/csv-export';
import { ok, pageData } from '../../lib/envelope';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import {
  createTemplate,
  deleteTemplate,
  exportTemplates,
  getTemplate,
  listTemplates,
  templateSearch,
} from './repository';
import { editTemplate, followTemplateWebhooks, submitTemplate, syncTemplates } from './whatsapp';

const templateData = envelope(z.object({ template: waTemplate }));

/** How Meta's refusal and a template WhatsApp cannot take now answer (decision 044). */
const whatsappErrors = {
  409: errorBody.describe(
    'WhatsApp is not connected, or the template cannot go to WhatsApp now (already submitted, under review, disabled, numbered variables, header file missing)',
  ),
  502: errorBody.describe(
    "WhatsApp refused or could not be reached: the message is Meta's error in full (code, title, message, user message); nothing changed",
  ),
};

/** Spec §7 `/wa/templates`, and WhatsApp itself (issue 31). */
export async function waTemplatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.globalSearch.provide('wa_templates', templateSearch);
  provideWaTemplatesBulk(app);
  followTemplateWebhooks(app);

  r.get('/api/wa/connection', {
    config: { access: 'wa_templates.view' },
    schema: {
      tags: ['wa-templates'],
      summary:
        'Whether WhatsApp is connected, so that it decides the status of submitted templates',
      response: { 200: envelope(waConnection) },
    },
    handler: async () =>
      ok(WA_TEMPLATE_SUCCESS.connection, {
        connected: app.whatsapp !== null,
        webhook_url: app.config.publicUrl ? `${app.config.publicUrl}/api/webhooks/whatsapp` : null,
      }),
  });

  r.post('/api/wa/templates/sync', {
    config: {
      access: 'wa_templates.update',
      audit: {
        none: "Meta's state: each template it changes is recorded with the actor WhatsApp",
      },
      idempotency: { none: 'Reading Meta again is harmless: a repeat changes nothing' },
    },
    schema: {
      tags: ['wa-templates'],
      summary:
        'Read every WhatsApp template at Meta (all pages) and bring status, quality, category and reason up to date',
      description:
        'Templates Meta holds that are not here are listed in `unknown`, not dropped; templates submitted from here that Meta no longer lists are in `missing`.',
      response: { 200: envelope(waSyncResult), 409: whatsappErrors[409], 502: whatsappErrors[502] },
    },
    handler: async () => {
      const result = await syncTemplates(app);
      return ok(
        WA_TEMPLATE_SUCCESS.synced(result.checked, result.updated.length, result.unknown.length),
        result,
      );
    },
  });

  r.post('/api/wa/templates/:id/submit', {
    config: { access: 'wa_templates.update', audit: { entity: 'wa_template' } },
    schema: {
      tags: ['wa-templates'],
      summary:
        'Submit a template to WhatsApp for approval (a media header is uploaded first); it becomes pending',
      description:
        "Sends Meta `name`, `language`, `category` (whatsapp_category), `parameter_format: NAMED` and the components; stores Meta's id and status. Numbered variables ({{1}}) in the header or body must be renamed first (409).",
      params: idParam,
      response: {
        200: templateData,
        404: errorBody,
        409: whatsappErrors[409],
        502: whatsappErrors[502],
      },
    },
    handler: async (request) => {
      const template = await submitTemplate(app, request.params.id, auditOf(request));
      return ok(WA_TEMPLATE_SUCCESS.submitted, { template });
    },
  });

  r.get('/api/wa/templates', {
    config: { access: 'wa_templates.view' },
    schema: {
      tags: ['wa-templates'],
      summary: 'WhatsApp templates, searched by name, filtered by category, type and status',
      querystring: waTemplatesQuery,
      response: { 200: envelope(waTemplatesPage) },
    },
    handler: async (request) => {
      const q = request.query;
      const { data, pagination } = pageData(q, await listTemplates(app.db, q));
      return ok(WA_TEMPLATE_SUCCESS.listed, { templates: data, pagination });
    },
  });

  listExportRoute(app, {
    list: 'wa-templates',
    path: '/api/wa/templates',
    access: 'wa_templates.view',
    tag: 'wa-templates',
    querystring: waTemplatesExportQuery,
    rows: (q) => exportTemplates(app.db, q),
    columns: WA_TEMPLATE_EXPORT_COLUMNS,
  });

  r.get('/api/wa/templates/:id', {
    config: { access: 'wa_templates.view', version: waTemplates },
    schema: {
      tags: ['wa-templates'],
      summary: 'One WhatsApp template',
      params: idParam,
      response: { 200: templateData },
    },
    handler: async (request, reply) => {
      const template = await getTemplate(app.db, request.params.id);
      sendVersion(reply, template.updated_at);
      return ok(WA_TEMPLATE_SUCCESS.fetched, { template });
    },
  });

  // The send form (/send-whatsapp) is behind notifications.send, not wa_templates.view: who may
  // send a template reads what they send from here, without the right to browse templates
  // (decision 051).
  r.get('/api/wa/templates/:id/send', {
    config: { access: 'notifications.send' },
    schema: {
      tags: ['wa-templates'],
      summary: 'The WhatsApp template the send form sends, for those who may send',
      description:
        'The same template as `GET /api/wa/templates/{id}`, readable with notifications.send alone: ' +
        'the send form shows its variables and a preview. 404 when there is no such template.',
      params: idParam,
      response: { 200: templateData, 404: errorBody },
    },
    handler: async (request) =>
      ok(WA_TEMPLATE_SUCCESS.fetched, { template: await getTemplate(app.db, request.params.id) }),
  });

  r.post('/api/wa/templates', {
    config: { access: 'wa_templates.create', audit: { entity: 'wa_template' } },
    schema: {
      tags: ['wa-templates'],
      summary: "Create a WhatsApp template, checked against WhatsApp's own rules",
      body: waTemplateInput,
      response: { 201: templateData },
    },
    handler: async (request, reply) => {
      const template = await createTemplate(
        app.db,
        request.body,
        sessionOf(request).userId,
        auditOf(request),
      );
      return reply.status(201).send(ok(WA_TEMPLATE_SUCCESS.created, { template }));
    },
  });

  r.put('/api/wa/templates/:id', {
    config: {
      access: 'wa_templates.update',
      audit: { entity: 'wa_template' },
      version: waTemplates,
    },
    schema: {
      tags: ['wa-templates'],
      summary: 'Update a WhatsApp template; its type cannot change',
      description:
        'With WhatsApp connected, a submitted template keeps its status, name and language (WhatsApp decides the status), and a change to what Meta holds is re-submitted to Meta first: it becomes pending, or Meta refuses (502) and nothing changes. Meta lets an approved template be edited once a day and 10 times in 30 days.',
      params: idParam,
      body: waTemplateInput,
      response: { 200: templateData, 409: whatsappErrors[409], 502: whatsappErrors[502] },
    },
    handler: async (request, reply) => {
      const { template, resubmitted } = await versionedWrite(app.db, request, (db) =>
        editTemplate(app, request.params.id, request.body, auditOf(request), db),
      );
      sendVersion(reply, template.updated_at);
      return ok(resubmitted ? WA_TEMPLATE_SUCCESS.resubmitted : WA_TEMPLATE_SUCCESS.updated, {
        template,
      });
    },
  });

  r.delete('/api/wa/templates/:id', {
    config: {
      access: 'wa_templates.delete',
      audit: { entity: 'wa_template' },
      version: waTemplates,
    },
    schema: {
      tags: ['wa-templates'],
      summary: 'Delete a WhatsApp template',
      params: idParam,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      await versionedWrite(app.db, request, (db) =>
        deleteTemplate(db, request.params.id, auditOf(request)),
      );
      return ok(WA_TEMPLATE_SUCCESS.deleted);
    },
  });
}
