import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { contactMessages, contactReplies } from '../../db/schema';
import type { AuditExamples } from '../../test/audit-examples';

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = ({ t, smtp, unique, api }) => {
  /** A message as the public website sends it, from its own address each time (rate limit). */
  const newContactMessage = async () => {
    const subject = `Tickets ${unique()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `10.9.0.${unique()}`,
      payload: { name: 'Fan', email: 'fan@audit.test', subject, message: 'When is the final?' },
    });
    if (res.statusCode !== 201) throw new Error(`contact: ${res.statusCode} ${res.body}`);
    const [row] = await t.db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.subject, subject));
    return row!.id;
  };
  return {
    'DELETE /api/contact-messages/:id': {
      async valid() {
        const id = await newContactMessage();
        return {
          call: { url: `/api/contact-messages/${id}` },
          expect: () => ({
            entityId: id,
            action: 'delete',
            changes: { email: { before: 'fan@audit.test', after: null } },
            exact: false,
          }),
        };
      },
      invalid: async () => ({ url: '/api/contact-messages/999999' }),
    },
    'POST /api/contact-messages/:id/reply': {
      async valid() {
        const id = await newContactMessage();
        return {
          call: {
            url: `/api/contact-messages/${id}/reply`,
            payload: { subject: 'Re: Tickets', message: 'They go on sale on Monday.' },
          },
          expect: () => ({
            entityId: id,
            action: 'reply',
            changes: {
              status: { before: 'unread', after: 'read' },
              replies_count: { before: 0, after: 1 },
              reply: { before: null, after: expect.objectContaining({ subject: 'Re: Tickets' }) },
            },
            exact: true,
          }),
        };
      },
      invalid: async () => ({
        url: `/api/contact-messages/${await newContactMessage()}/reply`,
        payload: { subject: 'Re: Tickets', message: 'short' },
      }),
    },
    'POST /api/contact-messages/:id/replies/:replyId/retry': {
      async valid() {
        const id = await newContactMessage();
        smtp.refuse({ code: 550, message: 'Mailbox unavailable' });
        const failed = await api('POST', `/api/contact-messages/${id}/reply`, {
          subject: 'Re: Tickets',
          message: 'They go on sale on Monday.',
        });
        smtp.refuse(null);
        expect(failed.statusCode).toBe(502);
        const [reply] = await t.db
          .select({ id: contactReplies.id })
          .from(contactReplies)
          .where(eq(contactReplies.messageId, id));
        return {
          call: { url: `/api/contact-messages/${id}/replies/${reply!.id}/retry` },
          expect: () => ({
            entityId: id,
            action: 'reply_retry',
            changes: {
              reply: {
                before: expect.objectContaining({ status: 'failed' }),
                after: expect.objectContaining({ status: 'sending' }),
              },
            },
            exact: true,
          }),
        };
      },
      invalid: async () => ({ url: '/api/contact-messages/999999/replies/999999/retry' }),
    },
  };
};
