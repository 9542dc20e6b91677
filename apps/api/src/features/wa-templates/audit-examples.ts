import { createCategory, idOf, type AuditExamples } from '../../test/audit-examples';

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = (ctx) => {
  const { unique, ok } = ctx;
  const newCategory = () => createCategory(ctx);
  const templateBody = (category: number, over: Record<string, unknown> = {}) => ({
    name: `audit_template_${unique()}`,
    category,
    type: 'text',
    body_text: 'Your match starts soon. See you at the ground!',
    ...over,
  });
  const newTemplate = async (category: number, over: Record<string, unknown> = {}) =>
    (
      await ok<{ data: { template: { _id: number } } }>(
        'POST',
        '/api/wa/templates',
        templateBody(category, over),
      )
    ).data.template._id;
  return {
    'POST /api/wa/templates': {
      async valid() {
        const category = await newCategory();
        const name = `audit_created_${unique()}`;
        return {
          call: { url: '/api/wa/templates', payload: templateBody(category, { name }) },
          expect: (body) => ({
            entityId: idOf(body, 'template'),
            action: 'create',
            changes: {
              name: { before: null, after: name },
              status: { before: null, after: 'draft' },
            },
            exact: false,
          }),
        };
      },
      async invalid() {
        const category = await newCategory();
        return {
          url: '/api/wa/templates',
          payload: templateBody(category, { name: 'Not A WhatsApp Name' }),
        };
      },
    },
    'PUT /api/wa/templates/:id': {
      async valid() {
        const category = await newCategory();
        const body = templateBody(category);
        const id = await newTemplate(category, body);
        return {
          call: {
            url: `/api/wa/templates/${id}`,
            payload: { ...body, status: 'approved', footer_text: 'Cricket Board' },
          },
          expect: () => ({
            entityId: id,
            action: 'update',
            changes: {
              status: { before: 'draft', after: 'approved' },
              footer_text: { before: null, after: 'Cricket Board' },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const category = await newCategory();
        const body = templateBody(category);
        const id = await newTemplate(category, body);
        return {
          url: `/api/wa/templates/${id}`,
          payload: { ...body, footer_text: 'x'.repeat(61) },
        };
      },
    },
    // The route-table test runs connected to the Graph API stand-in.
    'POST /api/wa/templates/:id/submit': {
      async valid() {
        const category = await newCategory();
        const id = await newTemplate(category);
        return {
          call: { url: `/api/wa/templates/${id}/submit` },
          expect: () => ({
            entityId: id,
            action: 'submit',
            changes: {
              status: { before: 'draft', after: 'pending' },
              quality_rating: { before: null, after: 'UNKNOWN' },
            },
            exact: false,
          }),
        };
      },
      async invalid() {
        const category = await newCategory();
        // Numbered variables are renamed before submitting (decision 044).
        const id = await newTemplate(category, {
          body_text: 'Hello {{1}}, your match starts soon. See you at the ground!',
          sample_values: { 1: 'Asha' },
        });
        return { url: `/api/wa/templates/${id}/submit` };
      },
    },
    'DELETE /api/wa/templates/:id': {
      async valid() {
        const category = await newCategory();
        const name = `audit_doomed_${unique()}`;
        const id = await newTemplate(category, { name });
        return {
          call: { url: `/api/wa/templates/${id}` },
          expect: () => ({
            entityId: id,
            action: 'delete',
            changes: { name: { before: name, after: null } },
            exact: false,
          }),
        };
      },
      invalid: async () => ({ url: '/api/wa/templates/999999' }),
    },
  };
};
