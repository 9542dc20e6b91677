import { readFile } from 'node:fs/promises';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PERMISSION_CATALOGUE,
  type PermissionName,
  type RoleDetail,
  type RoleListItem,
} from '@cricket/contracts';
import { permissions, rolePermissions, roles, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectSortsLikeOracle } from '../../test/sorting';

let t: TestApp;
let admin: string;
let permId: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const rows = await t.db.select({ id: permissions.id, name: permissions.name }).from(permissions);
  permId = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(() => t.close());

const ids = (...names: PermissionName[]) => names.map((n) => permId[n]!);
const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  token = admin,
) => t.as(token, { method, url, payload });

async function createRole(body: object) {
  const res = await api('POST', '/api/roles', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { role: RoleDetail } }>().data.role;
}

const listRoles = async (query: string) => {
  const res = await api('GET', `/api/roles?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { data: RoleListItem[]; pagination: Record<string, unknown> } }>().data;
};

let phone = 8100000000;
async function addUser(roleId: number, status = 'verified') {
  phone += 1;
  const [u] = await t.db
    .insert(users)
    .values({
      email: `u${phone}@test.local`,
      phoneNumber: String(phone),
      roleId,
      status,
      passwordHash: await hashPassword('Staff@12345'),
    })
    .returning({ id: users.id, email: users.email });
  return u!;
}

describe('POST /api/roles', () => {
  it('creates a role and answers data.role with its id, users_count and permissions', async () => {
    const role = await createRole({
      name: 'Scorer',
      description: 'Keeps the score',
      is_active: true,
    });
    expect(role).toMatchObject({
      name: 'Scorer',
      description: 'Keeps the score',
      is_active: true,
      users_count: 0,
      permissions: [],
    });
    expect(role.id).toBeGreaterThan(1);
    expect(Date.parse(role.created_at)).not.toBeNaN();
  });

  it('creates a role with its permissions in one request', async () => {
    const role = await createRole({
      name: 'Viewer',
      permission_ids: ids('users.view', 'dashboard.view'),
    });
    expect(role.is_active).toBe(true);
    expect(role.description).toBeNull();
    expect(role.permissions.map((p) => p.name).sort()).toEqual(['dashboard.view', 'users.view']);
    expect(role.permissions[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      description: expect.any(String),
      action: expect.any(String),
      resource: expect.any(String),
    });
  });

  it('answers the spec messages per field', async () => {
    const res = await api('POST', '/api/roles', { name: '  ', description: 'x'.repeat(201) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: ['Role name is required'],
      description: ['Description must not exceed 200 characters'],
    });
    const long = await api('POST', '/api/roles', { name: 'x'.repeat(51) });
    expect(long.json().errors).toEqual({ name: ['Role name must not exceed 50 characters'] });
  });

  it('refuses a duplicate name, whatever its case, with 409 naming the field', async () => {
    await createRole({ name: 'Umpire Coach' });
    const res = await api('POST', '/api/roles', { name: 'umpire COACH' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Role name is already in use',
      errors: { name: ['Role name is already in use'] },
    });
    const admin2 = await api('POST', '/api/roles', { name: 'ADMIN' });
    expect(admin2.statusCode).toBe(409);
  });

  it('stores a name with its inner whitespace collapsed, so "Mumbai  Indians" clashes with "Mumbai Indians"', async () => {
    const role = await createRole({ name: 'Mumbai \u2003 Indians' });
    expect(role.name).toBe('Mumbai Indians');
    const spaced = await api('POST', '/api/roles', { name: 'mumbai   INDIANS' });
    expect(spaced.statusCode, spaced.body).toBe(409);
    expect(spaced.json().errors).toEqual({ name: ['Role name is already in use'] });
    const other = await createRole({ name: 'Delhi Capitals' });
    const renamed = await api('PUT', `/api/roles/${other.id}`, { name: 'Mumbai  Indians' });
    expect(renamed.statusCode, renamed.body).toBe(409);
  });

  it('migration 0020 collapses the names saved before, keeping every role told apart', async () => {
    const legacy = ['legacy xi', 'Legacy  XI', 'Solo   Side', 'Pair  One', 'Pair \t one'];
    const made = await t.db
      .insert(roles)
      .values(legacy.map((name) => ({ name })))
      .returning({ id: roles.id, name: roles.name });
    const id = (name: string) => made.find((r) => r.name === name)!.id;
    const migration = await readFile(
      new URL('../../../drizzle/0020_collapse_role_names.sql', import.meta.url),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));
    const after = await t.db
      .select({ id: roles.id, name: roles.name })
      .from(roles)
      .where(
        inArray(
          roles.id,
          made.map((r) => r.id),
        ),
      )
      .orderBy(roles.id);
    expect(after.map((r) => r.name)).toEqual([
      'legacy xi',
      `Legacy XI (${id('Legacy  XI')})`,
      'Solo Side',
      'Pair One',
      `Pair one (${id('Pair \t one')})`,
    ]);
  });

  it('refuses unknown permission ids and creates nothing', async () => {
    const res = await api('POST', '/api/roles', {
      name: 'Ghost',
      permission_ids: [ids('users.view')[0], 999999],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ permission_ids: ['One or more permissions do not exist'] });
    expect(await t.db.select().from(roles).where(eq(roles.name, 'Ghost'))).toEqual([]);
  });
});

describe('GET /api/roles', () => {
  let base: { viewer: number; inactive: number };
  beforeAll(async () => {
    const a = await createRole({ name: 'Filter Alpha', is_active: true });
    const b = await createRole({ name: 'Filter Beta', is_active: false });
    await createRole({ name: 'Filter_Gamma 50%' });
    base = { viewer: a.id, inactive: b.id };
    await addUser(a.id, 'verified');
    await addUser(a.id, 'pending');
    await addUser(a.id, 'suspended');
  });

  it('lists roles with user_count and the pagination object', async () => {
    const { data, pagination } = await listRoles('page=1&limit=50');
    const alpha = data.find((r) => r.id === base.viewer)!;
    expect(alpha).toEqual({
      id: base.viewer,
      name: 'Filter Alpha',
      description: null,
      is_active: true,
      user_count: 3,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(data[0]).toMatchObject({ id: 1, name: 'admin', user_count: 1 });
    expect(pagination).toEqual({
      current_page: 1,
      per_page: 50,
      total: data.length,
      total_pages: 1,
      has_next_page: false,
      has_prev_page: false,
      next_page: null,
      prev_page: null,
    });
  });

  it('filters by name (substring, case-insensitive, wildcards literal) and by status', async () => {
    expect((await listRoles('name=filter')).data.map((r) => r.name)).toEqual([
      'Filter Alpha',
      'Filter Beta',
      'Filter_Gamma 50%',
    ]);
    expect((await listRoles('name=ER_G')).data.map((r) => r.name)).toEqual(['Filter_Gamma 50%']);
    expect((await listRoles('name=50%25')).data.map((r) => r.name)).toEqual(['Filter_Gamma 50%']);
    expect((await listRoles('name=filter&status=inactive')).data.map((r) => r.name)).toEqual([
      'Filter Beta',
    ]);
    expect((await listRoles('name=filter&status=active')).data.map((r) => r.name)).toEqual([
      'Filter Alpha',
      'Filter_Gamma 50%',
    ]);
    expect((await listRoles('name=filter&status=')).data).toHaveLength(3);
    expect((await api('GET', '/api/roles?status=deleted')).statusCode).toBe(400);
  });

  it('pages', async () => {
    const all = await listRoles('limit=100');
    const page2 = await listRoles('page=2&limit=2');
    expect(page2.data.map((r) => r.id)).toEqual(all.data.slice(2, 4).map((r) => r.id));
    expect(page2.pagination).toMatchObject({
      current_page: 2,
      per_page: 2,
      total: all.data.length,
      total_pages: Math.ceil(all.data.length / 2),
      has_prev_page: true,
      prev_page: 1,
    });
  });

  it('keeps user_count exact when users move between roles', async () => {
    const target = await createRole({ name: 'Mover' });
    const u = await addUser(base.viewer);
    await t.db.update(users).set({ roleId: target.id }).where(eq(users.id, u.id));
    const { data } = await listRoles('name=mover');
    expect(data[0]?.user_count).toBe(1);
    expect((await listRoles('name=filter alpha')).data[0]?.user_count).toBe(3);
  });
});

describe('GET /api/roles/:id', () => {
  it('answers the role with users_count and its permissions', async () => {
    const role = await createRole({ name: 'Detail', permission_ids: ids('teams.view') });
    await addUser(role.id);
    const res = await api('GET', `/api/roles/${role.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { role: RoleDetail } }>().data.role;
    expect(body.users_count).toBe(1);
    expect(body.permissions).toEqual([
      {
        id: permId['teams.view'],
        name: 'teams.view',
        description: 'View teams and their details',
        action: 'view',
        resource: 'teams',
      },
    ]);
  });

  it('answers 404 for an unknown role on every route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/roles/999999', undefined],
      ['PUT', '/api/roles/999999', { name: 'Nobody' }],
      ['DELETE', '/api/roles/999999', undefined],
      ['POST', '/api/roles/999999/permissions', { permission_ids: ids('users.view') }],
      ['DELETE', '/api/roles/999999/permissions', { permission_ids: ids('users.view') }],
    ] as const) {
      const res = await api(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Role not found');
    }
  });
});

describe('PUT /api/roles/:id', () => {
  it('updates name, description and status, keeping permissions when none are sent', async () => {
    const role = await createRole({ name: 'Editable', permission_ids: ids('users.view') });
    const res = await api('PUT', `/api/roles/${role.id}`, {
      name: 'Edited',
      description: 'Now edited',
      is_active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.role).toMatchObject({
      name: 'Edited',
      description: 'Now edited',
      is_active: false,
    });
    expect(res.json().data.role.permissions.map((p: { name: string }) => p.name)).toEqual([
      'users.view',
    ]);
  });

  it('keeps the description and status a PUT leaves out, and clears a description sent empty', async () => {
    const role = await createRole({
      name: 'Keeper',
      description: 'Keeps gloves',
      is_active: false,
    });
    const renamed = await api('PUT', `/api/roles/${role.id}`, { name: 'Gloves' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.role).toMatchObject({
      name: 'Gloves',
      description: 'Keeps gloves',
      is_active: false,
    });
    const cleared = await api('PUT', `/api/roles/${role.id}`, { name: 'Gloves', description: '' });
    expect(cleared.json().data.role).toMatchObject({ description: null, is_active: false });
  });

  it('replaces the permissions when permission_ids is sent, in the same transaction', async () => {
    const role = await createRole({
      name: 'Replace',
      permission_ids: ids('users.view', 'users.create'),
    });
    const res = await api('PUT', `/api/roles/${role.id}`, {
      name: 'Replace',
      permission_ids: ids('users.view', 'teams.view'),
    });
    expect(res.json().data.role.permissions.map((p: { name: string }) => p.name)).toEqual([
      'users.view',
      'teams.view',
    ]);
    // A failing save changes neither the role nor its permissions.
    const clash = await api('PUT', `/api/roles/${role.id}`, {
      name: 'Replace',
      permission_ids: [...ids('users.view'), 999999],
    });
    expect(clash.statusCode).toBe(400);
    const after = await api('GET', `/api/roles/${role.id}`);
    expect(after.json().data.role.permissions.map((p: { name: string }) => p.name)).toEqual([
      'users.view',
      'teams.view',
    ]);
  });

  it('allows a change of case of its own name but not another role\u2019s name', async () => {
    const role = await createRole({ name: 'casey' });
    await createRole({ name: 'Taken Name' });
    expect((await api('PUT', `/api/roles/${role.id}`, { name: 'Casey' })).statusCode).toBe(200);
    const res = await api('PUT', `/api/roles/${role.id}`, { name: 'taken name' });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ name: ['Role name is already in use'] });
  });
});

describe('role id 1 (admin) is protected', () => {
  it('cannot be deleted', async () => {
    const res = await api('DELETE', '/api/roles/1');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The admin role cannot be deleted');
    expect(await t.db.select({ id: roles.id }).from(roles).where(eq(roles.id, 1))).toHaveLength(1);
  });

  it('cannot be renamed (to another role\u2019s name or otherwise) or deactivated', async () => {
    await createRole({ name: 'Other Role' });
    const renamed = await api('PUT', '/api/roles/1', { name: 'Other Role' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual({ name: ['The admin role cannot be renamed'] });
    expect((await api('PUT', '/api/roles/1', { name: 'superuser' })).statusCode).toBe(400);
    for (const name of ['ADMIN', 'Admin', 'aDmin']) {
      const recased = await api('PUT', '/api/roles/1', { name });
      expect(recased.statusCode, name).toBe(400);
      expect(recased.json().errors).toEqual({ name: ['The admin role cannot be renamed'] });
    }
    const off = await api('PUT', '/api/roles/1', { name: 'admin', is_active: false });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('The admin role cannot be deactivated');
    const [row] = await t.db.select().from(roles).where(eq(roles.id, 1));
    expect(row).toMatchObject({ name: 'admin', isActive: true });
  });

  it('cannot be stripped of permissions, but its description can change', async () => {
    const strip = await api('DELETE', '/api/roles/1/permissions', {
      permission_ids: ids('users.delete'),
    });
    expect(strip.statusCode).toBe(400);
    expect(strip.json().message).toBe('Permissions cannot be removed from the admin role');
    const replace = await api('PUT', '/api/roles/1', {
      name: 'admin',
      permission_ids: ids('users.view'),
    });
    expect(replace.statusCode).toBe(400);
    const held = await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, 1));
    expect(held).toHaveLength(PERMISSION_CATALOGUE.length);
    const ok = await api('PUT', '/api/roles/1', {
      name: 'admin',
      description: 'Everything',
      is_active: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.role.permissions).toHaveLength(PERMISSION_CATALOGUE.length);
  });
});

describe('DELETE /api/roles/:id', () => {
  it('deletes a role without users, with its grants', async () => {
    const role = await createRole({ name: 'Short Lived', permission_ids: ids('users.view') });
    const res = await api('DELETE', `/api/roles/${role.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Role deleted successfully' });
    expect((await api('GET', `/api/roles/${role.id}`)).statusCode).toBe(404);
    expect(
      await t.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, role.id)),
    ).toEqual([]);
  });

  it('refuses a role with assigned users, whatever their status', async () => {
    const role = await createRole({ name: 'Has Users' });
    const u = await addUser(role.id, 'suspended');
    const res = await api('DELETE', `/api/roles/${role.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Cannot delete role with assigned users');
    await t.db.delete(users).where(eq(users.id, u.id));
    expect((await api('DELETE', `/api/roles/${role.id}`)).statusCode).toBe(200);
  });
});

describe('POST and DELETE /api/roles/:id/permissions', () => {
  it('grants and revokes, ignoring ids already granted or not held', async () => {
    const role = await createRole({ name: 'Granular' });
    const add = await api('POST', `/api/roles/${role.id}/permissions`, {
      permission_ids: ids('users.view', 'users.view', 'teams.view'),
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data.role.permissions.map((p: { name: string }) => p.name)).toEqual([
      'users.view',
      'teams.view',
    ]);
    const again = await api('POST', `/api/roles/${role.id}/permissions`, {
      permission_ids: ids('users.view'),
    });
    expect(again.statusCode).toBe(200);
    const del = await api('DELETE', `/api/roles/${role.id}/permissions`, {
      permission_ids: ids('users.view', 'roles.view'),
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.role.permissions.map((p: { name: string }) => p.name)).toEqual([
      'teams.view',
    ]);
  });

  it('needs at least one known permission id', async () => {
    const role = await createRole({ name: 'Needs Ids' });
    const empty = await api('POST', `/api/roles/${role.id}/permissions`, { permission_ids: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ permission_ids: ['Select at least one permission'] });
    const unknown = await api('POST', `/api/roles/${role.id}/permissions`, {
      permission_ids: [999999],
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('GET /api/permissions/grouped', () => {
  type Grouped = {
    permissions: Record<string, { name: string; resource: string }[]>;
    pagination: { total: number; total_pages: number; has_next_page: boolean };
  };
  const page = async (q: string) => {
    const res = await api('GET', `/api/permissions/grouped?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Grouped }>().data;
  };

  it('defaults to 20 per page and keys permissions by module', async () => {
    const first = await page('page=1');
    const n = Object.values(first.permissions).flat().length;
    expect(n).toBe(20);
    expect(first.pagination).toMatchObject({
      total: PERMISSION_CATALOGUE.length,
      total_pages: Math.ceil(PERMISSION_CATALOGUE.length / 20),
    });
    expect(Object.keys(first.permissions)[0]).toBe('admin');
    for (const [module, list] of Object.entries(first.permissions))
      for (const p of list) expect(p.resource).toBe(module);
  });

  it('pages through the whole catalogue once, modules in catalogue order', async () => {
    const seen: string[] = [];
    const modules: string[] = [];
    for (let p = 1; ; p++) {
      const data = await page(`page=${p}&limit=10`);
      for (const [module, list] of Object.entries(data.permissions)) {
        if (modules.at(-1) !== module) modules.push(module);
        seen.push(...list.map((x) => x.name));
      }
      if (!data.pagination.has_next_page) break;
    }
    expect(seen).toEqual(PERMISSION_CATALOGUE.map((c) => c.name));
    expect(modules).toEqual([...new Set(PERMISSION_CATALOGUE.map((c) => c.module))]);
  });
});

describe('editing a role changes what its signed-in users may do on the next request', () => {
  it('grants and revokes take effect at once, and the profile lists exactly the grants', async () => {
    const staff = await t.userWith(['users.view', 'dashboard.view']);
    const profile = await api('GET', '/api/user/profile', undefined, staff.token);
    expect(profile.json().data.user.permissions.sort()).toEqual([
      'admin.access',
      'dashboard.view',
      'users.view',
    ]);
    expect((await api('GET', '/api/roles', undefined, staff.token)).statusCode).toBe(403);

    const grant = await api('POST', `/api/roles/${staff.roleId}/permissions`, {
      permission_ids: ids('roles.view'),
    });
    expect(grant.statusCode).toBe(200);
    expect((await api('GET', '/api/roles', undefined, staff.token)).statusCode).toBe(200);

    await api('DELETE', `/api/roles/${staff.roleId}/permissions`, {
      permission_ids: ids('roles.view'),
    });
    expect((await api('GET', '/api/roles', undefined, staff.token)).statusCode).toBe(403);
  });

  it('a deactivated role, or one without admin.access, signs its users out', async () => {
    const staff = await t.userWith(['users.view']);
    const [role] = await t.db.select().from(roles).where(eq(roles.id, staff.roleId));
    await api('PUT', `/api/roles/${staff.roleId}`, { name: role!.name, is_active: false });
    expect((await api('GET', '/api/user/profile', undefined, staff.token)).statusCode).toBe(401);
    await api('PUT', `/api/roles/${staff.roleId}`, {
      name: role!.name,
      is_active: true,
      permission_ids: ids('users.view'),
    });
    expect((await api('GET', '/api/user/profile', undefined, staff.token)).statusCode).toBe(401);
    await api('POST', `/api/roles/${staff.roleId}/permissions`, {
      permission_ids: ids('admin.access'),
    });
    // Giving access back does not bring the old session back (issue 12): it ended for good.
    expect((await api('GET', '/api/user/profile', undefined, staff.token)).statusCode).toBe(401);
  });
});

describe('staff cannot raise a role above their own', () => {
  it('grants only permissions the actor holds, and changes only roles within their rights', async () => {
    const manager = await t.userWith([
      'roles.view',
      'roles.create',
      'roles.update',
      'roles.delete',
      'users.view',
    ]);
    const as = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      api(method, url, payload, manager.token);

    const ok = await as('POST', '/api/roles', {
      name: 'Junior',
      permission_ids: ids('users.view'),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const junior = ok.json().data.role.id as number;

    for (const [method, url, payload] of [
      ['POST', '/api/roles', { name: 'Escalated', permission_ids: ids('users.delete') }],
      [
        'PUT',
        `/api/roles/${junior}`,
        { name: 'Junior', permission_ids: ids('users.view', 'teams.view') },
      ],
      ['POST', `/api/roles/${junior}/permissions`, { permission_ids: ids('users.delete') }],
      [
        'POST',
        `/api/roles/${manager.roleId}/permissions`,
        { permission_ids: ids('roles.view', 'users.delete') },
      ],
    ] as const) {
      const res = await as(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe('You cannot grant permissions your own role does not have');
    }

    const senior = await createRole({
      name: 'Senior',
      permission_ids: ids('users.view', 'teams.delete'),
    });
    for (const [method, url, payload] of [
      ['PUT', `/api/roles/${senior.id}`, { name: 'Senior', is_active: false }],
      ['DELETE', `/api/roles/${senior.id}/permissions`, { permission_ids: ids('teams.delete') }],
      ['DELETE', `/api/roles/${senior.id}`, undefined],
      ['PUT', '/api/roles/1', { name: 'admin', description: 'mine now' }],
    ] as const) {
      const res = await as(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(
        'You cannot change a role that has permissions your own role does not have',
      );
    }
    const [row] = await t.db.select().from(roles).where(eq(roles.id, senior.id));
    expect(row?.isActive).toBe(true);
    expect((await api('GET', `/api/roles/${senior.id}`)).json().data.role.permissions).toHaveLength(
      2,
    );

    // Within their rights all is allowed, their own role included.
    expect(
      (await as('PUT', `/api/roles/${junior}`, { name: 'Junior Staff', permission_ids: [] }))
        .statusCode,
    ).toBe(200);
    expect((await as('DELETE', `/api/roles/${junior}`)).statusCode).toBe(200);
    expect(
      (
        await as('DELETE', `/api/roles/${manager.roleId}/permissions`, {
          permission_ids: ids('roles.delete'),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('sorting the roles list', () => {
  it('sorts by each column both ways like an oracle query, and names the keys for an unknown one', async () => {
    await expectSortsLikeOracle(t, admin, {
      url: '/api/roles',
      from: sql`roles r`,
      keys: {
        name: sql`lower(name)`,
        user_count: sql`(select count(*) from users u where u.role_id = r.id)`,
        status: sql`is_active`,
        created_at: sql`created_at`,
      },
    });
  });
});
