import { userPayload } from '../../test/harness';
import type { AuditExamples } from '../../test/audit-examples';

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = ({
  adminId,
  playerRole,
  unique,
  phone,

  newUser,
}) => {
  return {
    'POST /api/users': {
      async valid() {
        const email = `new${unique()}@audit.test`;
        return {
          call: {
            url: '/api/users',
            payload: userPayload(playerRole, { email, phone_number: phone(), first_name: 'Asha' }),
          },
          expect: (body) => ({
            entityId: body.data!.user!.id,
            action: 'create',
            changes: {
              first_name: { before: null, after: 'Asha' },
              email: { before: null, after: email },
              // The role by name and id, not a bare role id (decision 039).
              role: { before: null, after: { id: playerRole, name: 'player' } },
            },
            exact: false,
          }),
        };
      },
      invalid: async () => ({
        url: '/api/users',
        payload: userPayload(playerRole, { email: 'not-an-email', phone_number: phone() }),
      }),
    },
    'PUT /api/users/:id': {
      async valid() {
        const email = `edit${unique()}@audit.test`;
        const number = phone();
        const id = await newUser({ email, phone_number: number, first_name: 'Old', city: 'Pune' });
        return {
          call: {
            url: `/api/users/${id}`,
            payload: userPayload(playerRole, {
              email,
              phone_number: number,
              first_name: 'New',
              city: 'Nagpur',
            }),
          },
          expect: () => ({
            entityId: id,
            action: 'update',
            changes: {
              first_name: { before: 'Old', after: 'New' },
              city: { before: 'Pune', after: 'Nagpur' },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newUser();
        return { url: `/api/users/${id}`, payload: userPayload(playerRole, { first_name: '1' }) };
      },
    },
    'DELETE /api/users/:id': {
      async valid() {
        const id = await newUser({ first_name: 'Gone' });
        return {
          call: { url: `/api/users/${id}` },
          expect: () => ({
            entityId: id,
            action: 'delete',
            changes: { first_name: { before: 'Gone', after: null } },
            exact: false,
          }),
        };
      },
      // Deleting yourself is refused.
      invalid: async () => ({ url: `/api/users/${adminId}` }),
    },
    'POST /api/users/:id/erase': {
      async valid() {
        const email = `erase${unique()}@audit.test`;
        const id = await newUser({ email });
        return {
          call: { url: `/api/users/${id}/erase`, payload: { confirm: email } },
          // Recorded without the values it erased (decision 055).
          expect: () => ({ entityId: id, action: 'erase', changes: {}, exact: true }),
        };
      },
      async invalid() {
        const id = await newUser();
        return { url: `/api/users/${id}/erase`, payload: { confirm: 'someone.else@audit.test' } };
      },
    },
    'PUT /api/users/:id/password': {
      async valid() {
        const id = await newUser();
        return {
          call: {
            url: `/api/users/${id}/password`,
            payload: { password: 'Secret#Pass123', confirm_password: 'Secret#Pass123' },
          },
          expect: () => ({ entityId: id, action: 'password_change', changes: {}, exact: true }),
        };
      },
      async invalid() {
        const id = await newUser();
        return {
          url: `/api/users/${id}/password`,
          payload: { password: '123', confirm_password: '123' },
        };
      },
    },
  };
};
