import type { AuditExamples } from '../../test/audit-examples';

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = ({ ok, newUser }) => ({
  'POST /api/bulk-jobs': {
    async valid() {
      const id = await newUser();
      return {
        call: { url: '/api/bulk-jobs', payload: { list: 'users', action: 'delete', ids: [id] } },
        expect: (body) => ({
          entityId: body.data!.job!.id,
          action: 'create',
          changes: {
            list: { before: null, after: 'users' },
            action: { before: null, after: 'delete' },
            total: { before: null, after: 1 },
            status: { before: null, after: 'queued' },
          },
          exact: false,
        }),
      };
    },
    invalid: async () => ({
      url: '/api/bulk-jobs',
      payload: { list: 'users', action: 'set_status', ids: [1] },
    }),
  },
  'POST /api/bulk-jobs/:id/cancel': {
    async valid() {
      const id = await newUser();
      const { data } = await ok('POST', '/api/bulk-jobs', {
        list: 'users',
        action: 'delete',
        ids: [id],
      });
      const job = data!.job!.id;
      return {
        call: { url: `/api/bulk-jobs/${job}/cancel` },
        expect: () => ({
          entityId: job,
          action: 'cancel',
          changes: {
            status: { before: 'queued', after: 'cancelled' },
            cancel_requested: { before: false, after: true },
          },
          exact: true,
        }),
      };
    },
    invalid: async () => ({ url: '/api/bulk-jobs/999999/cancel' }),
  },
});
