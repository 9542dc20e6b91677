import { idOf, type AuditExamples } from '../../test/audit-examples';

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = (ctx) => {
  const { unique, ok, playerRole } = ctx;
  const newAudience = async (name: string) =>
    idOf(
      await ok('POST', '/api/audiences', {
        name,
        rules: [{ field: 'role', role_id: playerRole }],
      }),
      'audience',
    );
  return {
    'POST /api/audiences': {
      async valid() {
        const name = `Audit audience ${unique()}`;
        return {
          call: {
            url: '/api/audiences',
            payload: { name, match: 'any', rules: [{ field: 'status', status: 'pending' }] },
          },
          expect: (body) => ({
            entityId: idOf(body, 'audience'),
            action: 'create',
            changes: {
              name: { before: null, after: name },
              match: { before: null, after: 'any' },
            },
            exact: false,
          }),
        };
      },
      invalid: async () => ({
        url: '/api/audiences',
        payload: { name: `Audit audience ${unique()}`, rules: [] },
      }),
    },
    'PUT /api/audiences/:_id': {
      async valid() {
        const name = `Audit audience ${unique()}`;
        const id = await newAudience(name);
        return {
          call: {
            url: `/api/audiences/${id}`,
            payload: {
              name,
              description: 'Everyone still to confirm',
              rules: [{ field: 'role', role_id: playerRole }],
            },
          },
          expect: () => ({
            entityId: id,
            action: 'update',
            changes: { description: { before: null, after: 'Everyone still to confirm' } },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newAudience(`Audit audience ${unique()}`);
        return {
          url: `/api/audiences/${id}`,
          payload: { name: 'Edited', rules: [{ field: 'team', team_id: 999_999 }] },
        };
      },
    },
    'DELETE /api/audiences/:_id': {
      async valid() {
        const name = `Audit audience ${unique()}`;
        const id = await newAudience(name);
        return {
          call: { url: `/api/audiences/${id}` },
          expect: () => ({
            entityId: id,
            action: 'delete',
            changes: { name: { before: name, after: null } },
            exact: false,
          }),
        };
      },
      invalid: async () => ({ url: '/api/audiences/999999' }),
    },
  };
};
