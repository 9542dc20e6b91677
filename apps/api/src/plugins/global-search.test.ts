import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_KINDS, SEARCH_MESSAGES, type SearchData } from '@cricket/contracts';
import { emailTemplates, notificationTemplates, roles, teams, users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [admin] = await t.db.select({ id: users.id, roleId: users.roleId }).from(users);
  const people = await t.db
    .insert(users)
    .values(
      [
        ['Quentin', 'Zephyrson', 'qz.bowler@club.test', '9811100001'],
        ['Zephyr', 'Quill', 'zquill@club.test', '9811100002'],
        ['Anna', 'Marsh', 'marsh.zephyr@club.test', '9811100003'],
      ].map(([firstName, lastName, email, phoneNumber]) => ({
        firstName,
        lastName,
        email: email!,
        phoneNumber: phoneNumber!,
        roleId: admin!.roleId,
        status: 'verified',
      })),
    )
    .returning({ id: users.id });
  await t.db.insert(teams).values([
    { name: 'Zephyr Strikers', location: 'Pune', teamInitials: 'ZS', ownerId: people[0]!.id },
    { name: 'Coastal Kings', location: 'Zephyr Bay', teamInitials: 'CK', ownerId: people[0]!.id },
  ]);
  await t.db.insert(roles).values({ name: 'Zephyr scorers', description: 'Keep the book' });
  await t.db
    .insert(notificationTemplates)
    .values({ name: 'Zephyr weekly', message: 'Hello', type: 'sms', status: 'active' });
  await t.db
    .insert(emailTemplates)
    .values({ name: 'Zephyr welcome', subject: 'Welcome aboard', content: '<p>Hi</p>' });
});
afterAll(() => t.close());

const search = async (q: string, as = token) => {
  const res = await t.as(as, { method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
  return { status: res.statusCode, body: res.json<{ data: SearchData; message: string }>() };
};

describe('GET /api/search', () => {
  it('finds every kind by name, the earliest match first, with a second line', async () => {
    const { status, body } = await search('zephyr');
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual([...SEARCH_KINDS].sort());
    expect(body.data.users!.map((u) => u.name)).toEqual(['Zephyr Quill', 'Quentin Zephyrson']);
    expect(body.data.users![0]!.detail).toBe('zquill@club.test');
    // 'Zephyr Strikers' holds it in its name; 'Coastal Kings' only in its location.
    expect(body.data.teams!.map((x) => [x.name, x.detail])).toEqual([
      ['Zephyr Strikers', 'Pune'],
      ['Coastal Kings', 'Zephyr Bay'],
    ]);
    expect(body.data.roles!.map((x) => x.name)).toEqual(['Zephyr scorers']);
    expect(body.data.notification_templates).toEqual([
      expect.objectContaining({ name: 'Zephyr weekly', detail: 'SMS' }),
    ]);
    expect(body.data.email_templates).toEqual([
      expect.objectContaining({ name: 'Zephyr welcome', detail: 'Welcome aboard' }),
    ]);
    expect(body.data.wa_templates).toEqual([]);
  });

  it('finds users by an email prefix and by phone digits', async () => {
    expect((await search('marsh.zep')).body.data.users).toEqual([]);
    expect((await search('marsh.zephyr@')).body.data.users!.map((u) => u.name)).toEqual([
      'Anna Marsh',
    ]);
    expect((await search('QZ.BOWLER@CLUB')).body.data.users!.map((u) => u.name)).toEqual([
      'Quentin Zephyrson',
    ]);
    for (const phone of ['1100002', '98111 00002'])
      expect((await search(phone)).body.data.users!.map((u) => u.name)).toEqual(['Zephyr Quill']);
    // Wildcards are the characters they are.
    expect((await search('%@')).body.data.users).toEqual([]);
  });

  it('answers at most five of a kind', async () => {
    expect((await search('e')).status).toBe(400);
    const { body } = await search('ze');
    for (const kind of SEARCH_KINDS) expect(body.data[kind]!.length).toBeLessThanOrEqual(5);
  });

  it('answers only the kinds the role may view', async () => {
    const staff = await t.userWith(['teams.view', 'email_templates.view']);
    const { status, body } = await search('zephyr', staff.token);
    expect(status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['email_templates', 'teams']);
    const none = await t.userWith([]);
    expect((await search('zephyr', none.token)).body.data).toEqual({});
  });

  it('refuses a one-letter or overlong search with the message, and anyone signed out', async () => {
    const short = await search('z');
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain(SEARCH_MESSAGES.tooShort);
    expect((await search('z'.repeat(101))).status).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/search?q=zephyr' });
    expect(anonymous.statusCode).toBe(401);
  });
});
