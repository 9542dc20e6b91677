import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users, roles } from '../../db/schema';
import { ADMIN, createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (payload: unknown, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: payload as object,
    remoteAddress: ip,
  });

describe('POST /api/user/login', () => {
  it('signs in, returns data.token and sets the httpOnly token cookie and the XSRF cookie', async () => {
    const res = await login({ ...ADMIN, device_info: { name: 'Chrome', type: 'desktop' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    const token = res.cookies.find((c) => c.name === '__token');
    expect(token?.httpOnly).toBe(true);
    expect(token?.value).toBe(body.data.token);
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBeFalsy();
    const [session] = await t.db
      .select()
      .from(sessions)
      .orderBy(sql`${sessions.id} desc`)
      .limit(1);
    expect(session?.deviceName).toBe('Chrome');
    expect(session?.tokenHash).not.toBe(body.data.token);
    // 1 day without remember
    const ttl = session!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(23 * 3600_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3600_000);
  });

  it('keeps a remembered session for 7 days', async () => {
    const res = await login({ ...ADMIN, remember: true });
    const expires = new Date(res.json().data.expires_at).getTime() - Date.now();
    expect(expires).toBeGreaterThan(6.9 * 24 * 3600_000);
  });

  it('refuses a wrong password with a clear message', async () => {
    const res = await login({ email: ADMIN.email, password: 'wrong-password' }, '10.0.0.2');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
  });

  it('answers bad input with the spec messages per field', async () => {
    const res = await login({ email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
    const res2 = await login({ email: 'not-an-email', password: '123' });
    expect(res2.json().errors).toEqual({
      email: ['Please enter a valid email'],
      password: ['Password must be at least 6 characters'],
    });
  });

  it('stores argon2id password hashes', async () => {
    const [admin] = await t.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, ADMIN.email));
    expect(admin?.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('throttles quick wrong logins with 429 and a clear message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await login({ email: ADMIN.email, password: `wrong-${i}` }, '10.0.0.99');
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429, 429, 429]);
    const blocked = await login(ADMIN, '10.0.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many login attempts. Please try again later.');
    expect(blocked.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await login(ADMIN, '10.0.0.100')).statusCode).toBe(200);
  });

  it('refuses users whose role lacks admin.access or is inactive', async () => {
    const staff = await t.userWith(['users.view'], { email: 'inactive-role@test.local' });
    await t.db.update(roles).set({ isActive: false }).where(eq(roles.id, staff.roleId));
    const res = await login({ email: 'inactive-role@test.local', password: 'Staff@12345' });
    // The same answer as a wrong password (decision 018).
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid email or password');
    // The session taken before deactivation stops working at once.
    const profile = await t.as(staff.token, { method: 'GET', url: '/api/user/profile' });
    expect(profile.statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('returns the profile with role and permission names', async () => {
    const token = await t.login();
    const res = await t.as(token, { method: 'GET', url: '/api/user/profile' });
    expect(res.statusCode).toBe(200);
    const user = res.json().data.user;
    expect(user.email).toBe(ADMIN.email);
    expect(user.role.name).toBe('admin');
    expect(user.permissions).toContain('users.delete');
    expect(user).not.toHaveProperty('password_hash');
  });

  it('logout revokes the token', async () => {
    const token = await t.login();
    const out = await t.as(token, { method: 'POST', url: '/api/user/logout' });
    expect(out.statusCode).toBe(200);
    const again = await t.as(token, { method: 'GET', url: '/api/user/profile' });
    expect(again.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const token = await t.login();
    await t.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await t.as(token, { method: 'GET', url: '/api/user/profile' });
    expect(res.statusCode).toBe(401);
  });

  it('requires the XSRF header on cookie-authenticated writes', async () => {
    const res = await login(ADMIN);
    const token = res.cookies.find((c) => c.name === '__token')!.value;
    const xsrf = res.cookies.find((c) => c.name === 'XSRF-TOKEN')!.value;
    const cookies = { __token: token, 'XSRF-TOKEN': xsrf };
    const read = await t.app.inject({ method: 'GET', url: '/api/user/profile', cookies });
    expect(read.statusCode).toBe(200);
    const forged = await t.app.inject({ method: 'POST', url: '/api/user/logout', cookies });
    expect(forged.statusCode).toBe(403);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      cookies,
      headers: { 'x-xsrf-token': xsrf },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.cookies.find((c) => c.name === '__token')?.value).toBe('');
  });

  it('never shows internals on an unknown API path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Not found' });
  });

  it('sends the security headers on every response, errors included', async () => {
    for (const url of ['/api/health/live', '/api/does-not-exist', '/api/users']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});
