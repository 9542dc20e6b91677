import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  idParam,
  messageOnly,
  waTemplate,
  waTemplateInput,
  waTemplatesPage,
  waTemplatesQuery,
  WA_TEMPLATE_SUCCESS,
} from '@cricket/contracts';
import { z } from 'zod';
import { ok, pageData } from '../../lib/envelope';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  updateTemplate,
  searchTemplates,
} from './repository';

const templateData = envelope(z.object({ template: waTemplate }));

/** Spec §7 `/wa/templates`. */
export async function waTemplatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.globalSearch.provide('wa_templates', (q, limit) => searchTemplates(app.db, q, limit));

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

  r.get('/api/wa/templates/:id', {
    config: { access: 'wa_templates.view' },
    schema: {
      tags: ['wa-templates'],
      summary: 'One WhatsApp template',
      params: idParam,
      response: { 200: templateData },
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
    config: { access: 'wa_templates.update', audit: { entity: 'wa_template' } },
    schema: {
      tags: ['wa-templates'],
      summary: 'Update a WhatsApp template; its type cannot change',
      params: idParam,
      body: waTemplateInput,
      response: { 200: templateData },
    },
    handler: async (request) => {
      const template = await updateTemplate(
        app.db,
        request.params.id,
        request.body,
        auditOf(request),
      );
      return ok(WA_TEMPLATE_SUCCESS.updated, { template });
    },
  });

  r.delete('/api/wa/templates/:id', {
    config: { access: 'wa_templates.delete', audit: { entity: 'wa_template' } },
    schema: {
      tags: ['wa-templates'],
      summary: 'Delete a WhatsApp template',
      params: idParam,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      await deleteTemplate(app.db, request.params.id, auditOf(request));
      return ok(WA_TEMPLATE_SUCCESS.deleted);
    },
  });
}
