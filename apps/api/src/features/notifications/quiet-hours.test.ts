import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MESSAGING_SETTINGS_MESSAGES,
  MESSAGING_SETTINGS_SUCCESS,
  TIME_ZONE_MESSAGES,
} from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { roles, users } from '../../db/schema';
import { quietRelease } from '../../lib/quiet-hours';
import { createTestApp, userPayload, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';

/**
 * Quiet hours (issue 32): the app's clock is fixed, the worker runs rounds at chosen instants
 * (runOnce(now)), and the messages are counted at a real SMTP server. Nothing waits for hours.
 */

let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let roleId: number;
let topicId: number;
/** The app's "now": each test sets it before it sends. */
let clock = new Date();

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Cricket <no-reply@quiet.test>',
      // Rounds are driven by the tests, at the instants they name.
      NOTIFY_WORKER: 'false',
      NOTIFY_RETRY_BASE_MS: '0',
    },
    { clock: () => clock },
  );
  token = await t.login();
  const [role] = await t.db.insert(roles).values({ name: 'player' }).returning({ id: roles.id });
  roleId = role!.id;
  const [topic] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from messaging_topics where name = 'Match updates'`,
  );
  topicId = topic!.id;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => {
  smtp.received.length = 0;
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.as(token, { method, url, payload });

async function settings(start: string, end: string, zone = 'Asia/Kolkata') {
  const res = await api('PUT', '/api/messaging/settings', {
    quiet_hours_start: start,
    quiet_hours_end: end,
    time_zone: zone,
  });
  expect(res.statusCode, res.body).toBe(200);
}

let n = 0;
/** A verified user in `zone` (null: the organisation's), with a fresh email address. */
async function person(zone: string | null) {
  n += 1;
  const [row] = await t.db
    .insert(users)
    .values({
      firstName: 'Quiet',
      lastName: `Person${n}`,
      email: `quiet${n}@quiet.test`,
      phoneNumber: String(9_300_000_000 + n),
      roleId,
      status: 'verified',
      timeZone: zone,
    })
    .returning({ id: users.id, email: users.email });
  return { ...row!, zone };
}

async function template(topic: number | null) {
  const res = await api('POST', '/api/notifications/templates', {
    name: `Quiet template ${(n += 1)}`,
    type: 'email',
    subject: 'Toss at nine',
    message: 'Hello {{first_name}}',
    status: 'active',
    topic_id: topic,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.template.id as number;
}

interface SendView {
  id: number;
  status: string;
  respect_quiet_hours: boolean;
  quiet_held: number;
  quiet_held_until: string | null;
  counts: { queued: number; sent: number };
}

async function send(templateId: number, ids: number[], extra: object = {}) {
  const res = await api('POST', '/api/notifications/send', {
    template_id: templateId,
    recipient_type: 'specific',
    recipient_ids: ids,
    subject: 'Toss at nine',
    message: 'Hello {{first_name}}',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.send as SendView;
}

async function sendView(id: number) {
  const res = await api('GET', `/api/notifications/sends/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.send as SendView;
}

/** One worker round at `now`; answers the addresses that received a message in it. */
async function roundAt(now: Date) {
  const before = smtp.received.length;
  while ((await t.app.notificationWorker.runOnce(now)) > 0);
  return smtp.received
    .slice(before)
    .flatMap((m) => m.to)
    .sort();
}

/** The wall-clock time `at` in `zone`, as HH:MM. */
const localTime = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

const insideNight = (hhmm: string) => hhmm >= '21:00' || hhmm < '08:00';

describe('quiet hours', () => {
  it('holds each delivery due in the recipient’s local 21:00–08:00 until 08:00 there', async () => {
    await settings('21:00', '08:00', 'Asia/Kolkata');
    // 20:55 in Kolkata (UTC+5:30) on 20 November 2026.
    clock = new Date('2026-11-20T15:25:00Z');
    const people = [
      await person(null), // Kolkata by default: 20:55, goes now
      await person('Europe/London'), // 15:25, goes now
      await person('America/Los_Angeles'), // 07:25: held until 08:00 there, 16:00Z
      await person('Australia/Sydney'), // 02:25 on the 21st (summer time, UTC+11): 21:00Z
      await person('Asia/Tokyo'), // 00:25 on the 21st: 08:00 there is 23:00Z
    ];
    const zoneOf = (email: string) => people.find((p) => p.email === email)!.zone ?? 'Asia/Kolkata';
    const tpl = await template(topicId);
    // The dry run, with the same body, says the same before anything is recorded.
    const preview = await api('POST', '/api/notifications/send/preview', {
      template_id: tpl,
      recipient_type: 'specific',
      recipient_ids: people.map((p) => p.id),
      subject: 'Toss at nine',
      message: 'Hello {{first_name}}',
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({
      will_receive: 5,
      skipped: [],
      held: 3,
      held_until: '2026-11-20T23:00:00.000Z',
    });
    const created = await send(
      tpl,
      people.map((p) => p.id),
    );
    expect(created.respect_quiet_hours).toBe(true);
    expect(created).toMatchObject({
      quiet_held: 3,
      quiet_held_until: '2026-11-20T23:00:00.000Z',
      counts: { queued: 5, sent: 0 },
    });

    const rounds: [string, string[]][] = [
      ['2026-11-20T15:25:00Z', [people[0]!.email, people[1]!.email]],
      ['2026-11-20T15:59:59Z', []],
      ['2026-11-20T16:00:00Z', [people[2]!.email]],
      ['2026-11-20T20:59:59Z', []],
      ['2026-11-20T21:00:00Z', [people[3]!.email]],
      ['2026-11-20T22:59:59Z', []],
      ['2026-11-20T23:00:00Z', [people[4]!.email]],
    ];
    for (const [at, expected] of rounds) {
      const now = new Date(at);
      const got = await roundAt(now);
      expect(got, at).toEqual([...expected].sort());
      for (const email of got)
        expect(insideNight(localTime(now, zoneOf(email))), email).toBe(false);
      // Released exactly when 08:00 arrives there.
      for (const email of got.filter(
        (e) => zoneOf(e) !== 'Asia/Kolkata' && zoneOf(e) !== 'Europe/London',
      ))
        expect(localTime(now, zoneOf(email))).toBe('08:00');
      if (at === '2026-11-20T16:00:00Z')
        expect(await sendView(created.id)).toMatchObject({
          status: 'running',
          quiet_held: 2,
          quiet_held_until: '2026-11-20T23:00:00.000Z',
        });
    }
    expect(smtp.received).toHaveLength(5);
    expect(await sendView(created.id)).toMatchObject({
      status: 'sent',
      quiet_held: 0,
      quiet_held_until: null,
      counts: { queued: 0, sent: 5 },
    });
  });

  it('never holds an account message, nor a send that does not respect quiet hours', async () => {
    await settings('21:00', '08:00', 'Asia/Kolkata');
    clock = new Date('2026-11-20T15:25:00Z');
    const night = [await person('Asia/Tokyo'), await person('Australia/Sydney')];
    const ids = night.map((p) => p.id);

    const account = await send(await template(null), ids);
    expect(account).toMatchObject({ quiet_held: 0, quiet_held_until: null });
    expect(await roundAt(clock)).toEqual(night.map((p) => p.email).sort());

    const unheld = await send(await template(topicId), ids, { respect_quiet_hours: false });
    expect(unheld).toMatchObject({ respect_quiet_hours: false, quiet_held: 0 });
    expect(await roundAt(clock)).toEqual(night.map((p) => p.email).sort());

    const audit = await queryRows<{ after: { respect_quiet_hours: boolean } }>(
      t.db,
      sql`select changes -> 'respect_quiet_hours' ->> 'after' as after from audit_logs
          where entity_type = 'notification_send' and entity_id = ${unheld.id}`,
    );
    expect(audit.map((r) => String(r.after))).toEqual(['false']);
  });

  it('holds inside a window that does not cross midnight, until it ends the same day', async () => {
    await settings('13:00', '15:00', 'Asia/Kolkata');
    // 13:30 in Kolkata: inside; 08:00 in London and 17:00 in Tokyo: outside.
    clock = new Date('2026-11-20T08:00:00Z');
    const kolkata = await person(null);
    const london = await person('Europe/London');
    const tokyo = await person('Asia/Tokyo');
    const created = await send(await template(topicId), [kolkata.id, london.id, tokyo.id]);
    expect(created).toMatchObject({ quiet_held: 1, quiet_held_until: '2026-11-20T09:30:00.000Z' });
    expect(await roundAt(clock)).toEqual([london.email, tokyo.email].sort());
    expect(await roundAt(new Date('2026-11-20T09:29:59Z'))).toEqual([]);
    expect(await roundAt(new Date('2026-11-20T09:30:00Z'))).toEqual([kolkata.email]);
  });

  it('counts a scheduled send’s hold from its scheduled time', async () => {
    await settings('21:00', '08:00', 'UTC');
    clock = new Date();
    const tokyo = await person('Asia/Tokyo');
    // 22:30 UTC is 07:30 in Tokyo the next day: held until 08:00 there.
    const at = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 15, 22, 30));
    const created = await send(await template(topicId), [tokyo.id], {
      send_immediately: false,
      scheduled_at: at.toISOString(),
    });
    expect(created).toMatchObject({
      status: 'scheduled',
      quiet_held: 1,
      quiet_held_until: new Date(at.getTime() + 30 * 60_000).toISOString(),
    });
  });
});

describe('quietRelease', () => {
  const release = async (due: string, zone: string) => {
    const [row] = await queryRows<{ at: string }>(
      t.db,
      sql`select to_char(${quietRelease(sql`${zone}::text`, sql`${due}::timestamptz`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') as at`,
    );
    return row!.at;
  };

  it('ends the window at 08:00 wall-clock time across a DST change', async () => {
    await settings('21:00', '08:00', 'UTC');
    // New York springs forward on 8 March 2026: 01:55 EST, then 08:00 is EDT (UTC-4).
    expect(await release('2026-03-08T06:55:00Z', 'America/New_York')).toBe('2026-03-08T12:00Z');
    // The evening before (21:30 EST): the same morning's 08:00 EDT.
    expect(await release('2026-03-08T02:30:00Z', 'America/New_York')).toBe('2026-03-08T12:00Z');
    // London falls back on 25 October 2026: 22:00 BST, then 08:00 is GMT.
    expect(await release('2026-10-24T21:00:00Z', 'Europe/London')).toBe('2026-10-25T08:00Z');
    // Outside the window: due as it was.
    expect(await release('2026-10-24T12:00:00Z', 'Europe/London')).toBe('2026-10-24T12:00Z');
  });

  it('holds nothing when quiet hours start and end at the same time', async () => {
    await settings('00:00', '00:00', 'UTC');
    expect(await release('2026-11-20T02:00:00Z', 'UTC')).toBe('2026-11-20T02:00Z');
  });
});

describe('/api/messaging/settings', () => {
  it('answers the settings and saves a valid change, audited', async () => {
    const res = await api('PUT', '/api/messaging/settings', {
      quiet_hours_start: '22:30',
      quiet_hours_end: '07:15',
      time_zone: 'europe/london',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MESSAGING_SETTINGS_SUCCESS.updated);
    // Stored as the database spells the zone.
    expect(res.json().data.settings).toMatchObject({
      quiet_hours_start: '22:30',
      quiet_hours_end: '07:15',
      time_zone: 'Europe/London',
    });
    const got = await api('GET', '/api/messaging/settings');
    expect(got.json().data.settings.time_zone).toBe('Europe/London');
    const logs = await api('GET', '/api/audit-logs?entity_type=messaging_settings');
    expect(logs.statusCode, logs.body).toBe(200);
    expect(logs.json().data.data[0]).toMatchObject({ action: 'update' });
  });

  it.each([
    [{ quiet_hours_start: '24:00' }, 'quiet_hours_start', MESSAGING_SETTINGS_MESSAGES.startInvalid],
    [{ quiet_hours_start: '9:00' }, 'quiet_hours_start', MESSAGING_SETTINGS_MESSAGES.startInvalid],
    [{ quiet_hours_end: '08:60' }, 'quiet_hours_end', MESSAGING_SETTINGS_MESSAGES.endInvalid],
    [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone', TIME_ZONE_MESSAGES.invalid],
    [{ time_zone: '+05:30' }, 'time_zone', TIME_ZONE_MESSAGES.invalid],
    [{ time_zone: '' }, 'time_zone', TIME_ZONE_MESSAGES.required],
  ])('refuses %o with 400 and changes nothing', async (change, field, message) => {
    await settings('21:00', '08:00', 'Asia/Kolkata');
    const res = await api('PUT', '/api/messaging/settings', {
      quiet_hours_start: '21:00',
      quiet_hours_end: '08:00',
      time_zone: 'Asia/Kolkata',
      ...change,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[field]).toContain(message);
    const got = await api('GET', '/api/messaging/settings');
    expect(got.json().data.settings).toMatchObject({
      quiet_hours_start: '21:00',
      quiet_hours_end: '08:00',
      time_zone: 'Asia/Kolkata',
    });
  });
});

describe("a user's time zone", () => {
  it('is kept on create and edit, null meaning the organisation’s, and refused when unknown', async () => {
    const created = await api(
      'POST',
      '/api/users',
      userPayload(roleId, { email: 'zoned@quiet.test', time_zone: 'Asia/Tokyo' }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const user = created.json().data.user;
    expect(user.time_zone).toBe('Asia/Tokyo');

    const unknown = await t.editUser(token, user.id, { time_zone: 'Nowhere/Land' });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json().errors.time_zone).toEqual([TIME_ZONE_MESSAGES.invalid]);

    const cleared = await t.editUser(token, user.id, { time_zone: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.user.time_zone).toBeNull();

    const profile = await api('GET', `/api/users/${user.id}`);
    expect(profile.json().data.user.time_zone).toBeNull();
  });
});
