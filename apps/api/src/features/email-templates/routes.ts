import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { provideEmailTemplatesBulk } from './bulk';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EMAIL_TEMPLATE_MESSAGES,
  EMAIL_TEMPLATE_SUCCESS,
  emailTemplate,
  emailTemplateInput,
  emailTemplatesPage,
  emailTemplatesExportQuery,
  emailTemplatesQuery,
  EMAIL_TEMPLATE_EXPORT_COLUMNS,
  envelope,
  errorBody,
  escapeHtml,
  idParam,
  messageOnly,
  renderTemplate,
} from '@cricket/contracts';
import { z } from 'zod';
import { HttpError } from '../../lib/http-errors';
import { listExportRoute } from '../../lib/csv-export';
import { ok, okPage } from '../../lib/envelope';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { emailTemplates } from '../../db/schema';
import { mailDomain } from '../../lib/mail';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import {
  createEmailTemplate,
  deleteEmailTemplate,
  exportEmailTemplates,
  getEmailTemplate,
  listEmailTemplates,
  recipientOf,
  updateEmailTemplate,
  searchEmailTemplates,
} from './repository';

const templateData = envelope(z.object({ template: emailTemplate }));

export async function emailTemplatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.globalSearch.provide('email_templates', (q, limit) => searchEmailTemplates(app.db, q, limit));
  provideEmailTemplatesBulk(app);

  listExportRoute(app, {
    list: 'email-templates',
    access: 'email_templates.view',
    tag: 'email-templates',
    querystring: emailTemplatesExportQuery,
    rows: (q) => exportEmailTemplates(app.db, q),
    columns: EMAIL_TEMPLATE_EXPORT_COLUMNS,
  });

  r.get('/api/email-templates', {
    config: { access: 'email_templates.view' },
    schema: {
      tags: ['email-templates'],
      summary: 'Email templates, filtered by name, subject and status',
      querystring: emailTemplatesQuery,
      response: { 200: envelope(emailTemplatesPage) },
    },
    handler: async (request) =>
      okPage(
        EMAIL_TEMPLATE_SUCCESS.listed,
        request.query,
        await listEmailTemplates(app.db, request.query),
      ),
  });

  r.post('/api/email-templates', {
    config: { access: 'email_templates.create', audit: { entity: 'email_template' } },
    schema: {
      tags: ['email-templates'],
      summary: 'Create an email template; its placeholders are checked',
      body: emailTemplateInput,
      response: { 201: templateData },
    },
    handler: async (request, reply) => {
      const template = await createEmailTemplate(app.db, request.body, auditOf(request));
      return reply.status(201).send(ok(EMAIL_TEMPLATE_SUCCESS.created, { template }));
    },
  });

  r.get('/api/email-templates/:id', {
    config: { access: 'email_templates.view', version: emailTemplates },
    schema: {
      tags: ['email-templates'],
      summary: 'One email template with its HTML content',
      params: idParam,
      response: { 200: templateData },
    },
    handler: async (request, reply) => {
      const template = await getEmailTemplate(app.db, request.params.id);
      sendVersion(reply, template.last_modified);
      return ok(EMAIL_TEMPLATE_SUCCESS.fetched, { template });
    },
  });

  r.put('/api/email-templates/:id', {
    config: {
      access: 'email_templates.update',
      audit: { entity: 'email_template' },
      version: emailTemplates,
    },
    schema: {
      tags: ['email-templates'],
      summary: 'Update an email template',
      params: idParam,
      body: emailTemplateInput,
      response: { 200: templateData },
    },
    handler: async (request, reply) => {
      const template = await versionedWrite(app.db, request, (db) =>
        updateEmailTemplate(db, request.params.id, request.body, auditOf(request)),
      );
      sendVersion(reply, template.last_modified);
      return ok(EMAIL_TEMPLATE_SUCCESS.updated, { template });
    },
  });

  r.delete('/api/email-templates/:id', {
    config: {
      access: 'email_templates.delete',
      audit: { entity: 'email_template' },
      version: emailTemplates,
    },
    schema: {
      tags: ['email-templates'],
      summary: 'Delete an email template',
      params: idParam,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      const { name } = await versionedWrite(app.db, request, (db) =>
        deleteEmailTemplate(db, request.params.id, auditOf(request)),
      );
      return ok(EMAIL_TEMPLATE_SUCCESS.deleted(name));
    },
  });

  // Sends mail, so it is a write: the same permission as editing the template.
  r.post('/api/email-templates/:id/test', {
    config: {
      access: 'email_templates.update',
      audit: { none: 'Sends a test email to the signed-in user; it changes no record' },
    },
    schema: {
      tags: ['email-templates'],
      summary: 'Send the template, filled with your own details, to your own address',
      params: idParam,
      response: { 200: messageOnly, 502: errorBody },
    },
    handler: async (request) => {
      const template = await getEmailTemplate(app.db, request.params.id);
      const me = await recipientOf(app.db, sessionOf(request).userId);
      if (!app.mail) throw new HttpError(503, EMAIL_TEMPLATE_MESSAGES.noTransport);
      try {
        await app.mail.send({
          to: me.email,
          subject: `[Test] ${renderTemplate(template.subject, me)}`,
          html: renderTemplate(template.content, me, escapeHtml),
          messageId: `template-test-${template.id}-${randomUUID()}@${mailDomain(app.config.mailFrom)}`,
        });
      } catch (err) {
        request.log.warn({ err }, 'test email failed');
        throw new HttpError(
          502,
          `${EMAIL_TEMPLATE_MESSAGES.testFailed}: ${(err as Error).message}`,
        );
      }
      return ok(EMAIL_TEMPLATE_SUCCESS.testSent(me.email));
    },
  });
}
