import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_BODY_LIMIT,
  CONTACT_MESSAGES,
  CONTACT_RATE_POINTS,
  derivePriority,
  disallowedCharacterMessage,
} from '@cricket/contracts';
import { contactMessages, contactReplies } from '../../db/schema';
import { createTestApp, snapshot, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';

let t: TestApp;
let token: string;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let ipSeq = 0;

const WEBSITE = 'https://www.cricket.test';

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Support <support@cricket.test>',
    CONTACT_ALLOWED_ORIGINS: `${WEBSITE}, https://other.test/`,
  });
  token = await t.login();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const form = {
  name: 'Priya Singh',
  email: 'Priya.Singh@example.com',
  subject: 'Ticket question',
  message: 'When do tickets for the final go on sale?',
};

/** Each call comes from its own address unless one is given, so the rate limit stays out of the way. */
function post(body: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  ipSeq += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/contact',
    remoteAddress: opts.ip ?? `10.0.${Math.floor(ipSeq / 250)}.${ipSeq % 250}`,
    headers: opts.headers,
    payload: body as object,
  });
}

async function submit(body: object = form) {
  const res = await post(body);
  expect(res.statusCode).toBe(201);
  const [row] = await t.db
    .select()
    .from(contactMessages)
    .orderBy(contactMessages.id)
    .where(eq(contactMessages.subject, (body as { subject: string }).subject));
  return row!;
}

const list = async (query: Record<string, string> = {}) => {
  const res = await t.as(token, { method: 'GET', url: '/api/contact-messages', query });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    data: { id: number; name: string; status: string }[];
    pagination: { total: number };
    counts: { total: number; unread: number };
  };
};

describe('public contact endpoint', () => {
  it('stores a valid message as unread, with a derived priority, and answers the website', async () => {
    const res = await post(form);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, message: expect.stringMatching(/Thank you/) });
    const [row] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, form.subject));
    expect(row).toMatchObject({
      name: 'Priya Singh',
      email: 'priya.singh@example.com',
      status: 'unread',
      priority: 'medium',
      phoneNumber: null,
    });
    const urgent = await submit({
      ...form,
      subject: 'URGENT refund',
      message: 'I was charged twice for one ticket.',
    });
    expect(urgent.priority).toBe('high');
    const given = await submit({
      ...form,
      subject: 'Given priority',
      priority: 'low',
      company: 'Acme',
      phone_number: '+91 98765 43210',
    });
    expect(given).toMatchObject({
      priority: 'low',
      company: 'Acme',
      phoneNumber: '+91 98765 43210',
    });
    expect(derivePriority('Feedback', 'Thanks for a great season')).toBe('low');
  });

  it('refuses missing, malformed and oversize bodies with clear messages and stores nothing', async () => {
    const before = await snapshot(t.db);
    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      name: [CONTACT_MESSAGES.nameRequired],
      email: [CONTACT_MESSAGES.emailRequired],
      subject: [CONTACT_MESSAGES.subjectRequired],
      message: [CONTACT_MESSAGES.messageRequired],
    });
    const malformed = await post({
      ...form,
      email: 'not-an-email',
      message: 'short',
      phone_number: 'call me',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toMatchObject({
      email: [CONTACT_MESSAGES.emailInvalid],
      message: [CONTACT_MESSAGES.messageMin],
      phone_number: [CONTACT_MESSAGES.phoneInvalid],
    });
    // A domain label ending in a hyphen is no address a mail server takes: accepted once, its
    // reply then failed with 502 (found by the contract fuzzer).
    const undeliverable = await post({ ...form, email: 'fan@mail-.example.com' });
    expect(undeliverable.statusCode).toBe(400);
    expect(undeliverable.json().errors).toEqual({ email: [CONTACT_MESSAGES.emailInvalid] });
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Priya",',
    });
    expect(notJson.statusCode).toBe(400);
    const oversize = await post({ ...form, message: 'x'.repeat(CONTACT_BODY_LIMIT) });
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json().message).toBe(CONTACT_MESSAGES.tooLarge);
    const tooLong = await post({ ...form, message: 'y'.repeat(6000) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(CONTACT_MESSAGES.messageMax);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('refuses bidirectional overrides and control characters in the name and subject, naming the character', async () => {
    const before = await snapshot(t.db);
    // U+202E turns "Invoice \u202Efdp.exe" into "Invoice exe.pdf" on screen.
    for (const [field, value, codePoint] of [
      ['subject', 'Invoice \u202Efdp.exe', 0x202e],
      ['subject', 'Refund \u2066now\u2069', 0x2066],
      ['subject', 'Line one\nBcc: victim@example.com', 0x0a],
      ['subject', 'Tab\tinside', 0x09],
      ['subject', 'Next line\u0085here', 0x85],
      ['name', 'Priya \u202DSingh', null],
    ] as const) {
      const res = await post({ ...form, [field]: value });
      expect(res.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
      const errors = res.json().errors[field];
      if (codePoint === null) expect(errors).toHaveLength(1);
      else expect(errors).toEqual([disallowedCharacterMessage(codePoint)]);
    }
    expect(await snapshot(t.db)).toBe(before);
  });

  it('drops a message whose honeypot is filled, answering as if it were kept', async () => {
    const before = await snapshot(t.db);
    const res = await post({ ...form, subject: 'Cheap pills', website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/Thank you/);
    expect(await snapshot(t.db)).toBe(before);
  });

  it('answers 429 with Retry-After once an address has sent its share', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < CONTACT_RATE_POINTS; i++) {
      expect((await post({ ...form, subject: `Rate ${i}` }, { ip })).statusCode).toBe(201);
    }
    const refused = await post({ ...form, subject: 'Rate over' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(CONTACT_MESSAGES.rateLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const [kept] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, 'Rate over'));
    expect(kept).toBeUndefined();
    // Another address is not affected.
    expect((await post({ ...form, subject: 'Rate other' })).statusCode).toBe(201);
  });

  it('allows only the configured origins to post cross-origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/contact',
      headers: { origin: WEBSITE, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(WEBSITE);
    expect(preflight.headers['access-control-allow-methods']).toBe('POST');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type, idempotency-key');
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/contact',
      headers: { origin: 'https://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const allowed = await post(form, { headers: { origin: 'https://other.test' } });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://other.test');
    const refused = await post(form, { headers: { origin: 'https://evil.test' } });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    // Signed-in routes never answer cross-origin.
    const admin = await t.as(token, {
      method: 'GET',
      url: '/api/contact-messages',
      headers: { origin: WEBSITE },
    });
    expect(admin.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('contact messages in the back-office', () => {
  it('filters by name, email, subject and status and keeps Total and Unread in step', async () => {
    await submit({
      ...form,
      name: 'Filter Anand',
      email: 'anand@filters.test',
      subject: 'Filter kit sizes',
    });
    await submit({
      ...form,
      name: 'Filter Bela',
      email: 'bela@filters.test',
      subject: 'Filter venue parking',
    });
    const carl = await submit({
      ...form,
      name: 'Filter Carl',
      email: 'carl@elsewhere.test',
      subject: 'Filter kit colours',
    });
    const names = async (q: Record<string, string>) =>
      (await list(q)).data.map((m) => m.name).sort();
    expect(await names({ name: 'filter' })).toEqual(['Filter Anand', 'Filter Bela', 'Filter Carl']);
    expect(await names({ name: 'filter', email: 'FILTERS.test' })).toEqual([
      'Filter Anand',
      'Filter Bela',
    ]);
    expect(await names({ name: 'filter', subject: 'kit' })).toEqual([
      'Filter Anand',
      'Filter Carl',
    ]);

    const before = (await list()).counts;
    const opened = await t.as(token, { method: 'GET', url: `/api/contact-messages/${carl.id}` });
    expect(opened.json().data.message).toMatchObject({ status: 'read', name: 'Filter Carl' });
    expect(await names({ name: 'filter', status: 'read' })).toEqual(['Filter Carl']);
    expect(await names({ name: 'filter', status: 'unread' })).toEqual([
      'Filter Anand',
      'Filter Bela',
    ]);
    const after = (await list()).counts;
    expect(after).toEqual({ total: before.total, unread: before.unread - 1 });
    // Opening it again changes nothing.
    await t.as(token, { method: 'GET', url: `/api/contact-messages/${carl.id}` });
    expect((await list()).counts).toEqual(after);

    const all = await list({ limit: '100' });
    expect(all.counts.total).toBe(all.pagination.total);
    expect(all.counts.unread).toBe(all.data.filter((m) => m.status === 'unread').length);
  });

  it('deletes a message with its thread and answers the spec toast', async () => {
    const row = await submit({ ...form, subject: 'Delete me' });
    const before = (await list()).counts;
    const res = await t.as(token, { method: 'DELETE', url: `/api/contact-messages/${row.id}` });
    expect(res.json().message).toBe('Message from Priya Singh deleted successfully!');
    expect((await list()).counts).toEqual({ total: before.total - 1, unread: before.unread - 1 });
    const again = await t.as(token, { method: 'DELETE', url: `/api/contact-messages/${row.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('emails a reply threaded under the message, keeps it in the thread and marks the message read', async () => {
    const row = await submit({ ...form, subject: 'Reply thread' });
    const first = await t.as(token, {
      method: 'POST',
      url: `/api/contact-messages/${row.id}/reply`,
      payload: { subject: 'Re: Reply thread', message: 'Tickets go on sale on Monday at 10 am.' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('Reply sent to Priya Singh successfully!');
    expect(first.json().data.reply).toMatchObject({ status: 'sent', failure_reason: null });
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toEqual(['priya.singh@example.com']);
    expect(mail.mail.subject).toBe('Re: Reply thread');
    expect(mail.mail.text?.trim()).toBe('Tickets go on sale on Monday at 10 am.');
    expect(mail.mail.inReplyTo).toBe(`<contact-${row.id}@cricket.test>`);
    expect(mail.mail.references).toBe(`<contact-${row.id}@cricket.test>`);
    const firstId = mail.mail.messageId!;

    const second = await t.as(token, {
      method: 'POST',
      url: `/api/contact-messages/${row.id}/reply`,
      payload: { subject: 'Re: Reply thread', message: 'One more thing: bring your ID.' },
    });
    expect(second.statusCode).toBe(200);
    const next = smtp.received.at(-1)!.mail;
    expect(next.inReplyTo).toBe(firstId);
    expect(next.references).toEqual([`<contact-${row.id}@cricket.test>`, firstId]);

    const thread = (
      await t.as(token, { method: 'GET', url: `/api/contact-messages/${row.id}` })
    ).json().data;
    expect(thread.message).toMatchObject({ status: 'read', replies_count: 2 });
    expect(thread.replies.map((r: { status: string }) => r.status)).toEqual(['sent', 'sent']);
    expect(thread.replies[0].sent_by.name).toBeTruthy();
    expect(thread.replies[0].sent_at).toBeTruthy();
  });

  it('keeps a refused reply as failed with its reason, never sent, and sends it again on retry', async () => {
    const row = await submit({ ...form, subject: 'Refused reply' });
    const count = smtp.received.length;
    smtp.refuse({ code: 550, message: 'Mailbox unavailable' });
    let replyId: number;
    try {
      const res = await t.as(token, {
        method: 'POST',
        url: `/api/contact-messages/${row.id}/reply`,
        payload: { subject: 'Re: Refused reply', message: 'We will look into it today.' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(CONTACT_MESSAGES.replyFailed);
      const [reply] = await t.db
        .select()
        .from(contactReplies)
        .where(eq(contactReplies.messageId, row.id));
      expect(reply).toMatchObject({ status: 'failed', sentAt: null });
      expect(reply!.failureReason).toMatch(/Mailbox unavailable/);
      replyId = reply!.id;
      const retried = await t.as(token, {
        method: 'POST',
        url: `/api/contact-messages/${row.id}/replies/${replyId}/retry`,
      });
      expect(retried.statusCode).toBe(502);
    } finally {
      smtp.refuse(null);
    }
    expect(smtp.received.length).toBe(count);
    const retried = await t.as(token, {
      method: 'POST',
      url: `/api/contact-messages/${row.id}/replies/${replyId}/retry`,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.reply).toMatchObject({ status: 'sent', failure_reason: null });
    expect(smtp.received.at(-1)!.mail.subject).toBe('Re: Refused reply');
    const again = await t.as(token, {
      method: 'POST',
      url: `/api/contact-messages/${row.id}/replies/${replyId}/retry`,
    });
    expect(again.statusCode).toBe(409);
  });

  it('shows a reply a stopped server left sending as failed after five minutes, and retries it', async () => {
    const row = await submit({ ...form, subject: 'Interrupted reply' });
    // What a crash between recording the reply and the mail server's answer leaves behind.
    const [stuck, fresh] = await t.db
      .insert(contactReplies)
      .values([
        {
          messageId: row.id,
          subject: 'Re: Interrupted reply',
          body: 'Sent before the crash.',
          mailMessageId: '<stuck@cricket.test>',
          sentByName: 'Admin',
          attemptedAt: new Date(Date.now() - 6 * 60_000),
        },
        {
          messageId: row.id,
          subject: 'Re: Still going',
          body: 'Being sent right now.',
          mailMessageId: '<going@cricket.test>',
          sentByName: 'Admin',
        },
      ])
      .returning({ id: contactReplies.id });
    const opened = await t.as(token, { method: 'GET', url: `/api/contact-messages/${row.id}` });
    const replies = opened.json().data.replies as { id: number; status: string }[];
    expect(replies.find((r) => r.id === stuck!.id)).toMatchObject({
      status: 'failed',
      failure_reason: CONTACT_MESSAGES.replyInterrupted,
    });
    expect(replies.find((r) => r.id === fresh!.id)).toMatchObject({ status: 'sending' });

    const busy = await t.as(token, {
      method: 'POST',
      url: `/api/contact-messages/${row.id}/replies/${fresh!.id}/retry`,
    });
    expect(busy.statusCode).toBe(409);
    const retried = await t.as(token, {
      method: 'POST',
      url: `/api/contact-messages/${row.id}/replies/${stuck!.id}/retry`,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.reply).toMatchObject({ status: 'sent', failure_reason: null });
    expect(smtp.received.at(-1)!.messageId).toBe('<stuck@cricket.test>');
  });

  it('validates a reply with the spec messages and changes nothing', async () => {
    const row = await submit({ ...form, subject: 'Bad reply' });
    const before = await snapshot(t.db);
    const res = await t.as(token, {
      method: 'POST',
      url: `/api/contact-messages/${row.id}/reply`,
      payload: { subject: ' ', message: 'too short' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      subject: ['Subject is required'],
      message: ['Message must be at least 10 characters'],
    });
    const hidden = await t.as(token, {
      method: 'POST',
      url: `/api/contact-messages/${row.id}/reply`,
      payload: { subject: 'Re: \u202Bhidden\u202C', message: 'A long enough reply.' },
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().errors).toEqual({ subject: [disallowedCharacterMessage(0x202b)] });
    expect(await snapshot(t.db)).toBe(before);
  });

  it('needs the contact_messages permissions', async () => {
    const viewer = await t.userWith(['contact_messages.view']);
    expect(
      (await t.as(viewer.token, { method: 'GET', url: '/api/contact-messages' })).statusCode,
    ).toBe(200);
    const row = await submit({ ...form, subject: 'Perm check' });
    const reply = await t.as(viewer.token, {
      method: 'POST',
      url: `/api/contact-messages/${row.id}/reply`,
      payload: { subject: 'Re', message: 'A long enough message.' },
    });
    expect(reply.statusCode).toBe(403);
    const del = await t.as(viewer.token, {
      method: 'DELETE',
      url: `/api/contact-messages/${row.id}`,
    });
    expect(del.statusCode).toBe(403);
  });
});

describe('a reply without a mail transport', () => {
  it('is recorded failed with the reason "no transport configured", never sent', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'POST', url: '/api/contact', payload: form });
      expect(res.statusCode).toBe(201);
      const [row] = await bare.db.select().from(contactMessages);
      const admin = await bare.login();
      const reply = await bare.as(admin, {
        method: 'POST',
        url: `/api/contact-messages/${row!.id}/reply`,
        payload: { subject: 'Re: Ticket question', message: 'Tickets are on sale now.' },
      });
      expect(reply.statusCode).toBe(502);
      const [stored] = await bare.db.select().from(contactReplies);
      expect(stored).toMatchObject({ status: 'failed', failureReason: 'no transport configured' });
    } finally {
      await bare.close();
    }
  });
});
