import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NEW_PASSWORD_MESSAGES,
  USER_ERRORS,
  envelope,
  pageOf,
  todayIsoDate,
  user,
  userDetails,
} from '@cricket/contracts';
import { roles, sessions, teamPlayers, teams, users } from '../../db/schema';
import { createTestApp, userPayload, type TestApp } from '../../test/harness';
import { SEARCH_TOTAL_WINDOW } from './list-planner';
import { auditAs } from '../../plugins/audit';
import { insertUser } from './repository';
import { rethrowUniqueViolation } from './rules';

let t: TestApp;
let token: string;
let playerRole: number;
let ownerRole: number;
let inactiveRole: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const inserted = await t.db
    .insert(roles)
    .values([
      { name: 'player', description: 'Registered cricketers' },
      { name: 'owner', description: 'Team owners' },
      { name: 'retired', description: 'No longer used', isActive: false },
    ])
    .returning({ id: roles.id, name: roles.name });
  const id = (name: string) => inserted.find((r) => r.name === name)!.id;
  playerRole = id('player');
  ownerRole = id('owner');
  inactiveRole = id('retired');
});
afterAll(() => t.close());

let phoneSeq = 0;
/** A valid create body with a unique email and phone number. */
function body(overrides: Record<string, unknown> = {}) {
  phoneSeq += 1;
  return userPayload(playerRole, {
    first_name: 'Rohit',
    last_name: 'Sharma',
    email: `rohit${phoneSeq}@example.in`,
    phone_number: String(8_800_000_000 + phoneSeq),
    status: 'pending',
    ...overrides,
  });
}

const create = (payload: Record<string, unknown>, as = token) =>
  t.as(as, { method: 'POST', url: '/api/users', payload });
const list = (query: string, as = token) => t.as(as, { method: 'GET', url: `/api/users?${query}` });
async function createOk(overrides: Record<string, unknown> = {}) {
  const res = await create(body(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.user as { id: number; phone_number: string; details: { email: string } };
}

describe('POST /api/users', () => {
  it('creates a user and answers it in the spec shape, with +91 stripped', async () => {
    const res = await create(
      body({
        phone_number: '+919812345670',
        email: 'Smriti.Mandhana@Example.in',
        first_name: ' Smriti ',
        last_name: 'Mandhana',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json.message).toBe('User created successfully');
    expect(json.data.user).toMatchObject({
      phone_number: '9812345670',
      role_id: playerRole,
      role: 'player',
      status: 'pending',
      details: {
        first_name: 'Smriti',
        last_name: 'Mandhana',
        email: 'Smriti.Mandhana@Example.in',
        date_of_birth: '1990-04-30',
        gender: 'Male',
        pincode: '400001',
        profile_picture: null,
      },
    });
    expect(Object.keys(json.data.user).sort()).toEqual([
      'created_at',
      'details',
      // Issue 34: when their personal data was erased; null for everyone else.
      'erased_at',
      'id',
      'phone_number',
      'role',
      'role_id',
      'status',
      // Issue 32: where quiet hours are counted for them; null is the organisation's zone.
      'time_zone',
      // Issue 33: the version its PUT and DELETE take as If-Match (decision 059).
      'updated_at',
    ]);
    expect(json.data.user.time_zone).toBeNull();
    expect(json.data.user.erased_at).toBeNull();
    expect(json.data.user.details).not.toHaveProperty('password_hash');
  });

  it('defaults the status to pending and stores empty optional fields as null', async () => {
    const payload = body({
      date_of_birth: '',
      gender: '',
      pincode: '',
      address: '  ',
      profile_picture: '',
    });
    delete (payload as Record<string, unknown>).status;
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json().data.user;
    expect(u.status).toBe('pending');
    expect(u.details).toMatchObject({
      date_of_birth: null,
      gender: null,
      pincode: null,
      address: null,
      profile_picture: null,
    });
  });

  it('keeps an uploaded profile picture', async () => {
    const url = '/uploads/profile_pictures/3f1c9a2e-1111-4222-8333-944455556666.png';
    const u = await createOk({ profile_picture: url });
    const res = await t.as(token, { method: 'GET', url: `/api/users/${u.id}` });
    expect(res.json().data.user.details.profile_picture).toBe(url);
  });

  const today = todayIsoDate();
  const yearsAgo = (n: number) => `${Number(today.slice(0, 4)) - n}${today.slice(4)}`;
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['first name missing', { first_name: '' }, 'first_name', 'First name is required'],
    ['first name absent', { first_name: undefined }, 'first_name', 'First name is required'],
    [
      'first name with digits',
      { first_name: 'R0hit' },
      'first_name',
      'First name should contain only letters',
    ],
    [
      'first name too short',
      { first_name: ' R ' },
      'first_name',
      'First name must be at least 2 characters',
    ],
    [
      'first name too long',
      { first_name: 'a'.repeat(51) },
      'first_name',
      'First name must be less than or equal to 50 characters',
    ],
    ['last name missing', { last_name: '   ' }, 'last_name', 'Last name is required'],
    [
      'last name with symbols',
      { last_name: 'Sharma!' },
      'last_name',
      'Last name should contain only letters',
    ],
    [
      'last name too short',
      { last_name: 'S' },
      'last_name',
      'Last name must be at least 2 characters',
    ],
    [
      'last name too long',
      { last_name: 'b'.repeat(51) },
      'last_name',
      'Last name must be less than or equal to 50 characters',
    ],
    ['email missing', { email: '' }, 'email', 'Email is required'],
    ['email invalid', { email: 'rohit@' }, 'email', 'Please enter a valid email address'],
    ['phone missing', { phone_number: '' }, 'phone_number', 'Phone number is required'],
    [
      'phone too short',
      { phone_number: '98765' },
      'phone_number',
      'Please enter a valid mobile number',
    ],
    [
      'phone not a mobile',
      { phone_number: '5123456789' },
      'phone_number',
      'Please enter a valid mobile number',
    ],
    [
      'phone with +91 and 11 digits',
      { phone_number: '+9198765432101' },
      'phone_number',
      'Please enter a valid mobile number',
    ],
    [
      'date of birth invalid',
      { date_of_birth: '2001-02-30' },
      'date_of_birth',
      'Please enter a valid date',
    ],
    [
      'date of birth not a date',
      { date_of_birth: 'yesterday' },
      'date_of_birth',
      'Please enter a valid date',
    ],
    [
      'date of birth in the future',
      { date_of_birth: '2999-01-01' },
      'date_of_birth',
      'Date of birth cannot be in the future',
    ],
    [
      'younger than 13',
      { date_of_birth: yearsAgo(12) },
      'date_of_birth',
      'User must be at least 13 years old',
    ],
    ['role missing', { role_id: undefined }, 'role_id', 'Please select a role'],
    ['role empty', { role_id: '' }, 'role_id', 'Please select a role'],
    [
      'pincode 5 digits',
      { pincode: '40001' },
      'pincode',
      'Please enter a valid pincode (6 digits)',
    ],
    [
      'pincode letters',
      { pincode: '40A001' },
      'pincode',
      'Please enter a valid pincode (6 digits)',
    ],
    ['status initiated', { status: 'initiated' }, 'status', 'Please select a status'],
    ['gender unknown', { gender: 'Robot' }, 'gender', 'Please select a valid gender'],
    [
      'picture elsewhere',
      { profile_picture: 'https://evil.example/x.png' },
      'profile_picture',
      'Please upload a valid profile picture',
    ],
  ];
  it.each(cases)(
    'rejects %s with the spec message and stores nothing',
    async (_label, overrides, field, message) => {
      const before = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
      const res = await create(body(overrides));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors[field]).toContain(message);
      expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBe(before);
    },
  );

  it('accepts a 13th birthday today and names written in other scripts', async () => {
    await createOk({ date_of_birth: yearsAgo(13), first_name: 'राहुल', last_name: 'Dravid' });
  });

  it('refuses a duplicate email (any case) or phone number with 409 naming the field', async () => {
    const first = await createOk();
    const sameEmail = await create(body({ email: first.details.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe('Email is already in use');
    expect(sameEmail.json().errors).toEqual({ email: ['Email is already in use'] });
    const samePhone = await create(body({ phone_number: `+91${first.phone_number}` }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().message).toBe('Phone number is already in use');
    expect(samePhone.json().errors).toEqual({ phone_number: ['Phone number is already in use'] });
  });

  it('names the field when the unique index catches a duplicate the pre-check missed', async () => {
    const first = await createOk();
    const values = {
      ...(body() as never as Parameters<typeof insertUser>[1]),
      role_id: playerRole,
    };
    await expect(
      insertUser(t.db, { ...values, email: first.details.email }, auditAs(null, 'user')).catch(
        rethrowUniqueViolation,
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Email is already in use',
    });
    await expect(
      insertUser(
        t.db,
        { ...values, phone_number: first.phone_number },
        auditAs(null, 'user'),
      ).catch(rethrowUniqueViolation),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'Phone number is already in use',
    });
  });

  it('refuses an unknown or inactive role', async () => {
    for (const role_id of [999_999, inactiveRole]) {
      const res = await create(body({ role_id }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(USER_ERRORS.roleUnavailable);
    }
  });

  it('refuses to give a role with more rights than the actor holds', async () => {
    const staff = await t.userWith(['users.view', 'users.create', 'users.update']);
    const res = await create(body({ role_id: 1 }), staff.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_ERRORS.beyondOwnRights);
    expect((await create(body(), staff.token)).statusCode).toBe(200);
  });
});

describe('GET /api/users/:id', () => {
  it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
    const res = await t.as(token, { method: 'GET', url: '/api/users/987654' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
    expect((await t.as(token, { method: 'GET', url: '/api/users/abc' })).statusCode).toBe(400);
  });
});

describe('PUT /api/users/:id', () => {
  it('updates every field and validates like create', async () => {
    const u = await createOk();
    const payload = body({
      first_name: 'Virat',
      last_name: 'Kohli',
      status: 'verified',
      role_id: ownerRole,
      gender: 'Other',
      pincode: '110001',
    });
    const res = await t.as(token, { method: 'PUT', url: `/api/users/${u.id}`, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('User updated successfully');
    expect(res.json().data.user).toMatchObject({
      id: u.id,
      role: 'owner',
      status: 'verified',
      details: { first_name: 'Virat', gender: 'Other', pincode: '110001' },
    });
    const bad = await t.as(token, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: { ...payload, first_name: 'V' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('First name must be at least 2 characters');
  });

  it('lets a user keep their own email and phone but not take another user’s', async () => {
    const a = await createOk();
    const b = await createOk();
    const keep = await t.as(token, {
      method: 'PUT',
      url: `/api/users/${a.id}`,
      payload: body({ email: a.details.email, phone_number: a.phone_number }),
    });
    expect(keep.statusCode, keep.body).toBe(200);
    const steal = await t.as(token, {
      method: 'PUT',
      url: `/api/users/${a.id}`,
      payload: body({ email: b.details.email, phone_number: b.phone_number }),
    });
    expect(steal.statusCode).toBe(409);
    expect(steal.json().errors).toEqual({
      email: ['Email is already in use'],
      phone_number: ['Phone number is already in use'],
    });
  });

  it('answers 404 for an unknown user', async () => {
    const res = await t.as(token, { method: 'PUT', url: '/api/users/987654', payload: body() });
    expect(res.statusCode).toBe(404);
  });

  it('lets a user keep a role deactivated after they got it', async () => {
    const [role] = await t.db.insert(roles).values({ name: 'scorer' }).returning({ id: roles.id });
    const u = await createOk({ role_id: role!.id });
    await t.db.update(roles).set({ isActive: false }).where(eq(roles.id, role!.id));
    const res = await t.as(token, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: body({ role_id: role!.id, first_name: 'Kept' }),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('GET /api/users', () => {
  it('pages newest first with the spec pagination object and exact totals per role and status', async () => {
    const [{ n: playersBefore } = { n: 0 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.roleId, playerRole));
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createOk({ status: 'suspended', first_name: 'Pagey' }));
    const res = await list(`page=1&limit=2&role_id=${playerRole}`);
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json().data;
    expect(data.map((u: { id: number }) => u.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(pagination).toEqual({
      current_page: 1,
      per_page: 2,
      total: playersBefore + 3,
      total_pages: Math.ceil((playersBefore + 3) / 2),
      has_next_page: true,
      has_prev_page: false,
      next_page: 2,
      prev_page: null,
    });

    const suspended = await list(`role_id=${playerRole}&status=suspended&limit=50`);
    const rows = suspended.json().data.data as { id: number; status: string; role_id: number }[];
    expect(rows.every((u) => u.status === 'suspended' && u.role_id === playerRole)).toBe(true);
    expect(suspended.json().data.pagination.total).toBe(rows.length);

    const all = await list('limit=1');
    const [{ n: everyone } = { n: 0 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users);
    expect(all.json().data.pagination.total).toBe(everyone);
  });

  it('answers every row exactly as the profile does, in the declared shape, whichever way the page was found', async () => {
    const full = await createOk({
      first_name: 'Harleen',
      last_name: 'Deol',
      date_of_birth: '2000-09-05',
      gender: 'Female',
      address: 'Flat "4", Bandra\\West',
      city: 'Mumbai',
      state: 'Maharashtra',
      country: 'India',
      pincode: '400050',
      profile_picture: '/uploads/profile_pictures/jr.png',
    });
    const sparse = await createOk({
      first_name: 'Harleenson',
      date_of_birth: '',
      gender: '',
      pincode: '',
      address: '',
      profile_picture: '',
    });
    // The list's rows are JSON written by PostgreSQL; hold them to the contract, field for field.
    const strictPage = envelope(
      pageOf(user.extend({ details: userDetails.strict() }).strict()),
    ).strict();
    for (const query of [
      'limit=5',
      'name=harleen',
      `name=harleen&role_id=${playerRole}`,
      `phone_number=${full.phone_number}`,
    ]) {
      const res = await list(query);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const page = strictPage.parse(res.json());
      const rows = page.data.data.filter((r) => r.id === full.id || r.id === sparse.id);
      expect(rows.length, query).toBeGreaterThan(0);
      for (const row of rows) {
        const profile = await t.as(token, { method: 'GET', url: `/api/users/${row.id}` });
        expect(row).toEqual(profile.json().data.user);
      }
    }
    const [stored] = await t.db
      .select({ createdAt: users.createdAt })
      .from(users)
      .where(eq(users.id, full.id));
    const profile = (await t.as(token, { method: 'GET', url: `/api/users/${full.id}` })).json().data
      .user;
    expect(profile.created_at).toBe(new Date(stored!.createdAt).toISOString());
    expect(profile.details).toMatchObject({
      address: 'Flat "4", Bandra\\West',
      first_name: 'Harleen',
      date_of_birth: '2000-09-05',
    });
    const none = await list('name=nobody-is-called-this&page=3');
    expect(strictPage.parse(none.json()).data).toMatchObject({
      data: [],
      pagination: { total: 0, current_page: 3 },
    });
  });

  it('keeps the total exact after edits and deletes', async () => {
    const total = async () =>
      (await list('status=verified&limit=1')).json().data.pagination.total as number;
    const before = await total();
    const u = await createOk({ status: 'verified' });
    expect(await total()).toBe(before + 1);
    await t.as(token, {
      method: 'PUT',
      url: `/api/users/${u.id}`,
      payload: body({ status: 'suspended' }),
    });
    expect(await total()).toBe(before);
    const v = await createOk({ status: 'verified' });
    await t.as(token, { method: 'DELETE', url: `/api/users/${v.id}` });
    expect(await total()).toBe(before);
  });

  it('finds by first, last and full name, case-insensitively, as a substring', async () => {
    const u = await createOk({ first_name: 'Jemimah', last_name: 'Rodrigues' });
    for (const name of ['jemi', 'RODRIG', 'mimah rod', '  Jemimah   Rodrigues ']) {
      const rows = (await list(`name=${encodeURIComponent(name)}`)).json().data.data as {
        id: number;
      }[];
      expect(
        rows.map((r) => r.id),
        name,
      ).toEqual([u.id]);
    }
    const none = await list('name=zzqx');
    expect(none.json().data.data).toEqual([]);
    expect(none.json().data.pagination.total).toBe(0);
  });

  it('treats LIKE wildcards in a search as plain characters', async () => {
    const res = await list(`name=${encodeURIComponent('%')}`);
    expect(res.json().data.data).toEqual([]);
  });

  it('finds by phone digits, ignoring a +91 prefix, and combines filters', async () => {
    const u = await createOk({ phone_number: '9123456780', status: 'verified' });
    expect(
      (await list('phone_number=3456')).json().data.data.map((r: { id: number }) => r.id),
    ).toContain(u.id);
    expect(
      (await list(`phone_number=${encodeURIComponent('+91 91234')}`))
        .json()
        .data.data.map((r: { id: number }) => r.id),
    ).toEqual([u.id]);
    expect((await list('phone_number=9123456780&status=pending')).json().data.data).toEqual([]);
    expect((await list('phone_number=abc')).json().data.data).toEqual([]);
  });

  it('counts a text search exactly, and pages through it', async () => {
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(await createOk({ first_name: 'Tilak', last_name: 'Varma' }));
    const p1 = (await list('name=tilak varma&limit=2&page=1')).json().data;
    expect(p1.pagination).toMatchObject({ total: 3, total_pages: 2, has_next_page: true });
    expect(p1.data.map((r: { id: number }) => r.id)).toEqual([made[2]!.id, made[1]!.id]);
    const p2 = (await list('name=tilak varma&limit=2&page=2')).json().data;
    expect(p2.data.map((r: { id: number }) => r.id)).toEqual([made[0]!.id]);
    const past = (await list('name=tilak varma&limit=2&page=5')).json().data;
    expect(past).toMatchObject({ data: [], pagination: { total: 3, current_page: 5 } });
    const pastAll = (await list('limit=10&page=9999')).json().data;
    expect(pastAll.data).toEqual([]);
    expect(pastAll.pagination.total).toBeGreaterThan(0);
  });

  it('bounds the cost of a filtered or phone search total by the search window', async () => {
    expect(SEARCH_TOTAL_WINDOW).toBeGreaterThanOrEqual(100);
    await t.db.execute(sql`
      insert into users (email, phone_number, role_id, status, first_name, last_name)
      select 'bulk' || g || '@example.in', (6000000000 + g)::text, ${playerRole}, 'verified', 'Bulk', 'Person'
      from generate_series(1, ${SEARCH_TOTAL_WINDOW + 5}) g`);
    // A name alone: exact, from the name dictionary.
    expect((await list('name=bulk person&limit=10')).json().data.pagination.total).toBe(
      SEARCH_TOTAL_WINDOW + 5,
    );
    for (const query of ['name=bulk person&status=verified', 'phone_number=600000']) {
      const p1 = (await list(`${query}&limit=10`)).json().data.pagination;
      expect(p1.total, query).toBe(SEARCH_TOTAL_WINDOW);
      const p3 = (await list(`${query}&limit=10&page=3`)).json().data.pagination;
      expect(p3.total, query).toBe(SEARCH_TOTAL_WINDOW + 5);
    }
  });

  it('rejects an unknown status filter', async () => {
    expect((await list('status=deleted')).statusCode).toBe(400);
    expect((await list('status=initiated')).statusCode).toBe(200);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user with their sessions and squad places, keeping squad counts right', async () => {
    const owner = await createOk({ role_id: ownerRole });
    const player = await createOk();
    const [team] = await t.db
      .insert(teams)
      .values({
        name: 'Mumbai Strikers',
        location: 'Mumbai',
        teamInitials: 'MS',
        ownerId: owner.id,
        playersCount: 1,
      })
      .returning({ id: teams.id });
    await t.db.insert(teamPlayers).values({ teamId: team!.id, userId: player.id });
    await t.db.insert(sessions).values({
      tokenHash: 'f'.repeat(64),
      userId: player.id,
      expiresAt: new Date(Date.now() + 60_000),
    });

    const res = await t.as(token, { method: 'DELETE', url: `/api/users/${player.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('User deleted successfully');
    expect(await t.db.select().from(users).where(eq(users.id, player.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, player.id))).toEqual([]);
    expect(await t.db.select().from(teamPlayers).where(eq(teamPlayers.userId, player.id))).toEqual(
      [],
    );
    const [after] = await t.db
      .select({ count: teams.playersCount })
      .from(teams)
      .where(eq(teams.id, team!.id));
    expect(after!.count).toBe(0);
    expect(
      (await t.as(token, { method: 'DELETE', url: `/api/users/${player.id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a team owner with 409', async () => {
    const owner = await createOk({ role_id: ownerRole });
    await t.db
      .insert(teams)
      .values({ name: 'Pune Panthers', location: 'Pune', teamInitials: 'PP', ownerId: owner.id });
    const res = await t.as(token, { method: 'DELETE', url: `/api/users/${owner.id}` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USER_ERRORS.ownsTeam);
    expect(
      await t.db.select({ id: users.id }).from(users).where(eq(users.id, owner.id)),
    ).toHaveLength(1);
  });

  it('refuses to delete yourself', async () => {
    const me = await t.userWith(['users.view', 'users.delete']);
    const res = await t.as(me.token, { method: 'DELETE', url: `/api/users/${me.id}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot delete your own account');
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.id, me.id))).toHaveLength(
      1,
    );
  });
});

describe('PUT /api/users/:id/password', () => {
  it('sets a password the user can sign in with and signs them out elsewhere', async () => {
    const staff = await t.userWith(['users.view'], { password: 'Old@12345' });
    const res = await t.as(token, {
      method: 'PUT',
      url: `/api/users/${staff.id}/password`,
      payload: { password: 'New@12345', confirm_password: 'New@12345' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Password updated successfully');
    const [row] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, staff.id));
    expect(row!.hash).toMatch(/^\$argon2id\$/);
    // The old session is revoked, the old password no longer works, the new one does.
    expect((await t.as(staff.token, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(
      401,
    );
    const [email] = await t.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, staff.id));
    await expect(t.login(email!.email, 'Old@12345')).rejects.toThrow();
    expect(await t.login(email!.email, 'New@12345')).toBeTruthy();
  });

  it('keeps the caller signed in when they set their own password', async () => {
    const me = await t.userWith(['users.view', 'users.update']);
    const res = await t.as(me.token, {
      method: 'PUT',
      url: `/api/users/${me.id}/password`,
      payload: { password: 'Mine@12345', confirm_password: 'Mine@12345' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.as(me.token, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(
      200,
    );
  });

  it("refuses a new password under 8 characters, missing or not confirmed, with the contract's messages", async () => {
    const u = await createOk();
    const refused = async (payload: object, errors: Record<string, string[]>) => {
      const res = await t.as(token, {
        method: 'PUT',
        url: `/api/users/${u.id}/password`,
        payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual(errors);
    };
    // Seven characters meet the sign-in floor of 6 but not the rule of a new password.
    await refused(
      { password: 'Abc@123', confirm_password: 'Abc@123' },
      { password: [NEW_PASSWORD_MESSAGES.tooShort] },
    );
    await refused(
      {},
      {
        password: [NEW_PASSWORD_MESSAGES.required],
        confirm_password: [NEW_PASSWORD_MESSAGES.confirmRequired],
      },
    );
    await refused(
      { password: 'Secret#Pass123' },
      { confirm_password: [NEW_PASSWORD_MESSAGES.confirmRequired] },
    );
    await refused(
      { password: 'Secret#Pass123', confirm_password: 'Secret#Pass124' },
      { confirm_password: [NEW_PASSWORD_MESSAGES.confirmMismatch] },
    );
    const [row] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, u.id));
    expect(row!.hash).toBeNull();
  });

  it('answers 404 for an unknown user and 403 for an account beyond the caller’s rights', async () => {
    expect(
      (
        await t.as(token, {
          method: 'PUT',
          url: '/api/users/987654/password',
          payload: { password: 'Secret@1', confirm_password: 'Secret@1' },
        })
      ).statusCode,
    ).toBe(404);
    const staff = await t.userWith(['users.view', 'users.update']);
    const [admin] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.roleId, 1))
      .limit(1);
    const res = await t.as(staff.token, {
      method: 'PUT',
      url: `/api/users/${admin!.id}/password`,
      payload: { password: 'Taken@123', confirm_password: 'Taken@123' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_ERRORS.beyondOwnRights);
  });
});
