import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  SUPPRESSED_PREFIX,
  SUPPRESSION_MESSAGES,
  SUPPRESSION_SUCCESS,
  type Suppression,
} from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { roles, users } from '../../db/schema';
import { signBody } from '../../lib/signed-body';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestSmtp, type TestSmtpOptions } from '../../test/smtp';

let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
/** What the SMTP server answers; each test sets its own. */
let answer: TestSmtpOptions['answer'];
let roleId: number;
let templateId: number;
const SECRET = 'events-secret';

beforeAll(async () => {
  smtp = await startTestSmtp({ answer: (mail) => answer?.(mail) });
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Cricket <no-reply@suppress.test>',
    NOTIFY_WEBHOOK_SECRET: SECRET,
    NOTIFY_WORKER: 'false',
    NOTIFY_RETRY_BASE_MS: '0',
    NOTIFY_MAX_ATTEMPTS: '3',
  });
  token = await t.login();
  const [role] = await t.db.insert(roles).values({ name: 'player' }).returning({ id: roles.id });
  roleId = role!.id;
  const res = await post('/api/notifications/templates', {
    name: 'Match reminder',
    type: 'email',
    subject: 'Hi {{first_name}}',
    message: 'Your match starts at 10.',
    status: 'active',
  });
  expect(res.statusCode, res.body).toBe(201);
  templateId = res.json().data.template.id;
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

beforeEach(() => {
  answer = undefined;
  smtp.received.length = 0;
});

const post = (url: string, payload: object) => t.as(token, { method: 'POST', url, payload });
const get = (url: string) => t.as(token, { method: 'GET', url });

let n = 0;
/** A player with a fresh address; the address's case differs from how it is suppressed. */
async function player(name: string) {
  n += 1;
  const email = `${name}.${n}@Suppress.Test`;
  const [row] = await t.db
    .insert(users)
    .values({
      firstName: name,
      lastName: 'Test',
      email,
      phoneNumber: String(9_200_000_000 + n),
      roleId,
      status: 'verified',
    })
    .returning({ id: users.id });
  return { id: row!.id, email, address: email.toLowerCase() };
}

/** The envelope keeps the address's case; suppression compares it lower-cased. */
const reaches = (to: string[], p: { address: string }) =>
  to.some((a) => a.toLowerCase() === p.address);

async function drain() {
  while ((await t.app.notificationWorker.runOnce()) > 0);
}

/** Sends the template to one user, runs the worker, and answers that delivery. */
async function sendTo(userId: number) {
  const res = await post('/api/notifications/send', {
    template_id: templateId,
    recipient_type: 'specific',
    recipient_ids: [userId],
    subject: 'Hi {{first_name}}',
    message: 'Your match starts at 10.',
  });
  expect(res.statusCode, res.body).toBe(201);
  const sendId = res.json().data.send.id as number;
  await drain();
  const [d] = await queryRows<{ status: string; last_error: string | null }>(
    t.db,
    sql`select status, last_error from notification_deliveries where send_id = ${sendId}`,
  );
  return d!;
}

async function suppressions(query = '') {
  const res = await get(`/api/messaging/suppressions${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { suppressions: Suppression[]; pagination: { total: number } };
}

const activeFor = async (address: string) =>
  (await suppressions(`?address=${encodeURIComponent(address)}&state=active`)).suppressions;

function event(body: object, secret: string | null = SECRET) {
  const payload = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/email-events',
    headers: {
      'content-type': 'application/json',
      ...(secret ? { 'x-signature': signBody(secret, payload) } : {}),
    },
    payload,
  });
}

const today = () => new Date().toISOString().slice(0, 10);

describe('suppression captured at send time', () => {
  it('a 550 suppresses the address; the next send skips it with the reason', async () => {
    const p = await player('Hard');
    answer = (mail) =>
      reaches(mail.to, p) ? { code: 550, message: '5.1.1 User unknown' } : undefined;
    const first = await sendTo(p.id);
    expect(first.status).toBe('failed');
    const [entry] = await activeFor(p.address);
    expect(entry).toMatchObject({
      channel: 'email',
      address: p.address,
      reason: 'hard_bounce',
      detail: '550 5.1.1 User unknown',
      active: true,
    });
    expect(entry!.source_message_id).toMatch(/^notification-/);

    answer = undefined;
    const next = await sendTo(p.id);
    expect(next).toEqual({
      status: 'skipped',
      last_error: `${SUPPRESSED_PREFIX} (hard bounce 550 5.1.1 on ${today()})`,
    });
    expect(smtp.received.some((m) => reaches(m.to, p))).toBe(false);
  });

  it('a 5xx about the message, not the recipient, suppresses nothing', async () => {
    const p = await player('Policy');
    answer = () => ({ code: 554, message: '5.7.1 Message rejected as spam' });
    expect((await sendTo(p.id)).status).toBe('failed');
    expect(await activeFor(p.address)).toEqual([]);
  });

  it('the third soft bounce within 7 days suppresses; older ones do not count', async () => {
    const p = await player('Soft');
    const day = 24 * 3600 * 1000;
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString();
    // One 8 days ago (outside the window) and one 6 days ago.
    await t.db
      .execute(sql`insert into messaging_soft_bounces (address, occurred_at, detail, message_id)
      values (${p.address}, ${at(8)}::timestamptz, '452 4.2.2 Mailbox full', 'old-1'),
             (${p.address}, ${at(6)}::timestamptz, '452 4.2.2 Mailbox full', 'old-2')`);
    answer = (mail) =>
      reaches(mail.to, p) ? { code: 450, message: '4.2.2 Mailbox full' } : undefined;
    // The second in the window: counted, still sent to (queued for a retry, then failed).
    await sendTo(p.id);
    expect(await activeFor(p.address)).toEqual([]);
    // Its retries are the same message, so the same bounce: three recorded, two in the window.
    const [{ c } = { c: 0 }] = await queryRows<{ c: number }>(
      t.db,
      sql`select count(*)::int as c from messaging_soft_bounces where address = ${p.address}`,
    );
    expect(c).toBe(3);
    await sendTo(p.id);
    const [entry] = await activeFor(p.address);
    expect(entry).toMatchObject({ reason: 'soft_bounces', detail: '450 4.2.2 Mailbox full' });
    answer = undefined;
    const next = await sendTo(p.id);
    expect(next.status).toBe('skipped');
    expect(next.last_error).toContain('suppressed (3 soft bounces in 7 days 450 4.2.2');
  });

  it('the worker re-checks: an address suppressed after enqueue is skipped', async () => {
    const p = await player('Late');
    const res = await post('/api/notifications/send', {
      template_id: templateId,
      recipient_type: 'specific',
      recipient_ids: [p.id],
      subject: 'Hi',
      message: 'Your match starts at 10.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const added = await post('/api/messaging/suppressions', {
      channel: 'email',
      address: p.email,
      reason: 'Asked by phone not to be emailed',
    });
    expect(added.statusCode, added.body).toBe(201);
    await drain();
    const [d] = await queryRows<{ status: string; last_error: string }>(
      t.db,
      sql`select status, last_error from notification_deliveries where send_id = ${res.json().data.send.id}`,
    );
    expect(d).toEqual({
      status: 'skipped',
      last_error: `${SUPPRESSED_PREFIX} (added by an administrator on ${today()})`,
    });
    expect(smtp.received).toEqual([]);
  });
});

describe('POST /api/webhooks/email-events', () => {
  it('a complaint suppresses; its repeat changes nothing', async () => {
    const p = await player('Complaint');
    const body = {
      type: 'complaint',
      email: p.email,
      message_id: 'prov-complaint-1',
      reason: 'abuse',
    };
    const res = await event(body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SUPPRESSION_SUCCESS.eventApplied);
    expect(await activeFor(p.address)).toMatchObject([
      { reason: 'complaint', detail: 'abuse', source_message_id: 'prov-complaint-1' },
    ]);
    const again = await event(body);
    expect(again.json().message).toBe(SUPPRESSION_SUCCESS.eventRepeated);
    expect((await suppressions(`?address=${p.address}`)).pagination.total).toBe(1);
    expect((await sendTo(p.id)).last_error).toContain('suppressed (complaint on');
  });

  it('a hard bounce suppresses; soft bounces count, once per message_id', async () => {
    const hard = await player('Bounce');
    await event({
      type: 'bounce',
      bounce_type: 'hard',
      email: hard.email,
      message_id: 'prov-hard-1',
      reason: '550 5.1.1 No such user',
    });
    expect(await activeFor(hard.address)).toMatchObject([{ reason: 'hard_bounce' }]);

    const soft = await player('SoftEvent');
    const bounce = (id: string) =>
      event({ type: 'bounce', bounce_type: 'soft', email: soft.email, message_id: id });
    await bounce('s-1');
    await bounce('s-2');
    await bounce('s-2');
    expect(await activeFor(soft.address)).toEqual([]);
    await bounce('s-3');
    expect(await activeFor(soft.address)).toMatchObject([{ reason: 'soft_bounces' }]);
  });

  it('unsigned, wrongly signed or malformed calls change nothing', async () => {
    const p = await player('Unsigned');
    const body = { type: 'complaint', email: p.email, message_id: 'forged-1' };
    const before = (await suppressions()).pagination.total;
    expect((await event(body, null)).statusCode).toBe(401);
    expect((await event(body, 'wrong-secret')).statusCode).toBe(401);
    const bad = await event({ type: 'bounce', email: p.email, message_id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.bounce_type).toBeDefined();
    expect((await suppressions()).pagination.total).toBe(before);
  });
});

describe('/api/messaging/suppressions', () => {
  it('removal is audited with its reason, kept as history, and the next send arrives', async () => {
    const p = await player('Removed');
    answer = (mail) =>
      reaches(mail.to, p) ? { code: 550, message: '5.1.1 User unknown' } : undefined;
    await sendTo(p.id);
    answer = undefined;
    const [entry] = await activeFor(p.address);

    const noReason = await t.as(token, {
      method: 'DELETE',
      url: `/api/messaging/suppressions/${entry!.id}`,
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toEqual([SUPPRESSION_MESSAGES.noteRequired]);

    const res = await t.as(token, {
      method: 'DELETE',
      url: `/api/messaging/suppressions/${entry!.id}`,
      payload: { reason: 'Mailbox fixed, confirmed by phone' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.suppression).toMatchObject({
      active: false,
      removal_reason: 'Mailbox fixed, confirmed by phone',
    });
    expect(res.json().data.suppression.removed_by).toBeTruthy();
    const again = await t.as(token, {
      method: 'DELETE',
      url: `/api/messaging/suppressions/${entry!.id}`,
      payload: { reason: 'twice' },
    });
    expect(again.statusCode).toBe(409);

    const audit = await get(
      `/api/audit-logs?entity_type=messaging_suppression&entity_id=${entry!.id}`,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    const [record] = audit.json().data.data;
    expect(record).toMatchObject({ action: 'suppression_remove' });
    expect(JSON.stringify(record)).toContain('Mailbox fixed, confirmed by phone');

    expect((await sendTo(p.id)).status).toBe('sent');
    expect(smtp.received.some((m) => reaches(m.to, p))).toBe(true);
    // Removed entries stay listed as history.
    expect((await suppressions(`?address=${p.address}&state=removed`)).suppressions).toHaveLength(
      1,
    );
  });

  it('an administrator adds entries; a second active one is refused; the list filters', async () => {
    const add = (payload: object) => post('/api/messaging/suppressions', payload);
    const a = await add({ channel: 'sms', address: '+44 (20) 7946-0958', reason: 'Wrong number' });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json().data.suppression).toMatchObject({
      channel: 'sms',
      address: '+442079460958',
      reason: 'admin',
      detail: 'Wrong number',
    });
    const dup = await add({ channel: 'sms', address: '+442079460958', reason: 'Again' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.address).toEqual([SUPPRESSION_MESSAGES.alreadySuppressed]);
    const wa = await add({ channel: 'whatsapp', address: '+442079460958', reason: 'Asked' });
    expect(wa.statusCode).toBe(201);
    const badPhone = await add({ channel: 'whatsapp', address: '07946', reason: 'x' });
    expect(badPhone.json().errors.address).toEqual([SUPPRESSION_MESSAGES.phoneInvalid]);
    const badEmail = await add({ channel: 'email', address: 'nobody', reason: 'x' });
    expect(badEmail.json().errors.address).toEqual([SUPPRESSION_MESSAGES.emailInvalid]);

    const bySms = await suppressions('?channel=sms&address=7946');
    expect(bySms.suppressions.map((s) => s.address)).toEqual(['+442079460958']);
    const byReason = await suppressions('?reason=admin&address=79460958');
    expect(byReason.suppressions.map((s) => s.channel)).toEqual(['whatsapp', 'sms']);
    const all = await suppressions('?limit=2');
    expect(all.suppressions).toHaveLength(2);
    expect(all.suppressions[0]!.id).toBeGreaterThan(all.suppressions[1]!.id);
    const refused = await get('/api/messaging/suppressions?channel=fax');
    expect(refused.statusCode).toBe(400);
  });

  it('needs messaging.view to read and messaging.manage to change', async () => {
    const viewer = await t.userWith(['messaging.view']);
    expect(
      (await t.as(viewer.token, { method: 'GET', url: '/api/messaging/suppressions' })).statusCode,
    ).toBe(200);
    const refused = await t.as(viewer.token, {
      method: 'POST',
      url: '/api/messaging/suppressions',
      payload: { channel: 'email', address: 'x@y.test', reason: 'x' },
    });
    expect(refused.statusCode).toBe(403);
  });
});
