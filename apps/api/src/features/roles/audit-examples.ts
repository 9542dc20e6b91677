import type { AuditExamples } from '../../test/audit-examples';

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = ({ perm, unique, ok }) => {
  const newRole = async (over: Record<string, unknown> = {}) =>
    (
      await ok<{ data: { role: { id: number } } }>('POST', '/api/roles', {
        name: `Auditor ${unique()}`,
        description: 'Reads the trail',
        permission_ids: [perm('teams.view')],
        ...over,
      })
    ).data.role.id;
  return {
    'POST /api/roles': {
      valid: async () => ({
        call: {
          url: '/api/roles',
          payload: { name: 'Scorer Audit', permission_ids: [perm('teams.view')] },
        },
        expect: (body) => ({
          entityId: body.data!.role!.id,
          action: 'create',
          changes: {
            name: { before: null, after: 'Scorer Audit' },
            is_active: { before: null, after: true },
            permissions: { before: null, after: ['teams.view'] },
          },
          exact: true,
        }),
      }),
      invalid: async () => ({ url: '/api/roles', payload: { name: '' } }),
    },
    'PUT /api/roles/:id': {
      async valid() {
        const id = await newRole({ name: 'Role Before', description: 'old' });
        return {
          call: { url: `/api/roles/${id}`, payload: { name: 'Role After', description: 'new' } },
          expect: () => ({
            entityId: id,
            action: 'update',
            changes: {
              name: { before: 'Role Before', after: 'Role After' },
              description: { before: 'old', after: 'new' },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newRole();
        return { url: `/api/roles/${id}`, payload: { name: 'x'.repeat(51) } };
      },
    },
    'DELETE /api/roles/:id': {
      async valid() {
        const id = await newRole({ name: 'Short Lived' });
        return {
          call: { url: `/api/roles/${id}` },
          expect: () => ({
            entityId: id,
            action: 'delete',
            changes: {
              name: { before: 'Short Lived', after: null },
              permissions: { before: ['teams.view'], after: null },
            },
            exact: false,
          }),
        };
      },
      // The administrator role is protected.
      invalid: async () => ({ url: '/api/roles/1' }),
    },
    'POST /api/roles/:id/permissions': {
      async valid() {
        const id = await newRole();
        return {
          call: {
            url: `/api/roles/${id}/permissions`,
            payload: { permission_ids: [perm('teams.create')] },
          },
          expect: () => ({
            entityId: id,
            action: 'permissions_grant',
            changes: {
              permissions: { before: ['teams.view'], after: ['teams.create', 'teams.view'] },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newRole();
        return { url: `/api/roles/${id}/permissions`, payload: { permission_ids: [] } };
      },
    },
    'DELETE /api/roles/:id/permissions': {
      async valid() {
        const id = await newRole({ permission_ids: [perm('teams.view'), perm('teams.create')] });
        return {
          call: {
            url: `/api/roles/${id}/permissions`,
            payload: { permission_ids: [perm('teams.view')] },
          },
          expect: () => ({
            entityId: id,
            action: 'permissions_revoke',
            changes: {
              permissions: { before: ['teams.create', 'teams.view'], after: ['teams.create'] },
            },
            exact: true,
          }),
        };
      },
      invalid: async () => ({
        url: '/api/roles/999999/permissions',
        payload: { permission_ids: [perm('teams.view')] },
      }),
    },
  };
};
