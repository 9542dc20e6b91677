import { expect } from 'vitest';
import type { AuditExamples } from '../../test/audit-examples';

const emailTemplateBody = {
  name: 'Audit Template',
  subject: 'Hello {{first_name}}',
  template_type: 'notification',
  status: 'draft',
  description: '',
  content: '<p>Hello</p>',
};

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = ({ ok }) => {
  const newEmailTemplate = async () =>
    (
      await ok<{ data: { template: { id: number } } }>(
        'POST',
        '/api/email-templates',
        emailTemplateBody,
      )
    ).data.template.id;

  return {
    'POST /api/email-templates': {
      valid: async () => ({
        call: {
          url: '/api/email-templates',
          payload: { name: 'Audit Welcome', subject: 'Hi {{first_name}}', content: '<p>Hi</p>' },
        },
        expect: (body) => ({
          entityId: body.data!.template!.id,
          action: 'create',
          changes: {
            name: { before: null, after: 'Audit Welcome' },
            status: { before: null, after: 'draft' },
          },
          exact: false,
        }),
      }),
      invalid: async () => ({
        url: '/api/email-templates',
        payload: { name: 'Audit Welcome', subject: 'Hi {{team}}', content: '<p>Hi</p>' },
      }),
    },
    'PUT /api/email-templates/:id': {
      async valid() {
        const id = await newEmailTemplate();
        return {
          call: {
            url: `/api/email-templates/${id}`,
            payload: { ...emailTemplateBody, subject: 'Changed', status: 'active' },
          },
          expect: () => ({
            entityId: id,
            action: 'update',
            changes: {
              subject: { before: emailTemplateBody.subject, after: 'Changed' },
              status: { before: 'draft', after: 'active' },
              last_modified: { before: expect.any(String), after: expect.any(String) },
            },
            exact: true,
          }),
        };
      },
      invalid: async () => ({
        url: `/api/email-templates/${await newEmailTemplate()}`,
        payload: { ...emailTemplateBody, content: '' },
      }),
    },
    'DELETE /api/email-templates/:id': {
      async valid() {
        const id = await newEmailTemplate();
        return {
          call: { url: `/api/email-templates/${id}` },
          expect: () => ({
            entityId: id,
            action: 'delete',
            changes: { name: { before: emailTemplateBody.name, after: null } },
            exact: false,
          }),
        };
      },
      invalid: async () => ({ url: '/api/email-templates/999999' }),
    },
  };
};
