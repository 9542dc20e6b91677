import type { AuditExamples } from '../../test/audit-examples';

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = (ctx) => {
  const { unique, ok } = ctx;
  const suppressed = async () => {
    const address = `audit-${unique()}@suppress.test`;
    const body = await ok<{ data: { suppression: { id: number } } }>(
      'POST',
      '/api/messaging/suppressions',
      { channel: 'email', address, reason: 'Asked not to be emailed' },
    );
    return { id: body.data.suppression.id, address };
  };
  return {
    'POST /api/messaging/suppressions': {
      async valid() {
        const address = `audit-${unique()}@suppress.test`;
        return {
          call: {
            url: '/api/messaging/suppressions',
            payload: { channel: 'email', address: address.toUpperCase(), reason: 'Wrong person' },
          },
          expect: (body) => ({
            entityId: body.data!.suppression!.id,
            action: 'create',
            changes: {
              channel: { before: null, after: 'email' },
              address: { before: null, after: address },
              reason: { before: null, after: 'admin' },
              detail: { before: null, after: 'Wrong person' },
            },
            exact: false,
          }),
        };
      },
      async invalid() {
        // Suppressed already on that channel.
        const { address } = await suppressed();
        return {
          url: '/api/messaging/suppressions',
          payload: { channel: 'email', address, reason: 'Again' },
        };
      },
    },
    'DELETE /api/messaging/suppressions/:id': {
      async valid() {
        const { id } = await suppressed();
        return {
          call: {
            url: `/api/messaging/suppressions/${id}`,
            payload: { reason: 'Confirmed the address works' },
          },
          expect: () => ({
            entityId: id,
            action: 'suppression_remove',
            changes: {
              active: { before: true, after: false },
              removal_reason: { before: null, after: 'Confirmed the address works' },
            },
            exact: false,
          }),
        };
      },
      async invalid() {
        // The reason is required.
        const { id } = await suppressed();
        return { url: `/api/messaging/suppressions/${id}`, payload: { reason: ' ' } };
      },
    },
  };
};
