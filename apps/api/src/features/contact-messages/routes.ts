import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { provideContactMessagesBulk } from './bulk';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorBody,
  CONTACT_BODY_LIMIT,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGES,
  CONTACT_SUCCESS,
  IDEMPOTENCY_HEADER,
  contactInput,
  contactMessagesExportQuery,
  contactMessagesPage,
  contactMessagesQuery,
  CONTACT_MESSAGE_EXPORT_COLUMNS,
  contactReply,
  contactReplyInput,
  contactReplyParams,
  contactThread,
  envelope,
  idParam,
  messageOnly,
} from '@cricket/contracts';
import { z } from 'zod';
import { listExportRoute } from '../../lib/csv-export';
import { ok, pageData } from '../../lib/envelope';
import { HttpError } from '../../lib/http-errors';
import { mailDomain } from '../../lib/mail';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import { keyRecorderOf } from '../../plugins/idempotency';
import {
  createContactMessage,
  deleteContactMessage,
  exportContactMessages,
  finishReply,
  listContactMessages,
  openContactMessage,
  restartReply,
  startReply,
  type ReplyToSend,
} from './repository';

/** The Message-ID the original message stands under, so mail clients thread every reply to it. */
const originalMessageId = (id: number, domain: string) => `contact-${id}@${domain}`;

export async function contactMessagesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  provideContactMessagesBulk(app);
  const domain = mailDomain(app.config.mailFrom);

  // CORS for this one public route, by hand: @fastify/cors would answer preflights for
  // every path of the server, and only the website's form may be posted cross-origin.
  const allowed = new Set(app.config.contactAllowedOrigins);
  const allowOrigin = (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin');
    if (origin && allowed.has(origin)) reply.header('access-control-allow-origin', origin);
  };

  r.options('/api/contact', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      allowOrigin(request, reply);
      if (reply.hasHeader('access-control-allow-origin')) {
        reply.header('access-control-allow-methods', 'POST');
        // The website may make its post safe to retry (decision 036).
        reply.header('access-control-allow-headers', `content-type, ${IDEMPOTENCY_HEADER}`);
        reply.header('access-control-max-age', '600');
      }
      return reply.status(204).send();
    },
  });

  r.post('/api/contact', {
    config: {
      access: 'public',
      audit: { none: 'A message from the public website: the stored message is its own record' },
    },
    bodyLimit: CONTACT_BODY_LIMIT,
    schema: {
      tags: ['contact-messages'],
      summary: "The platform website's contact form (public, rate-limited per address)",
      body: contactInput,
      response: { 201: messageOnly, 429: errorBody },
    },
    // The origin header goes on every answer, refusals included, so the website can read them.
    onRequest: async (request, reply) => {
      allowOrigin(request, reply);
      // Fastify's bodyLimit still guards a body sent without a length; this gives the clear message.
      if (Number(request.headers['content-length'] ?? 0) > CONTACT_BODY_LIMIT)
        throw new HttpError(413, CONTACT_MESSAGES.tooLarge);
    },
    handler: async (request, reply) => {
      const wait = await app.throttles.contact.take(request.clientAddress);
      if (wait !== null) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, CONTACT_MESSAGES.rateLimited);
      }
      // A bot filled the hidden field: it gets the same answer and nothing is kept.
      if (!request.body[CONTACT_HONEYPOT_FIELD])
        await createContactMessage(app.db, request.body, keyRecorderOf(request));
      return reply.status(201).send(ok(CONTACT_SUCCESS.received));
    },
  });

  r.get('/api/contact-messages', {
    config: { access: 'contact_messages.view' },
    schema: {
      tags: ['contact-messages'],
      summary:
        'Contact messages, filtered by name, email, subject and status, with Total and Unread',
      querystring: contactMessagesQuery,
      response: { 200: envelope(contactMessagesPage) },
    },
    handler: async (request) => {
      const q = request.query;
      const { counts, ...page } = await listContactMessages(app.db, q);
      return ok(CONTACT_SUCCESS.listed, { ...pageData(q, page), counts });
    },
  });

  listExportRoute(app, {
    list: 'contact-messages',
    access: 'contact_messages.view',
    tag: 'contact-messages',
    querystring: contactMessagesExportQuery,
    rows: (q) => exportContactMessages(app.db, q),
    columns: CONTACT_MESSAGE_EXPORT_COLUMNS,
  });

  r.get('/api/contact-messages/:id', {
    config: { access: 'contact_messages.view' },
    schema: {
      tags: ['contact-messages'],
      summary: 'A message and its thread of replies; opening it marks it read',
      params: idParam,
      response: { 200: envelope(contactThread) },
    },
    handler: async (request) =>
      ok(CONTACT_SUCCESS.fetched, await openContactMessage(app.db, request.params.id)),
  });

  r.delete('/api/contact-messages/:id', {
    config: { access: 'contact_messages.delete', audit: { entity: 'contact_message' } },
    schema: {
      tags: ['contact-messages'],
      summary: 'Delete a message and its thread',
      params: idParam,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      const { name } = await deleteContactMessage(app.db, request.params.id, auditOf(request));
      return ok(CONTACT_SUCCESS.deleted(name));
    },
  });

  /** Sends a recorded reply and records how it went; a failure answers 502 'Error sending reply'. */
  async function deliver(request: FastifyRequest, messageId: number, out: ReplyToSend) {
    let outcome: { sent: true } | { sent: false; reason: string };
    if (!app.mail) outcome = { sent: false, reason: CONTACT_MESSAGES.noTransport };
    else {
      const original = originalMessageId(messageId, domain);
      try {
        await app.mail.send({
          to: out.to,
          subject: out.subject,
          text: out.body,
          messageId: out.mailMessageId,
          inReplyTo: out.earlier.at(-1) ?? original,
          references: [original, ...out.earlier],
        });
        outcome = { sent: true };
      } catch (err) {
        request.log.warn({ err }, 'contact reply failed');
        outcome = { sent: false, reason: (err as Error).message };
      }
    }
    const reply = await finishReply(app.db, out.replyId, outcome);
    if (!outcome.sent) throw new HttpError(502, CONTACT_MESSAGES.replyFailed);
    return ok(CONTACT_SUCCESS.replySent(out.name), { reply: reply! });
  }

  r.post('/api/contact-messages/:id/reply', {
    config: { access: 'contact_messages.reply', audit: { entity: 'contact_message' } },
    schema: {
      tags: ['contact-messages'],
      summary: 'Email a reply to the sender, threaded under the message, and keep it in the thread',
      params: idParam,
      body: contactReplyInput,
      response: { 200: envelope(z.object({ reply: contactReply })), 502: errorBody },
    },
    handler: async (request) => {
      const { id } = request.params;
      const out = await startReply(
        app.db,
        id,
        request.body,
        { userId: sessionOf(request).userId, mailMessageId: `reply-${randomUUID()}@${domain}` },
        auditOf(request),
      );
      return deliver(request, id, out);
    },
  });

  r.post('/api/contact-messages/:id/replies/:replyId/retry', {
    config: { access: 'contact_messages.reply', audit: { entity: 'contact_message' } },
    schema: {
      tags: ['contact-messages'],
      summary: 'Send a failed reply again, with the same Message-ID',
      params: contactReplyParams,
      response: { 200: envelope(z.object({ reply: contactReply })), 502: errorBody },
    },
    handler: async (request) => {
      const { id, replyId } = request.params;
      return deliver(request, id, await restartReply(app.db, id, replyId, auditOf(request)));
    },
  });
}
