import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnSession } from '@cricket/contracts';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Staff@12345';
const signIn = async (email: string, password = PASSWORD, device = 'Laptop') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password, device_info: { name: device, type: 'desktop' } },
  });
  return res.statusCode === 200 ? (res.json().data.token as string) : null;
};

describe('PUT /api/user/profile', () => {
  it('saves your own name, phone and picture; email and role stay', async () => {
    const me = await t.userWith([], { email: 'me.profile@test.local' });
    const res = await t.as(me.token, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: {
        first_name: 'Meera',
        last_name: 'Nair',
        phone_number: '+91 9876501234',
        profile_picture: null,
        email: 'hijack@test.local',
        role_id: 1,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Account details saved successfully!');
    const profile = (await t.as(me.token, { method: 'GET', url: '/api/user/profile' })).json().data
      .user;
    expect(profile).toMatchObject({
      first_name: 'Meera',
      last_name: 'Nair',
      phone_number: '9876501234',
      email: 'me.profile@test.local',
      role: { id: me.roleId },
    });
    expect(Date.parse(profile.created_at)).not.toBeNaN();
  });

  it("refuses the user rules' bad values and another person's phone number", async () => {
    const me = await t.userWith([]);
    const other = await t.userWith([]);
    const otherPhone = (await t.as(other.token, { method: 'GET', url: '/api/user/profile' })).json()
      .data.user.phone_number;
    const bad = await t.as(me.token, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: { first_name: 'M', last_name: 'Nair', phone_number: '12345' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      first_name: ['First name must be at least 2 characters'],
      phone_number: ['Please enter a valid mobile number'],
    });
    const taken = await t.as(me.token, {
      method: 'PUT',
      url: '/api/user/profile',
      payload: { first_name: 'Meera', last_name: 'Nair', phone_number: otherPhone },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ phone_number: ['Phone number is already in use'] });
  });
});

describe('PUT /api/user/password', () => {
  it('needs the right current password, a new one of 8+ characters, different and confirmed', async () => {
    const me = await t.userWith([]);
    const put = (payload: object) =>
      t.as(me.token, { method: 'PUT', url: '/api/user/password', payload });
    const wrong = await put({
      current_password: 'Wrong@12345',
      new_password: 'Brand#New123',
      confirm_password: 'Brand#New123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ current_password: ['Current password is incorrect'] });
    const rules = await put({
      current_password: PASSWORD,
      new_password: 'short',
      confirm_password: 'other',
    });
    expect(rules.json().errors).toMatchObject({
      new_password: ['New password must be at least 8 characters'],
      confirm_password: ['Passwords do not match'],
    });
    const same = await put({
      current_password: PASSWORD,
      new_password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(same.json().errors).toMatchObject({
      new_password: ['New password must be different from the current password'],
    });
  });

  it('signs out every other session, keeps this one, and only the new password signs in', async () => {
    const me = await t.userWith([], { email: 'me.password@test.local' });
    const other = (await signIn('me.password@test.local', PASSWORD, 'Phone'))!;
    const res = await t.as(me.token, {
      method: 'PUT',
      url: '/api/user/password',
      payload: {
        current_password: PASSWORD,
        new_password: 'Brand#New123',
        confirm_password: 'Brand#New123',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.as(other, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
    expect((await t.as(me.token, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(
      200,
    );
    expect(await signIn('me.password@test.local')).toBeNull();
    expect(await signIn('me.password@test.local', 'Brand#New123')).toBeTruthy();
  });
});

describe('/api/user/sessions', () => {
  it("lists only your own active sessions, marks this one, and ends yours but not another's", async () => {
    const me = await t.userWith([], { email: 'me.sessions@test.local' });
    const phone = (await signIn('me.sessions@test.local', PASSWORD, 'Pixel 9'))!;
    await signIn('me.sessions@test.local', PASSWORD, 'iPad');
    const stranger = await t.userWith([]);

    const list = async (token = me.token) =>
      (await t.as(token, { method: 'GET', url: '/api/user/sessions' })).json().data
        .data as OwnSession[];
    const mine = await list();
    expect(mine).toHaveLength(3);
    expect(mine.filter((s) => s.current)).toHaveLength(1);
    expect(mine.map((s) => s.device_name).sort()).toEqual(['Pixel 9', 'Unknown Device', 'iPad']);
    const strangers = await list(stranger.token);
    expect(strangers).toHaveLength(1);

    const theirs = await t.as(me.token, {
      method: 'DELETE',
      url: `/api/user/sessions/${strangers[0]!.id}`,
    });
    expect(theirs.statusCode).toBe(404);
    expect((await list(stranger.token)).length).toBe(1);

    const pixel = mine.find((s) => s.device_name === 'Pixel 9')!;
    const ended = await t.as(me.token, { method: 'DELETE', url: `/api/user/sessions/${pixel.id}` });
    expect(ended.statusCode).toBe(200);
    expect((await t.as(phone, { method: 'GET', url: '/api/user/profile' })).statusCode).toBe(401);
    expect(await list()).toHaveLength(2);

    const others = await t.as(me.token, { method: 'DELETE', url: '/api/user/sessions' });
    expect(others.json().data).toEqual({ ended: 1 });
    const left = await list();
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it('describes each session by the browser and system its user agent names', async () => {
    await t.userWith([], { email: 'me.devices@test.local' });
    const agents = {
      'Chrome on Windows':
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Mobile Safari on iOS':
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Firefox on Linux': 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    };
    let token = '';
    for (const agent of [...Object.values(agents), 'curl/8.5.0']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        headers: { 'user-agent': agent },
        payload: { email: 'me.devices@test.local', password: PASSWORD },
      });
      token = res.json().data.token;
    }
    const sessions = (
      await t.as(token, { method: 'GET', url: '/api/user/sessions?limit=10' })
    ).json().data.data as OwnSession[];
    const devices = sessions.map((s) => s.device);
    for (const description of Object.keys(agents)) expect(devices).toContain(description);
    // An agent naming no browser or system has no description; the screen falls back.
    expect(devices).toContain(null);
  });

  it('pages like every list: the most recently used first, the spec pagination, bad paging refused', async () => {
    const me = await t.userWith([], { email: 'me.paging@test.local' });
    for (const device of ['First', 'Second', 'Third', 'Fourth'])
      await signIn('me.paging@test.local', PASSWORD, device);
    const page = async (query: string) =>
      t.as(me.token, { method: 'GET', url: `/api/user/sessions?${query}` });

    const first = (await page('page=1&limit=2')).json().data;
    expect(first.pagination).toMatchObject({
      current_page: 1,
      per_page: 2,
      total: 5,
      total_pages: 3,
      has_next_page: true,
      next_page: 2,
    });
    const all = (await page('limit=100')).json().data.data as OwnSession[];
    expect(all.map((s) => s.id)).toEqual(
      [...all]
        .sort((a, b) => b.last_used_at.localeCompare(a.last_used_at) || b.id - a.id)
        .map((s) => s.id),
    );
    expect(first.data.map((s: OwnSession) => s.id)).toEqual(all.slice(0, 2).map((s) => s.id));
    const last = (await page('page=3&limit=2')).json().data;
    expect(last.data.map((s: OwnSession) => s.id)).toEqual(all.slice(4).map((s) => s.id));
    // Past the end: no rows, but the total, so the screen can step back to the last page.
    expect((await page('page=9&limit=2')).json().data).toMatchObject({
      data: [],
      pagination: { total: 5, total_pages: 3 },
    });
    for (const bad of ['limit=0', 'limit=101', 'page=0', 'page=x'])
      expect((await page(bad)).statusCode, bad).toBe(400);
  });
});
