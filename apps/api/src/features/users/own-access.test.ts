import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTECTED_ROLE_ID } from '@cricket/contracts';
import { permissions, roles, users } from '../../db/schema';
import { ADMIN, createTestApp, userPayload, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  adminId = (
    await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.email))
  )[0]!.id;
});
afterAll(() => t.close());

const editSelf = (changes: Record<string, unknown>) => t.editUser(admin, adminId, changes);

describe('nobody locks themselves out', () => {
  it('refuses to suspend yourself, and nothing changes', async () => {
    const res = await editSelf({ status: 'suspended' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.status).toEqual([
      'You cannot suspend yourself or give yourself a role that cannot sign in',
    ]);
    expect(
      (await t.db.select({ s: users.status }).from(users).where(eq(users.id, adminId)))[0]!.s,
    ).toBe('verified');
    expect((await t.as(admin, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(200);
  });

  it('refuses to move yourself to a role without admin.access', async () => {
    const [plain] = await t.db
      .insert(roles)
      .values({ name: 'reporting only', description: '' })
      .returning({ id: roles.id });
    const res = await editSelf({ role_id: plain!.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.role_id).toBeDefined();
    expect(
      (await t.db.select({ r: users.roleId }).from(users).where(eq(users.id, adminId)))[0]!.r,
    ).toBe(PROTECTED_ROLE_ID);
  });

  it('refuses to deactivate your own role or take admin.access from it', async () => {
    const staff = await t.userWith(['roles.update', 'roles.view']);
    const [role] = await t.db.select().from(roles).where(eq(roles.id, staff.roleId));
    const deactivate = await t.as(staff.token, {
      method: 'PUT',
      url: `/api/roles/${staff.roleId}`,
      payload: { name: role!.name, is_active: false },
    });
    expect(deactivate.statusCode).toBe(400);
    const [access] = await t.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(eq(permissions.name, 'admin.access'));
    const strip = await t.as(staff.token, {
      method: 'DELETE',
      url: `/api/roles/${staff.roleId}/permissions`,
      payload: { permission_ids: [access!.id] },
    });
    expect(strip.statusCode).toBe(400);
    expect((await t.as(staff.token, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(
      200,
    );
  });

  it('still lets you edit your own name', async () => {
    const res = await editSelf({ first_name: 'Renamed' });
    expect(res.statusCode).toBe(200);
  });
});

describe('ids are strict integers', () => {
  it.each(['%201', '1%20', '+1', '1.0', '0x1', '1e0', '01'])(
    'GET /api/users/%s is not user 1',
    async (id) => {
      const res = await t.as(admin, { method: 'GET', url: `/api/users/${id}` });
      expect([400, 404]).toContain(res.statusCode);
    },
  );

  it('reads role_id: true as no role at all', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/users',
      payload: userPayload(1, {
        role_id: true,
        email: 'loose@test.local',
        phone_number: '9123456780',
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.role_id).toEqual(['Please select a role']);
    expect(await t.db.select().from(users).where(eq(users.email, 'loose@test.local'))).toEqual([]);
  });

  it('still takes a form select value written in digits', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/users',
      payload: userPayload(1, {
        role_id: '1',
        email: 'digits@test.local',
        phone_number: '9123456781',
      }),
    });
    expect(res.statusCode).toBe(200);
  });
});
