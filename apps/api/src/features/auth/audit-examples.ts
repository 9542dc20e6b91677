import { sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { ADMIN } from '../../test/harness';
import type { AuditExamples } from '../../test/audit-examples';

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = ({ t, adminId, phone }) => {
  return {
    'PUT /api/user/profile': {
      async valid() {
        const number = phone();
        const [me] = await t.db
          .select({ phone: users.phoneNumber, last: users.lastName })
          .from(users)
          .where(sql`${users.id} = ${adminId}`);
        return {
          call: {
            url: '/api/user/profile',
            payload: { first_name: 'Platform', last_name: 'Owner', phone_number: number },
          },
          expect: () => ({
            entityId: adminId,
            action: 'update',
            changes: {
              last_name: { before: me!.last, after: 'Owner' },
              phone_number: { before: me!.phone, after: number },
            },
            exact: true,
          }),
        };
      },
      invalid: async () => ({
        url: '/api/user/profile',
        payload: { first_name: '1', last_name: 'Owner', phone_number: phone() },
      }),
    },
    'PUT /api/user/password': {
      valid: async () => ({
        call: {
          url: '/api/user/password',
          payload: {
            current_password: ADMIN.password,
            new_password: 'Secret#Pass123',
            confirm_password: 'Secret#Pass123',
          },
        },
        expect: () => ({ entityId: adminId, action: 'password_change', changes: {}, exact: true }),
      }),
      // By now the password is the new one: the old one is wrong.
      invalid: async () => ({
        url: '/api/user/password',
        payload: {
          current_password: 'Invalid#Pass999',
          new_password: 'Another#Pass456',
          confirm_password: 'Another#Pass456',
        },
      }),
    },
  };
};
