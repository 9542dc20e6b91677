import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_MESSAGES, NOTIFICATION_SUCCESS, DELIVERY_REASONS } from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { notificationDeliveries, roles, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestSmtp, type TestSmtpOptions } from '../../test/smtp';
import { createDeliveryWorker } from './worker';

let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
/** What the SMTP server answers; each test sets its own. */
let answer: TestSmtpOptions['answer'];
let webhook: {
  url: string;
  bodies: { headers: IncomingMessage['headers']; body: string }[];
  close(): void;
  status: number;
};
const people: number[] = [];
let roleId: number;

async function person(first: string, last: string, n: number, status = 'verified') {
  const [row] = await t.db
    .insert(users)
    .values({
      firstName: first,
      lastName: last,
      email: `${first}.${last}@notify.test`.toLowerCase(),
      phoneNumber: String(9_100_000_000 + n),
      roleId,
      status,
    })
    .returning({ id: users.id });
  return row!.id;
}

async function startWebhook() {
  const hook = {
    url: '',
    bodies: [] as { headers: IncomingMessage['headers']; body: string }[],
    status: 200,
    close: () => server.close(),
  };
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      hook.bodies.push({ headers: req.headers, body });
      res.writeHead(hook.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `prov-${hook.bodies.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return hook;
}

beforeAll(async () => {
  smtp = await startTestSmtp({ answer: (mail) => answer?.(mail) });
  webhook = await startWebhook();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Cricket <no-reply@notify.test>',
    SMS_WEBHOOK_URL: webhook.url,
    NOTIFY_WEBHOOK_SECRET: 'test-secret',
    // Rounds are driven by the tests (runOnce), except where the running loop is the subject.
    NOTIFY_WORKER: 'false',
    NOTIFY_RETRY_BASE_MS: '0',
    NOTIFY_MAX_ATTEMPTS: '3',
    NOTIFY_POLL_MS: '10',
    NOTIFY_BATCH_SIZE: '50',
  });
  token = await t.login();
  const [role] = await t.db.insert(roles).values({ name: 'player' }).returning({ id: roles.id });
  roleId = role!.id;
  people.push(await person('Asha', 'Patel', 1));
  people.push(await person('Ravi', 'Kumar', 2));
  people.push(await person('Meera', 'Iyer', 3, 'pending'));
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  webhook?.close();
});

beforeEach(() => {
  answer = undefined;
  smtp.received.length = 0;
});

const post = (url: string, payload: object) => t.as(token, { method: 'POST', url, payload });
const get = (url: string) => t.as(token, { method: 'GET', url });

async function template(overrides: Record<string, unknown> = {}) {
  const res = await post('/api/notifications/templates', {
    name: 'Match reminder',
    type: 'email',
    subject: 'Hi {{first_name}}',
    message: 'Dear {{first_name}} {{last_name}}, your match starts at 10. ({{email}})',
    status: 'active',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.template as { id: number; subject: string | null; message: string };
}

async function send(payload: Record<string, unknown>) {
  const res = await post('/api/notifications/send', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.send as { id: number; status: string };
}

/** Runs worker rounds until nothing is due now. */
async function drain(now?: Date) {
  while ((await t.app.notificationWorker.runOnce(now)) > 0);
}

async function sendState(id: number, query = '') {
  const res = await get(`/api/notifications/sends/${id}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    send: { status: string; counts: Record<string, number> };
    deliveries: { data: Record<string, unknown>[]; pagination: { total: number } };
  };
}

describe('notification templates', () => {
  it('creates as draft by default, lists with filters, updates and deletes', async () => {
    const created = await post('/api/notifications/templates', {
      name: '  Weekly digest ',
      subject: 'Your week',
      message: 'Hello {{first_name}}, here is your week.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const tpl = created.json().data.template;
    expect(tpl).toMatchObject({ name: 'Weekly digest', status: 'draft', type: 'email' });
    expect(created.json().message).toBe('Template created successfully');

    const sms = await template({
      name: 'Toss alert',
      type: 'sms',
      subject: 'dropped',
      message: 'Toss at 9:30 today, {{first_name}}',
    });
    expect(sms.subject).toBeNull();

    const byType = await get('/api/notifications/templates?type=sms');
    expect(byType.json().data.data.map((r: { id: number }) => r.id)).toEqual([sms.id]);
    const byName = await get('/api/notifications/templates?name=WEEKLY&status=draft');
    expect(byName.json().data.data).toHaveLength(1);
    expect(byName.json().data.pagination.total).toBe(1);
    const bySubject = await get('/api/notifications/templates?subject=your%20w');
    expect(bySubject.json().data.data[0].id).toBe(tpl.id);

    const updated = await t.as(token, {
      method: 'PUT',
      url: `/api/notifications/templates/${tpl.id}`,
      payload: {
        name: 'Weekly digest',
        type: 'push',
        subject: 'Week',
        message: 'Ten or more chars',
        status: 'inactive',
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.template).toMatchObject({ type: 'push', status: 'inactive' });

    const gone = await t.as(token, {
      method: 'DELETE',
      url: `/api/notifications/templates/${tpl.id}`,
    });
    expect(gone.json().message).toBe('Weekly digest deleted successfully!');
    expect((await get(`/api/notifications/templates/${tpl.id}`)).statusCode).toBe(404);
  });

  it('refuses with the spec messages and refuses unknown or malformed variables', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '', message: 'long enough text' }, 'name', NOTIFICATION_MESSAGES.nameRequired],
      [
        { name: ' ab ', message: 'long enough text', subject: 'S' },
        'name',
        NOTIFICATION_MESSAGES.nameMin,
      ],
      [
        { name: 'Abc', message: 'long enough text', type: 'push' },
        'subject',
        NOTIFICATION_MESSAGES.templateSubjectRequired,
      ],
      [
        { name: 'Abc', subject: 'S', message: 'short' },
        'message',
        NOTIFICATION_MESSAGES.messageMin,
      ],
      [
        { name: 'Abc', subject: 'S', message: 'Hello {{team}} fans!' },
        'message',
        'Unknown variable {{team}}',
      ],
      [
        { name: 'Abc', subject: 'Hi {{first_name}', message: 'long enough text' },
        'subject',
        'Malformed placeholder',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('/api/notifications/templates', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field][0]).toContain(message);
    }
  });

  it('serves the picker with the chosen template first', async () => {
    const a = await template({ name: 'Zebra notice' });
    await template({ name: 'Alpha notice' });
    const res = await get(`/api/notifications/templates/name?search=alpha&template_id=${a.id}`);
    const names = res.json().data.data.map((r: { name: string }) => r.name);
    expect(names[0]).toBe('Zebra notice');
    expect(names).toContain('Alpha notice');
    const all = await get('/api/notifications/templates/name?page=1&limit=100');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.data.length).toBeGreaterThanOrEqual(2);
  });
});

describe('sending email through a real SMTP server', () => {
  it('delivers to 3 specific users with their variables filled, and records each delivery', async () => {
    const tpl = await template();
    const res = await post('/api/notifications/send', {
      template_id: tpl.id,
      recipient_type: 'specific',
      recipient_ids: people,
      subject: tpl.subject,
      message: tpl.message,
      send_immediately: true,
    });
    // Queued, not delivered: the answer says what happened, not 'sent successfully'.
    expect(res.json().message).toBe('Sending to 3 recipients');
    const s = res.json().data.send as { id: number; status: string };
    expect(s.status).toBe('running');
    expect(smtp.received).toHaveLength(0);
    await drain();
    expect(smtp.received).toHaveLength(3);
    const asha = smtp.received.find((m) => m.to[0] === 'asha.patel@notify.test')!;
    expect(asha.subject).toBe('Hi Asha');
    expect(asha.raw).toContain(
      'Dear Asha Patel, your match starts at 10. (asha.patel@notify.test)',
    );
    expect(asha.messageId).toMatch(new RegExp(`^<notification-${s.id}-\\d+@notify.test>$`));
    const state = await sendState(s.id);
    expect(state.send.status).toBe('sent');
    expect(state.send.counts).toMatchObject({ total: 3, sent: 3, failed: 0, queued: 0 });
    expect(state.deliveries.data[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      last_error: null,
    });
    expect(state.deliveries.data[0]!.provider_message_id).toMatch(/^<notification-/);
  });

  it('sends to active (verified) users only when asked', async () => {
    const tpl = await template();
    const s = await send({
      template_id: tpl.id,
      recipient_type: 'active',
      subject: 'x',
      message: tpl.message,
    });
    await drain();
    const state = await sendState(s.id);
    expect(state.send.counts.total).toBe(2 + 1); // two players and the verified admin
    expect(smtp.received.map((m) => m.to[0])).not.toContain('meera.iyer@notify.test');
  });

  it('does not deliver a scheduled send before its time, and does after', async () => {
    const tpl = await template();
    const at = new Date(Date.now() + 3_600_000);
    const res = await post('/api/notifications/send', {
      template_id: tpl.id,
      recipient_type: 'specific',
      recipient_ids: [people[0]],
      subject: tpl.subject,
      message: tpl.message,
      send_immediately: false,
      scheduled_at: at.toISOString(),
    });
    expect(res.json().message).toBe(NOTIFICATION_SUCCESS.scheduledFor(at.toISOString()));
    const id = res.json().data.send.id;
    await drain();
    expect(smtp.received).toHaveLength(0);
    expect((await sendState(id)).send.status).toBe('scheduled');
    await drain(new Date(at.getTime() + 1000));
    expect(smtp.received).toHaveLength(1);
    expect((await sendState(id)).send.status).toBe('sent');
  });

  it('applies the send rules with the spec messages', async () => {
    const tpl = await template();
    const base = {
      template_id: tpl.id,
      recipient_type: 'all',
      subject: 'S',
      message: 'Long enough message',
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, template_id: undefined }, 'template_id', NOTIFICATION_MESSAGES.templateRequired],
      [
        { ...base, recipient_type: 'specific', recipient_ids: [] },
        'recipient_ids',
        NOTIFICATION_MESSAGES.recipientsRequired,
      ],
      [{ ...base, subject: '' }, 'subject', NOTIFICATION_MESSAGES.sendSubjectRequired],
      [
        { ...base, send_immediately: false },
        'scheduled_at',
        NOTIFICATION_MESSAGES.scheduledRequired,
      ],
      [
        { ...base, send_immediately: false, scheduled_at: '20261-01-01T10:00' },
        'scheduled_at',
        NOTIFICATION_MESSAGES.scheduledYear,
      ],
      [
        { ...base, send_immediately: false, scheduled_at: '2020-01-01T10:00:00Z' },
        'scheduled_at',
        NOTIFICATION_MESSAGES.scheduledFuture,
      ],
      [{ ...base, message: 'Hi {{nickname}}, welcome' }, 'message', 'Unknown variable'],
    ];
    for (const [body, field, message] of cases) {
      const res = await post('/api/notifications/send', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[field][0]).toContain(message);
    }
  });

  it('retries a 4xx refusal and then delivers', async () => {
    let refusals = 1;
    answer = () => (refusals-- > 0 ? { code: 451, message: 'Try again later' } : undefined);
    const tpl = await template();
    const s = await send({
      template_id: tpl.id,
      recipient_type: 'specific',
      recipient_ids: [people[1]],
      subject: 'S',
      message: tpl.message,
    });
    await t.app.notificationWorker.runOnce();
    let state = await sendState(s.id);
    expect(state.deliveries.data[0]).toMatchObject({ status: 'queued', attempts: 1 });
    expect(state.deliveries.data[0]!.last_error).toContain('Try again later');
    expect(state.send.status).toBe('running');
    await drain();
    state = await sendState(s.id);
    expect(state.deliveries.data[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(smtp.received).toHaveLength(1);
    expect(state.send.status).toBe('sent');
  });

  it('fails every delivery a server refuses with 5xx, with the reason, and never calls it sent', async () => {
    answer = () => ({ code: 550, message: 'Mailbox unavailable' });
    const tpl = await template();
    const s = await send({
      template_id: tpl.id,
      recipient_type: 'specific',
      recipient_ids: people,
      subject: 'S',
      message: tpl.message,
    });
    await drain();
    const state = await sendState(s.id);
    expect(state.send.status).toBe('failed');
    expect(state.send.counts).toMatchObject({ failed: 3, sent: 0 });
    for (const d of state.deliveries.data) {
      expect(d).toMatchObject({ status: 'failed', attempts: 1 });
      expect(d.last_error).toContain('Mailbox unavailable');
    }
    // Each hard bounce suppressed its address (issue 32); the next tests send to them again.
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      t.db,
      sql`with d as (delete from messaging_suppressions where reason = 'hard_bounce' returning 1)
          select count(*)::int as n from d`,
    );
    expect(n).toBe(3);
  });

  it('ends with failures counted, and retry-failed re-sends only the failed ones', async () => {
    // A refusal of the message, not of the address: a 550 would suppress Ravi (issue 32).
    answer = ({ to }) =>
      to[0]!.startsWith('ravi') ? { code: 554, message: '5.7.1 Rejected by policy' } : undefined;
    const tpl = await template();
    const s = await send({
      template_id: tpl.id,
      recipient_type: 'specific',
      recipient_ids: people,
      subject: 'S',
      message: tpl.message,
    });
    await drain();
    let state = await sendState(s.id);
    expect(state.send.status).toBe('completed_with_failures');
    expect(state.send.counts).toMatchObject({ sent: 2, failed: 1 });
    const failedOnly = await sendState(s.id, '?status=failed');
    expect(failedOnly.deliveries.pagination.total).toBe(1);

    answer = undefined;
    smtp.received.length = 0;
    const retry = await post(`/api/notifications/sends/${s.id}/retry-failed`, {});
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.requeued).toBe(1);
    await drain();
    expect(smtp.received.map((m) => m.to[0])).toEqual(['ravi.kumar@notify.test']);
    state = await sendState(s.id);
    expect(state.send.status).toBe('sent');
    expect((await post(`/api/notifications/sends/${s.id}/retry-failed`, {})).statusCode).toBe(409);
  });

  it('cancels a scheduled send: nothing goes out at its time', async () => {
    const tpl = await template();
    const at = new Date(Date.now() + 3_600_000);
    const s = await send({
      template_id: tpl.id,
      recipient_type: 'all',
      subject: 'S',
      message: tpl.message,
      send_immediately: false,
      scheduled_at: at.toISOString(),
    });
    const res = await post(`/api/notifications/sends/${s.id}/cancel`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.send.status).toBe('cancelled');
    await drain(new Date(at.getTime() + 1000));
    expect(smtp.received).toHaveLength(0);
    expect((await post(`/api/notifications/sends/${s.id}/cancel`, {})).statusCode).toBe(409);
  });

  it('stops a running 1,000-recipient send on cancel: nothing is delivered after the answer', async () => {
    await t.db.execute(sql`
      insert into users (first_name, last_name, email, phone_number, role_id, status)
      select 'Fan', 'No ' || g, 'fan' || g || '@bulk.test', (8000000000 + g)::text, ${roleId}, 'verified'
      from generate_series(1, 1000) g`);
    const bulkIds = (
      await queryRows<{ id: number }>(
        t.db,
        sql`select id from users where email like '%@bulk.test'`,
      )
    ).map((r) => r.id);
    const tpl = await template();
    const s = await send({
      template_id: tpl.id,
      recipient_type: 'specific',
      recipient_ids: bulkIds,
      subject: 'S',
      message: tpl.message,
    });
    let atAnswer = -1;
    let cancelling: Promise<unknown> | null = null;
    answer = () => {
      if (smtp.received.length >= 120 && !cancelling) {
        cancelling = post(`/api/notifications/sends/${s.id}/cancel`, {}).then((res) => {
          expect(res.statusCode, res.body).toBe(200);
          atAnswer = smtp.received.length;
        });
      }
      return undefined;
    };
    t.app.notificationWorker.start();
    while (!cancelling) await new Promise((r) => setTimeout(r, 10));
    await cancelling;
    await t.app.notificationWorker.stop();
    await drain();
    expect(atAnswer).toBeGreaterThanOrEqual(120);
    expect(atAnswer).toBeLessThan(1000);
    expect(smtp.received.length).toBe(atAnswer);
    const state = await sendState(s.id);
    expect(state.send.status).toBe('cancelled');
    expect(state.send.counts.sent).toBe(atAnswer);
    expect(state.send.counts.cancelled).toBe(1000 - atAnswer);
    expect(state.send.counts.queued).toBe(0);
  });
});

describe('other channels', () => {
  it('posts SMS to the webhook with an HMAC signature and an idempotency key', async () => {
    const tpl = await template({
      name: 'SMS toss',
      type: 'sms',
      subject: null,
      message: 'Toss at 9:30, {{first_name}}!',
    });
    const s = await send({
      template_id: tpl.id,
      recipient_type: 'specific',
      recipient_ids: [people[0]],
      subject: null,
      message: tpl.message,
    });
    await drain();
    expect(webhook.bodies).toHaveLength(1);
    const { headers, body } = webhook.bodies[0]!;
    expect(headers['x-signature']).toBe(
      `sha256=${createHmac('sha256', 'test-secret').update(body).digest('hex')}`,
    );
    const parsed = JSON.parse(body);
    expect(parsed).toMatchObject({
      channel: 'sms',
      to: '9100000001',
      message: 'Toss at 9:30, Asha!',
    });
    expect(headers['idempotency-key']).toBe(parsed.id);
    const state = await sendState(s.id);
    expect(state.send.status).toBe('sent');
    expect(state.deliveries.data[0]!.provider_message_id).toBe('prov-1');
  });

  it('tells the send form which channels have a transport, and why the others cannot be sent', async () => {
    const res = await get('/api/notifications/channels');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.channels).toEqual([
      { type: 'email', available: true, reason: null },
      { type: 'sms', available: true, reason: null },
      { type: 'push', available: false, reason: NOTIFICATION_MESSAGES.transportMissing('push') },
    ]);
  });

  it('refuses a push send when push is not configured, and records nothing', async () => {
    const tpl = await template({
      name: 'Push score',
      type: 'push',
      subject: 'Score',
      message: 'India 250/3 in 45 overs',
    });
    const [before] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notification_sends`,
    );
    const res = await post('/api/notifications/send', {
      template_id: tpl.id,
      recipient_type: 'specific',
      recipient_ids: people.slice(0, 2),
      subject: 'Score',
      message: tpl.message,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      message: NOTIFICATION_MESSAGES.noTransport('push'),
    });
    const [after] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notification_sends`,
    );
    expect(after!.n).toBe(before!.n);
  });

  it('skips deliveries a worker has no transport for, and never calls them sent', async () => {
    // A worker started without the SMS webhook, beside an API that has it.
    const tpl = await template({
      name: 'SMS rain',
      type: 'sms',
      subject: null,
      message: 'Rain delay, {{first_name}}.',
    });
    const s = await send({
      template_id: tpl.id,
      recipient_type: 'specific',
      recipient_ids: people.slice(0, 2),
      subject: null,
      message: tpl.message,
    });
    const worker = createDeliveryWorker({
      db: t.db,
      transports: { email: null, sms: null, push: null, whatsapp: null },
      settings: { retryBaseMs: 0 },
    });
    while ((await worker.runOnce()) > 0);
    const state = await sendState(s.id);
    expect(state.send.status).toBe('failed');
    expect(state.send.counts).toMatchObject({ skipped: 2, sent: 0 });
    expect(state.deliveries.data[0]!.last_error).toBe(DELIVERY_REASONS.noTransport);
    const rows = await t.db
      .select()
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.sendId, s.id));
    expect(rows.every((r) => r.status === 'skipped')).toBe(true);
    expect(webhook.bodies.some((b) => b.body.includes('Rain delay'))).toBe(false);
  });
});
