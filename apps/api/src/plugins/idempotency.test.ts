import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_DONE_EARLIER_STATUS,
  IDEMPOTENCY_MESSAGES,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '@cricket/contracts';
import { contactMessages, emailTemplates, idempotencyKeys, media, roles } from '../db/schema';
import { createTestApp, snapshot, type TestApp } from '../test/harness';
import { parseKey } from './idempotency';

const onPg = process.env.TEST_DB === 'pg';

let t: TestApp;
let token: string;
beforeAll(async () => {
  // On PostgreSQL the app's connections go through a proxy that can lose a COMMIT or its answer.
  t = await createTestApp({}, { faultProxy: true });
  token = await t.login();
});
afterAll(() => t.close());

let seq = 0;
const template = (overrides: object = {}) => ({
  name: `Idempotent ${++seq}`,
  subject: 'Hello {{first_name}}',
  template_type: 'welcome',
  status: 'active',
  description: 'A template created once however often it is sent',
  content: '<p>Hello {{first_name}}</p>',
  ...overrides,
});

const createTemplate = (body: object, key: string, as = token) =>
  t.as(as, {
    method: 'POST',
    url: '/api/email-templates',
    headers: { 'idempotency-key': key },
    payload: body,
  });

const templatesNamed = async (name: string) =>
  (await t.db.select().from(emailTemplates).where(eq(emailTemplates.name, name))).length;

const keyRow = async (key: string) =>
  (await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];

/** Moves a stored key's claim or its lease back by an interval, as if that time had passed. */
const backdate = (key: string, column: 'createdAt' | 'lockedUntil', by: string) =>
  t.db
    .update(idempotencyKeys)
    .set({ [column]: sql`now() - ${by}::interval` })
    .where(eq(idempotencyKeys.key, key));

describe('Idempotency-Key on POST', () => {
  it('answers a retry with the first answer, status and body, and writes once', async () => {
    const key = randomUUID();
    const body = template();
    const first = await createTemplate(body, key);
    expect(first.statusCode).toBe(201);
    const again = await createTemplate(body, key);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(await templatesNamed(body.name)).toBe(1);
    // Key order and whitespace are not part of the request: the same body, written otherwise.
    const reordered = await t.as(token, {
      method: 'POST',
      url: '/api/email-templates',
      headers: { 'idempotency-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2),
    });
    expect(reordered.body).toBe(first.body);
    expect(await templatesNamed(body.name)).toBe(1);
  });

  it('refuses the same key with another body with 422 and writes nothing', async () => {
    const key = randomUUID();
    const body = template();
    expect((await createTemplate(body, key)).statusCode).toBe(201);
    const before = await snapshot(t.db);
    const other = await createTemplate({ ...body, subject: 'Another {{first_name}}' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.keyReused });
    // The same key on another route is another request too.
    const elsewhere = await t.as(token, {
      method: 'POST',
      url: '/api/roles',
      headers: { 'idempotency-key': key },
      payload: { name: `Role ${randomUUID()}` },
    });
    expect(elsewhere.statusCode).toBe(422);
    // So is an upload, whose body is not read to compare: once it got the template's answer
    // back (found by the contract fuzzer).
    const boundary = 'idem-upload';
    const upload = await t.as(token, {
      method: 'POST',
      url: '/api/media/upload',
      headers: {
        'idempotency-key': key,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nteam_logos\r\n--${boundary}--\r\n`,
    });
    expect(upload.statusCode).toBe(422);
    expect(upload.json()).toEqual({ success: false, message: IDEMPOTENCY_MESSAGES.keyReused });
    expect(await snapshot(t.db)).toBe(before);
  });

  it('gives back the key of a refused request, so its corrected retry runs', async () => {
    const key = randomUUID();
    const name = `Taken ${randomUUID().slice(0, 8)}`;
    await t.db.insert(roles).values({ name, description: '' });
    const refused = await t.as(token, {
      method: 'POST',
      url: '/api/roles',
      headers: { 'idempotency-key': key },
      payload: { name },
    });
    expect(refused.statusCode).toBe(409);
    expect(await keyRow(key)).toBeUndefined();
    const corrected = await t.as(token, {
      method: 'POST',
      url: '/api/roles',
      headers: { 'idempotency-key': key },
      payload: { name: `${name} 2` },
    });
    expect(corrected.statusCode).toBe(201);
  });

  it('does not replay one user’s key to another user', async () => {
    const other = await t.userWith(['email_templates.create']);
    const key = randomUUID();
    const mine = template();
    const first = await createTemplate(mine, key);
    expect(first.statusCode).toBe(201);
    // The same request under the same key runs for them: their keys are their own.
    const theirs = await createTemplate(mine, key, other.token);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.template.id).not.toBe(first.json().data.template.id);
    expect(await templatesNamed(mine.name)).toBe(2);
    // And each of them is replayed to its own user only.
    expect((await createTemplate(mine, key)).body).toBe(first.body);
    expect((await createTemplate(mine, key, other.token)).body).toBe(theirs.body);
    expect(await templatesNamed(mine.name)).toBe(2);
  });

  it('forgets a key after 24 hours: the same request then runs again', async () => {
    const key = randomUUID();
    const body = template();
    const first = await createTemplate(body, key);
    await backdate(key, 'createdAt', '24 hours 1 minute');
    const later = await createTemplate(body, key);
    expect(later.statusCode).toBe(201);
    expect(later.json().data.template.id).not.toBe(first.json().data.template.id);
    expect(await templatesNamed(body.name)).toBe(2);
    // And the key now remembers the second request.
    expect((await createTemplate(body, key)).body).toBe(later.body);
  });

  it('deletes the keys older than 24 hours', async () => {
    const old = randomUUID();
    const fresh = randomUUID();
    await createTemplate(template(), old);
    await createTemplate(template(), fresh);
    await backdate(old, 'createdAt', '25 hours');
    await t.app.idempotency.forgetExpired();
    expect(await keyRow(old)).toBeUndefined();
    expect(await keyRow(fresh)).toBeDefined();
  });

  it('scopes a public route’s keys by route: the contact form', async () => {
    const key = randomUUID();
    const form = {
      name: 'Priya Singh',
      email: 'priya@example.com',
      subject: `Tickets ${key}`,
      message: 'When do tickets for the final go on sale?',
    };
    const send = (payload: object, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        remoteAddress: ip,
        headers: { 'idempotency-key': key },
        payload,
      });
    const first = await send(form, '10.9.0.1');
    expect(first.statusCode).toBe(201);
    expect((await send(form, '10.9.0.2')).body).toBe(first.body);
    expect((await send({ ...form, message: `${form.message}?` }, '10.9.0.3')).statusCode).toBe(422);
    const stored = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, form.subject));
    expect(stored).toHaveLength(1);
    expect((await keyRow(key))?.owner).toBe('route:POST /api/contact');
  });

  it('keeps no key for signing in: its answer is a session token', async () => {
    const key = randomUUID();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'idempotency-key': key },
      payload: { email: 'admin@test.local', password: 'Admin@12345' },
    });
    expect(res.statusCode).toBe(200);
    expect(await keyRow(key)).toBeUndefined();
  });

  it('refuses a key that is not 1 to 255 visible characters, and reads a quoted one', async () => {
    for (const bad of ['', ' ', 'a b ', 'é', 'x'.repeat(256), '"unterminated']) {
      const res = await createTemplate(template(), bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: IDEMPOTENCY_MESSAGES.invalidKey,
        errors: { 'idempotency-key': [IDEMPOTENCY_MESSAGES.invalidKey] },
      });
    }
    expect(parseKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe(
      '8e03978e-40d5-43e8-bc93-6894a57f9324',
    );
    expect(parseKey('"a \\"b\\""')).toBe('a "b"');
    expect(parseKey(undefined)).toBeUndefined();
    const key = randomUUID();
    const body = template();
    const bare = await createTemplate(body, key);
    expect((await createTemplate(body, `"${key}"`)).body).toBe(bare.body);
  });

  it('answers 409 while the first request with the key still runs, then replays its answer', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const key = randomUUID();
    const boundary = `----idem${randomBytes(6).toString('hex')}`;
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const before = await t.db.$count(media);
    // An upload whose file is still arriving: its handler runs, holding the key.
    const slow = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/media/upload',
      headers: {
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      slow.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }),
        );
      });
      slow.on('error', reject);
    });
    slow.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nteam_logos\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    await expect
      .poll(() => keyRow(key).then((row) => row?.committed), { timeout: 10_000 })
      .toBe(false);

    const retry = () =>
      t.as(token, {
        method: 'POST',
        url: '/api/media/upload',
        headers: {
          'idempotency-key': key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: `--${boundary}--\r\n`,
      });
    const meanwhile = await retry();
    expect(meanwhile.statusCode).toBe(409);
    expect(meanwhile.json().message).toBe(IDEMPOTENCY_MESSAGES.inFlight);
    expect(Number(meanwhile.headers['retry-after'])).toBeGreaterThan(0);

    slow.end(Buffer.concat([png, Buffer.from(`\r\n--${boundary}--\r\n`)]));
    const first = await answered;
    expect(first.status).toBe(200);
    const after = await retry();
    expect(after.statusCode).toBe(200);
    expect(after.body).toBe(first.body);
    expect(await t.db.$count(media)).toBe(before + 1);
  });

  // PostgreSQL only: the fault proxy sits on a TCP connection, and PGlite has none to cut.
  it.runIf(onPg)(
    'finds a write whose COMMIT was carried out but answered 503: its retry writes nothing more',
    async () => {
      const key = randomUUID();
      const body = template();
      const cuts = t.proxy!.cuts;
      t.proxy!.loseNextCommitAnswer();
      const lost = await createTemplate(body, key);
      expect(t.proxy!.cuts).toBe(cuts + 1);
      expect(lost.statusCode).toBe(503);
      expect(lost.json().message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
      // The client saw a failure, yet the template was saved: a plain retry would save it twice.
      expect(await templatesNamed(body.name)).toBe(1);
      const retried = await createTemplate(body, key);
      expect(retried.statusCode).toBe(IDEMPOTENCY_DONE_EARLIER_STATUS);
      expect(retried.json().message).toBe(IDEMPOTENCY_MESSAGES.doneEarlier);
      expect(await templatesNamed(body.name)).toBe(1);
    },
  );

  // PostgreSQL only: the fault proxy sits on a TCP connection, and PGlite has none to cut.
  it.runIf(onPg)(
    'runs again, once, a write whose COMMIT never arrived while the database was down',
    async () => {
      const key = randomUUID();
      const body = template();
      const cuts = t.proxy!.cuts;
      // Down from the COMMIT on: the failed request cannot give its key back.
      t.proxy!.dropNextCommit({ thenDown: true });
      const failed = await createTemplate(body, key);
      expect(t.proxy!.cuts).toBe(cuts + 1);
      expect(failed.statusCode).toBe(503);
      t.proxy!.setDown(false);
      expect(await templatesNamed(body.name)).toBe(0);
      // Its claim still stands until its lease ends: the retry is told to wait, not run twice.
      const early = await createTemplate(body, key);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(IDEMPOTENCY_MESSAGES.inFlight);
      await backdate(key, 'lockedUntil', '1 second');
      const retried = await createTemplate(body, key);
      expect(retried.statusCode).toBe(201);
      expect((await createTemplate(body, key)).body).toBe(retried.body);
      expect(await templatesNamed(body.name)).toBe(1);
    },
  );
});
