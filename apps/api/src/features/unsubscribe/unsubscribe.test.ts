import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DELIVERY_REASONS,
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_RATE_POINTS,
  UNSUBSCRIBE_SUCCESS,
  unsubscribeFooter,
  type PublicPreferencesData,
} from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { roles, users } from '../../db/schema';
import { signBody } from '../../lib/signed-body';
import { readUnsubscribeToken, signUnsubscribeToken } from '../../lib/unsubscribe-token';
import { unsubscribeSecret } from '../../plugins/unsubscribe-links';
import { createTestApp, type TestApp } from '../../test/harness';
import { headerOf, startTestSmtp } from '../../test/smtp';

const PUBLIC_URL = 'https://club.example';
const SECRET = 'test-webhook-secret';
let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let roleId: number;
let n = 0;

async function person(first: string, phone?: string) {
  n += 1;
  const [row] = await t.db
    .insert(users)
    .values({
      firstName: first,
      lastName: 'Tester',
      email: `${first}.${n}@unsub.test`.toLowerCase(),
      phoneNumber: phone ?? String(9_200_000_000 + n),
      roleId,
      status: 'verified',
    })
    .returning({ id: users.id });
  return row!.id;
}

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.as(token, { method, url, payload });

/** A public call: no sign-in, no cookie, no XSRF header. */
const anonymous = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  extra: { payload?: string | object; headers?: Record<string, string> } = {},
) => t.app.inject({ method, url, ...extra });

const topicId = async (name: string) => {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from messaging_topics where name = ${name}`,
  );
  return row!.id;
};

const consents = (userId: number) =>
  queryRows<{
    channel: string;
    topic_id: number | null;
    subscribed: boolean;
    source: string;
    address: string | null;
    reason: string | null;
  }>(
    t.db,
    sql`select channel, topic_id, subscribed, source, address, reason
        from messaging_consents where user_id = ${userId} order by id`,
  );

const audits = (userId: number) =>
  queryRows<{ action: string; actor_name: string | null }>(
    t.db,
    sql`select action, actor_name from audit_logs
        where entity_type = 'user' and entity_id = ${userId} order by id`,
  );

async function template(topic: number | null) {
  const res = await api('POST', '/api/notifications/templates', {
    name: `Unsub ${++n}`,
    type: 'email',
    subject: 'News for {{first_name}}',
    message: 'Dear {{first_name}}, here is the news.',
    status: 'active',
    topic_id: topic,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.template as { id: number; subject: string; message: string };
}

/** Sends one email template to these users and delivers it through the real SMTP server. */
async function deliver(topic: number | null, recipients: number[]) {
  const tpl = await template(topic);
  const res = await api('POST', '/api/notifications/send', {
    template_id: tpl.id,
    recipient_type: 'specific',
    recipient_ids: recipients,
    subject: tpl.subject,
    message: tpl.message,
    send_immediately: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  while ((await t.app.notificationWorker.runOnce()) > 0);
}

/** The one-click URL of a delivered email's List-Unsubscribe header. */
const oneClickUrl = (raw: string) =>
  /<(https?:[^>]+)>/.exec(headerOf(raw, 'List-Unsubscribe')!)![1]!;
const tokenOf = (url: string) => url.split('/').pop()!;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Cricket Club <news@club.example>',
    PUBLIC_URL: `${PUBLIC_URL}/`,
    NOTIFY_WEBHOOK_SECRET: SECRET,
    NOTIFY_WORKER: 'false',
  });
  token = await t.login();
  const [role] = await t.db.insert(roles).values({ name: 'member' }).returning({ id: roles.id });
  roleId = role!.id;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
});

describe('List-Unsubscribe on topic emails', () => {
  it('gives every delivered topic email both RFC 8058 headers and the footer link; an account message none', async () => {
    const matches = await topicId('Match updates');
    const asha = await person('Asha');
    const ravi = await person('Ravi');
    await deliver(matches, [asha, ravi]);
    expect(smtp.received).toHaveLength(2);
    for (const m of smtp.received) {
      const list = headerOf(m.raw, 'List-Unsubscribe')!;
      expect(list).toMatch(
        new RegExp(
          `^<${PUBLIC_URL}/api/public/unsubscribe/[A-Za-z0-9_-]{34}>, <mailto:news@club\\.example\\?subject=unsubscribe%20[A-Za-z0-9_-]{34}>$`,
        ),
      );
      expect(headerOf(m.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      const tk = tokenOf(oneClickUrl(m.raw));
      expect(m.mail.text).toContain(unsubscribeFooter(`${PUBLIC_URL}/u/${tk}`));
      expect(m.mail.text).toContain('here is the news.');
    }
    // Each recipient's own token names them, the topic and email.
    const toAsha = smtp.received.find((m) => m.to[0]!.startsWith('asha.'))!;
    const url = oneClickUrl(toAsha.raw);
    const target = t.app.unsubscribeLinks.read(tokenOf(url));
    expect(target).toEqual({ userId: asha, topicId: matches, channel: 'email' });

    smtp.received.length = 0;
    await deliver(null, [asha]);
    expect(smtp.received).toHaveLength(1);
    const account = smtp.received[0]!;
    expect(headerOf(account.raw, 'List-Unsubscribe')).toBeNull();
    expect(headerOf(account.raw, 'List-Unsubscribe-Post')).toBeNull();
    expect(account.mail.text).not.toContain('/u/');
  });
});

describe('one-click unsubscribe', () => {
  it('unsubscribes from the topic on email with source one_click, idempotently, without sign-in', async () => {
    const matches = await topicId('Match updates');
    const teamNews = await topicId('Team news');
    const asha = await person('Asha');
    await deliver(matches, [asha]);
    const url = oneClickUrl(smtp.received[0]!.raw);
    const path = new URL(url).pathname;

    const res = await anonymous('POST', path, {
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(UNSUBSCRIBE_SUCCESS.oneClick);
    const rows = await consents(asha);
    expect(rows).toEqual([
      {
        channel: 'email',
        topic_id: matches,
        subscribed: false,
        source: 'one_click',
        address: '127.0.0.1',
        reason: null,
      },
    ]);
    expect(await audits(asha)).toEqual([
      { action: 'preference_change', actor_name: 'Preference page' },
    ]);

    // Again, with another body: the same answer, nothing more written.
    const again = await anonymous('POST', path, {
      payload: '{"anything": true}',
      headers: { 'content-type': 'application/json' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const bare = await anonymous('POST', path);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(await consents(asha)).toHaveLength(1);
    expect(await audits(asha)).toHaveLength(1);

    // The admin's view reads it; other topics and channels are untouched.
    const prefs = (await api('GET', `/api/users/${asha}/preferences`)).json().data.preferences as {
      topic_id: number;
      channel: string;
      subscribed: boolean;
      source: string | null;
    }[];
    expect(prefs.find((p) => p.topic_id === matches && p.channel === 'email')).toMatchObject({
      subscribed: false,
      source: 'one_click',
    });
    expect(prefs.find((p) => p.topic_id === matches && p.channel === 'sms')!.subscribed).toBe(true);
    expect(prefs.find((p) => p.topic_id === teamNews && p.channel === 'email')!.subscribed).toBe(
      true,
    );

    // The next send about that topic skips her, with the reason; an account message still
    // reaches her, and so does another topic.
    const emailOf = async (id: number) =>
      (await queryRows<{ email: string }>(t.db, sql`select email from users where id = ${id}`))[0]!
        .email;
    smtp.received.length = 0;
    const ravi = await person('Ravi');
    await deliver(matches, [asha, ravi]);
    expect(smtp.received.flatMap((m) => m.to)).toEqual([await emailOf(ravi)]);
    const [skipped] = await queryRows<{ status: string; last_error: string }>(
      t.db,
      sql`select status, last_error from notification_deliveries
          where user_id = ${asha} order by id desc limit 1`,
    );
    expect(skipped).toEqual({
      status: 'skipped',
      last_error: DELIVERY_REASONS.unsubscribedFrom('Match updates'),
    });
    smtp.received.length = 0;
    await deliver(null, [asha]);
    await deliver(teamNews, [asha]);
    const ashaEmail = await emailOf(asha);
    expect(smtp.received.map((m) => m.to)).toEqual([[ashaEmail], [ashaEmail]]);
    // The account message carries no unsubscribe; the other topic's does.
    expect(headerOf(smtp.received[0]!.raw, 'List-Unsubscribe')).toBeNull();
    expect(headerOf(smtp.received[1]!.raw, 'List-Unsubscribe')).toMatch(
      /^<https:\/\/club\.example\/api\/public\/unsubscribe\//,
    );
  });

  it('answers 404 to a forged or altered token and changes nothing', async () => {
    const matches = await topicId('Match updates');
    const asha = await person('Asha');
    const real = t.app.unsubscribeLinks.token({ userId: asha, topicId: matches, channel: 'email' });
    const flip = (s: string, i: number) =>
      s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forged = [
      signUnsubscribeToken('another-secret', { userId: asha, topicId: matches, channel: 'email' }),
      flip(real, 3), // the user id
      flip(real, 10), // the topic
      flip(real, 30), // the MAC
      real.slice(0, -1),
      `${real}A`,
      'not-a-token',
    ];
    for (const tk of forged) {
      for (const [method, url] of [
        ['POST', `/api/public/unsubscribe/${tk}`],
        ['GET', `/api/public/unsubscribe/${tk}`],
        ['GET', `/api/public/preferences/${tk}`],
        ['PUT', `/api/public/preferences/${tk}`],
      ] as const) {
        const res = await anonymous(method, url, {
          payload: method === 'PUT' ? { unsubscribe_all: true } : undefined,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe(UNSUBSCRIBE_MESSAGES.notFound);
      }
    }
    expect(await consents(asha)).toEqual([]);
    expect(await audits(asha)).toEqual([]);
  });

  it('redirects a GET to the preference page and changes nothing', async () => {
    const asha = await person('Asha');
    const tk = t.app.unsubscribeLinks.token({ userId: asha, topicId: null, channel: 'email' });
    const res = await anonymous('GET', `/api/public/unsubscribe/${tk}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${PUBLIC_URL}/u/${tk}`);
    expect(await consents(asha)).toEqual([]);
  });

  it('with a token for every topic, turns off the whole channel', async () => {
    const asha = await person('Asha');
    const tk = t.app.unsubscribeLinks.token({ userId: asha, topicId: null, channel: 'sms' });
    expect((await anonymous('POST', `/api/public/unsubscribe/${tk}`)).statusCode).toBe(200);
    expect((await anonymous('POST', `/api/public/unsubscribe/${tk}`)).statusCode).toBe(200);
    expect(await consents(asha)).toMatchObject([
      { channel: 'sms', topic_id: null, subscribed: false, source: 'one_click' },
    ]);
  });
});

describe('the preference page API', () => {
  it('shows the first name only and each topic per channel', async () => {
    const matches = await topicId('Match updates');
    const asha = await person('Asha');
    const tk = t.app.unsubscribeLinks.token({ userId: asha, topicId: matches, channel: 'email' });
    const res = await anonymous('GET', `/api/public/preferences/${tk}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as PublicPreferencesData;
    expect(data.first_name).toBe('Asha');
    expect(res.body).not.toContain('unsub.test');
    expect(res.body).not.toContain('Tester');
    expect(data.link).toEqual({ topic_id: matches, topic_name: 'Match updates', channel: 'email' });
    expect(data.channels).toEqual(['email', 'sms', 'push', 'whatsapp']);
    const offers = data.preferences.filter((p) => p.topic_name === 'Offers and promotions');
    expect(offers.map((p) => p.subscribed)).toEqual([false, false, false, false]);
    expect(
      data.preferences.find((p) => p.topic_id === matches && p.channel === 'email')!.subscribed,
    ).toBe(true);
  });

  it('changes topics per channel, unsubscribes from all and resubscribes, with the reason and source preference_page', async () => {
    const matches = await topicId('Match updates');
    const teamNews = await topicId('Team news');
    const asha = await person('Asha');
    const tk = t.app.unsubscribeLinks.token({ userId: asha, topicId: matches, channel: 'email' });
    const put = (payload: object) => anonymous('PUT', `/api/public/preferences/${tk}`, { payload });
    const state = (d: PublicPreferencesData, topic: number, channel: string) =>
      d.preferences.find((p) => p.topic_id === topic && p.channel === channel)!.subscribed;

    const one = await put({
      changes: [{ topic_id: teamNews, channel: 'sms', subscribed: false }],
      reason: 'Too many texts',
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().message).toBe(UNSUBSCRIBE_SUCCESS.saved);
    expect(state(one.json().data, teamNews, 'sms')).toBe(false);
    expect(state(one.json().data, teamNews, 'email')).toBe(true);
    expect(await consents(asha)).toEqual([
      {
        channel: 'sms',
        topic_id: teamNews,
        subscribed: false,
        source: 'preference_page',
        address: '127.0.0.1',
        reason: 'Too many texts',
      },
    ]);

    const all = await put({ unsubscribe_all: true });
    expect(all.statusCode, all.body).toBe(200);
    expect((all.json().data as PublicPreferencesData).preferences.every((p) => !p.subscribed)).toBe(
      true,
    );
    // One row for every topic per channel; the audit record is one per save.
    const rows = await consents(asha);
    expect(rows.slice(1).map((r) => [r.channel, r.topic_id, r.subscribed])).toEqual([
      ['email', null, false],
      ['sms', null, false],
      ['push', null, false],
      ['whatsapp', null, false],
    ]);
    expect(await audits(asha)).toHaveLength(2);

    // Saying it again writes nothing.
    expect((await put({ unsubscribe_all: true })).statusCode).toBe(200);
    expect(await consents(asha)).toHaveLength(5);
    expect(await audits(asha)).toHaveLength(2);

    const back = await put({
      changes: [{ topic_id: matches, channel: 'email', subscribed: true }],
    });
    expect(state(back.json().data, matches, 'email')).toBe(true);
    expect(state(back.json().data, teamNews, 'email')).toBe(false);
    expect((await consents(asha)).at(-1)).toMatchObject({
      channel: 'email',
      topic_id: matches,
      subscribed: true,
      source: 'preference_page',
    });
  });

  it('refuses a topic that is not active, and changes nothing', async () => {
    const asha = await person('Asha');
    const tk = t.app.unsubscribeLinks.token({ userId: asha, topicId: null, channel: 'email' });
    const res = await anonymous('PUT', `/api/public/preferences/${tk}`, {
      payload: {
        unsubscribe_all: true,
        changes: [{ topic_id: 999_999, channel: 'email', subscribed: false }],
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(await consents(asha)).toEqual([]);
  });
});

describe('SMS inbound STOP', () => {
  const inbound = (body: object, secret = SECRET) => {
    const payload = JSON.stringify(body);
    return anonymous('POST', '/api/webhooks/sms-inbound', {
      payload,
      headers: { 'content-type': 'application/json', 'x-signature': signBody(secret, payload) },
    });
  };

  it('unsubscribes the users with that number from every topic on SMS, once, audited by SMS', async () => {
    const asha = await person('Asha', '9876500123');
    const other = await person('Ravi', '9876500999');
    const res = await inbound({ from: '+919876500123', text: ' Stop ', id: 'sms-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await consents(asha)).toEqual([
      {
        channel: 'sms',
        topic_id: null,
        subscribed: false,
        source: 'inbound_stop',
        address: '+919876500123',
        reason: 'Replied "Stop" on SMS',
      },
    ]);
    expect(await audits(asha)).toEqual([{ action: 'sms_opt_out', actor_name: 'SMS' }]);
    expect(await consents(other)).toEqual([]);
    // The same message again, and another STOP while opted out: nothing more.
    await inbound({ from: '+919876500123', text: 'STOP', id: 'sms-1' });
    await inbound({ from: '+919876500123', text: 'UNSUBSCRIBE' });
    expect(await consents(asha)).toHaveLength(1);
    // Any other text is acknowledged and ignored.
    expect(
      (await inbound({ from: '+919876500999', text: 'Stop sending me fixtures?' })).statusCode,
    ).toBe(200);
    expect(await consents(other)).toEqual([]);
  });

  it('refuses an unsigned or wrongly signed message, and one it cannot read', async () => {
    const asha = await person('Asha', '9876500555');
    expect((await inbound({ from: '+919876500555', text: 'STOP' }, 'wrong')).statusCode).toBe(401);
    const unsigned = await anonymous('POST', '/api/webhooks/sms-inbound', {
      payload: { from: '+919876500555', text: 'STOP' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect((await inbound({ text: 'STOP' })).statusCode).toBe(400);
    expect(await consents(asha)).toEqual([]);
  });
});

describe('the token and its secret', () => {
  it('is made once and kept in the database when UNSUBSCRIBE_SECRET is unset: a restart reads the same', async () => {
    const secret = await unsubscribeSecret(t.db, undefined);
    expect(await unsubscribeSecret(t.db, undefined)).toBe(secret);
    const [row] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from server_secrets where name = 'unsubscribe'`,
    );
    expect(row!.n).toBe(1);
    const target = { userId: 42, topicId: 7, channel: 'whatsapp' as const };
    const tk = t.app.unsubscribeLinks.token(target);
    expect(readUnsubscribeToken(secret, tk)).toEqual(target);
    expect(await unsubscribeSecret(t.db, 'configured-secret-value')).toBe(
      'configured-secret-value',
    );
  });

  it('is read only in its one spelling: the spare bits of the last character cannot vary', () => {
    const secret = 'a-secret-for-this-test';
    const tk = signUnsubscribeToken(secret, { userId: 1, topicId: null, channel: 'email' });
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const other = alphabet[alphabet.indexOf(tk.at(-1)!) ^ 1]!;
    expect(Buffer.from(tk.slice(0, -1) + other, 'base64url')).toEqual(Buffer.from(tk, 'base64url'));
    expect(readUnsubscribeToken(secret, tk.slice(0, -1) + other)).toBeNull();
    expect(readUnsubscribeToken(secret, tk)).toEqual({
      userId: 1,
      topicId: null,
      channel: 'email',
    });
  });
});

// Last: it spends this address's allowance for the rest of the file.
describe('the throttle', () => {
  it('answers 429 with Retry-After once an address has made too many requests, and changes nothing', async () => {
    const asha = await person('Asha');
    const tk = t.app.unsubscribeLinks.token({ userId: asha, topicId: null, channel: 'push' });
    let res = await anonymous('GET', `/api/public/preferences/${tk}`);
    for (let i = 0; i <= UNSUBSCRIBE_RATE_POINTS && res.statusCode === 200; i += 1)
      res = await anonymous('GET', `/api/public/preferences/${tk}`);
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json().message).toBe(UNSUBSCRIBE_MESSAGES.rateLimited);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const post = await anonymous('POST', `/api/public/unsubscribe/${tk}`);
    expect(post.statusCode).toBe(429);
    expect(await consents(asha)).toEqual([]);
  });
});
