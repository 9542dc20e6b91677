import { createCategory, idOf, type AuditExamples } from '../../test/audit-examples';

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = (ctx) => {
  const { unique, ok } = ctx;
  const newCategory = (over: Record<string, unknown> = {}) => createCategory(ctx, over);
  return {
    'POST /api/wa/template-categories': {
      async valid() {
        const slug = `audit-new-${unique()}`;
        return {
          call: {
            url: '/api/wa/template-categories',
            payload: { name: 'Audit News', slug, icon: '🏏', order: 2 },
          },
          expect: (body) => ({
            entityId: idOf(body, 'category'),
            action: 'create',
            changes: {
              name: { before: null, after: 'Audit News' },
              slug: { before: null, after: slug },
              icon: { before: null, after: '🏏' },
            },
            exact: false,
          }),
        };
      },
      invalid: async () => ({
        url: '/api/wa/template-categories',
        payload: { name: 'Audit News', slug: 'Not A Slug', order: 0 },
      }),
    },
    'PUT /api/wa/template-categories/:_id': {
      async valid() {
        const slug = `audit-edit-${unique()}`;
        const id = await newCategory({ name: 'Before', slug, order: 1 });
        return {
          call: {
            url: `/api/wa/template-categories/${id}`,
            payload: { name: 'After', slug, order: 3, status: 'inactive' },
          },
          expect: () => ({
            entityId: id,
            action: 'update',
            changes: {
              name: { before: 'Before', after: 'After' },
              order: { before: 1, after: 3 },
              status: { before: 'active', after: 'inactive' },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newCategory();
        return {
          url: `/api/wa/template-categories/${id}`,
          payload: { name: 'A', slug: `audit-x-${unique()}`, order: 0 },
        };
      },
    },
    'DELETE /api/wa/template-categories/:_id': {
      async valid() {
        const id = await newCategory({ name: 'Doomed Category' });
        return {
          call: { url: `/api/wa/template-categories/${id}` },
          expect: () => ({
            entityId: id,
            action: 'delete',
            changes: { name: { before: 'Doomed Category', after: null } },
            exact: false,
          }),
        };
      },
      async invalid() {
        // A category in use is kept.
        const id = await newCategory();
        await ok('POST', '/api/wa/templates', {
          name: `audit_template_${unique()}`,
          category: id,
          type: 'text',
          body_text: 'Your match starts soon. See you at the ground!',
        });
        return { url: `/api/wa/template-categories/${id}` };
      },
    },
  };
};
