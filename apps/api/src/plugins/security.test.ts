import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { ADMIN, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: '1' });
});
afterAll(() => t.close());

const login = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: ADMIN, headers });

describe('response headers', () => {
  it('no browser or proxy may keep the login answer or signed-in JSON', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = res.json().data.token as string;
    for (const url of ['/api/user/profile', '/api/users', '/api/roles']) {
      expect((await t.as(token, { method: 'GET', url })).headers['cache-control'], url).toBe(
        'no-store',
      );
    }
  });

  it('marks the session cookies Secure in production', async () => {
    const res = await login();
    expect(res.cookies.map((c) => [c.name, c.secure])).toEqual([
      ['__token', true],
      ['XSRF-TOKEN', true],
    ]);
  });

  it('sends HSTS only over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await t.app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('keeps a short, plain X-Request-Id and replaces any other', async () => {
    const id = (value: string) =>
      t.app
        .inject({ method: 'GET', url: '/api/health/live', headers: { 'x-request-id': value } })
        .then((r) => r.headers['x-request-id']);
    expect(await id('client-42.retry:1')).toBe('client-42.retry:1');
    for (const bad of ['x'.repeat(65), 'a b', '<script>', 'line"break', '']) {
      expect(await id(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('COOKIE_SECURE', () => {
  it('defaults to on in production only, and can be turned off for plain HTTP', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).cookieSecure).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).cookieSecure).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', COOKIE_SECURE: 'true' }).cookieSecure).toBe(true);
  });
});
