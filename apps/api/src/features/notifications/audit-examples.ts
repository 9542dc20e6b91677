import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { AuditExamples } from '../../test/audit-examples';

const notificationTemplateBody = (over: Record<string, unknown> = {}) => ({
  name: 'Audit notice',
  type: 'email',
  status: 'active',
  subject: 'Hello {{first_name}}',
  message: 'Your match starts at 10.',
  ...over,
});

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = ({ t, adminId, ok }) => {
  const newNotificationTemplate = async (over: Record<string, unknown> = {}) =>
    (
      await ok<{ data: { template: { id: number } } }>(
        'POST',
        '/api/notifications/templates',
        notificationTemplateBody(over),
      )
    ).data.template.id;
  /** A send scheduled an hour ahead, so no worker touches it during the example. */
  const newScheduledSend = async () => {
    const templateId = await newNotificationTemplate();
    return (
      await ok<{ data: { send: { id: number } } }>('POST', '/api/notifications/send', {
        template_id: templateId,
        recipient_type: 'specific',
        recipient_ids: [adminId],
        subject: 'Hello',
        message: 'Your match starts at 10.',
        send_immediately: false,
        scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
      })
    ).data.send.id;
  };
  /** A WhatsApp template as Meta would hold it after review. */
  const newWaTemplate = async (status: string) => {
    const [category] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into wa_template_categories (name, slug) values ('Audit', ${`audit-${status}-${Date.now()}`}) returning id`,
    );
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into wa_templates (name, category_id, type, status, body_text)
          values (${`audit_${status}_${Date.now()}`}, ${category!.id}, 'text', ${status},
            'Hello {{first_name}}, your match starts at ten today.') returning id`,
    );
    return row!.id;
  };
  return {
    'POST /api/wa/templates/:id/send': {
      async valid() {
        const id = await newWaTemplate('approved');
        return {
          call: {
            url: `/api/wa/templates/${id}/send`,
            payload: {
              recipient_type: 'specific',
              recipient_ids: [adminId],
              variables: { first_name: '{{first_name}}' },
              send_immediately: false,
              scheduled_at: new Date(Date.now() + 3_600_000).toISOString(),
            },
          },
          expect: (body) => ({
            entityId: body.data!.send!.id,
            action: 'send',
            changes: {
              wa_template_id: { before: null, after: id },
              channel: { before: null, after: 'whatsapp' },
              recipients: { before: null, after: 1 },
              variables: { before: null, after: { first_name: '{{first_name}}' } },
            },
            exact: false,
          }),
        };
      },
      async invalid() {
        const id = await newWaTemplate('pending');
        return {
          url: `/api/wa/templates/${id}/send`,
          payload: { recipient_type: 'all', variables: { first_name: 'Friend' } },
        };
      },
    },
    'POST /api/notifications/templates': {
      valid: async () => ({
        call: {
          url: '/api/notifications/templates',
          payload: notificationTemplateBody({ name: 'Toss alert' }),
        },
        expect: (body) => ({
          entityId: body.data!.template!.id,
          action: 'create',
          changes: {
            name: { before: null, after: 'Toss alert' },
            type: { before: null, after: 'email' },
          },
          exact: false,
        }),
      }),
      invalid: async () => ({
        url: '/api/notifications/templates',
        payload: notificationTemplateBody({ message: 'Hi {{team}}, welcome aboard' }),
      }),
    },
    'PUT /api/notifications/templates/:id': {
      async valid() {
        const id = await newNotificationTemplate({ name: 'Before notice' });
        return {
          call: {
            url: `/api/notifications/templates/${id}`,
            payload: notificationTemplateBody({ name: 'After notice', status: 'inactive' }),
          },
          expect: () => ({
            entityId: id,
            action: 'update',
            changes: {
              name: { before: 'Before notice', after: 'After notice' },
              status: { before: 'active', after: 'inactive' },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newNotificationTemplate();
        return {
          url: `/api/notifications/templates/${id}`,
          payload: notificationTemplateBody({ type: 'push', subject: '' }),
        };
      },
    },
    'DELETE /api/notifications/templates/:id': {
      async valid() {
        const id = await newNotificationTemplate({ name: 'Doomed notice' });
        return {
          call: { url: `/api/notifications/templates/${id}` },
          expect: () => ({
            entityId: id,
            action: 'delete',
            changes: { name: { before: 'Doomed notice', after: null } },
            exact: false,
          }),
        };
      },
      invalid: async () => ({ url: '/api/notifications/templates/999999' }),
    },
    'POST /api/notifications/send': {
      async valid() {
        const templateId = await newNotificationTemplate();
        return {
          call: {
            url: '/api/notifications/send',
            payload: {
              template_id: templateId,
              recipient_type: 'specific',
              recipient_ids: [adminId],
              subject: 'Hello',
              message: 'Your match starts at 10.',
              send_immediately: true,
            },
          },
          expect: (body) => ({
            entityId: body.data!.send!.id,
            action: 'send',
            changes: {
              template_id: { before: null, after: templateId },
              recipient_type: { before: null, after: 'specific' },
              recipients: { before: null, after: 1 },
            },
            exact: false,
          }),
        };
      },
      async invalid() {
        const templateId = await newNotificationTemplate();
        return {
          url: '/api/notifications/send',
          payload: {
            template_id: templateId,
            recipient_type: 'specific',
            recipient_ids: [],
            subject: 'Hello',
            message: 'Your match starts at 10.',
          },
        };
      },
    },
    'POST /api/notifications/sends/:id/cancel': {
      async valid() {
        const id = await newScheduledSend();
        return {
          call: { url: `/api/notifications/sends/${id}/cancel` },
          expect: () => ({
            entityId: id,
            action: 'cancel',
            changes: { status: { before: 'scheduled', after: 'cancelled' } },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newScheduledSend();
        await ok('POST', `/api/notifications/sends/${id}/cancel`);
        return { url: `/api/notifications/sends/${id}/cancel` };
      },
    },
    'POST /api/notifications/sends/:id/retry-failed': {
      async valid() {
        const id = await newScheduledSend();
        // As if its only delivery had failed for good.
        await t.db.execute(
          sql`update notification_deliveries set status = 'failed', last_error = '550 No such user' where send_id = ${id}`,
        );
        await t.db.execute(sql`update notification_sends set status = 'failed' where id = ${id}`);
        return {
          call: { url: `/api/notifications/sends/${id}/retry-failed` },
          expect: () => ({
            entityId: id,
            action: 'retry_failed',
            changes: {
              status: { before: 'failed', after: 'running' },
              failed: { before: 1, after: 0 },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newScheduledSend();
        return { url: `/api/notifications/sends/${id}/retry-failed` };
      },
    },
  };
};
