import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STATUSES, type Preference } from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { roles } from '../../db/schema';
import { createTestApp, userPayload, type TestApp } from '../../test/harness';

/**
 * Issue 32, "import keeps consent": creating or editing a user never resubscribes anyone. Only
 * the person, or an administrator with a recorded reason (PUT /users/{id}/preferences), can.
 */

let t: TestApp;
let token: string;
let playerRole: number;
let topic: { id: number; name: string };

beforeAll(async () => {
  // The dry run needs a mail transport to exist; nothing is sent.
  t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', NOTIFY_WORKER: 'false' });
  token = await t.login();
  const [role] = await t.db
    .insert(roles)
    .values({ name: 'consent player' })
    .returning({ id: roles.id });
  playerRole = role!.id;
  topic = (
    await queryRows<{ id: number; name: string }>(
      t.db,
      sql`select id, name from messaging_topics where name = 'Match updates'`,
    )
  )[0]!;
});
afterAll(() => t.close());

const payload = (n: number, overrides: Record<string, unknown> = {}) =>
  userPayload(playerRole, {
    first_name: 'Keeps',
    last_name: 'Consent',
    email: `keeps${n}@consent.test`,
    phone_number: String(8_700_000_000 + n),
    status: 'pending',
    ...overrides,
  });

async function preferences(id: number) {
  const res = await t.as(token, { method: 'GET', url: `/api/users/${id}/preferences` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.preferences as Preference[]).filter((p) => p.topic_id === topic.id);
}

const consentRows = async (id: number) =>
  queryRows<{ channel: string; subscribed: boolean; source: string }>(
    t.db,
    sql`select channel, subscribed, source from messaging_consents where user_id = ${id} order by id`,
  );

describe('creating and editing a user keeps their consent', () => {
  it('records no consent on create, and an unsubscribed user stays so after email, phone and status changes', async () => {
    const created = await t.as(token, { method: 'POST', url: '/api/users', payload: payload(1) });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.user.id as number;
    // A new user holds the topics' defaults: nothing is recorded on their behalf.
    expect(await consentRows(id)).toEqual([]);

    for (const channel of ['email', 'sms', 'whatsapp']) {
      const res = await t.as(token, {
        method: 'PUT',
        url: `/api/users/${id}/preferences`,
        payload: { topic_id: topic.id, channel, subscribed: false, reason: 'Asked by phone' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const before = await consentRows(id);
    expect(before).toHaveLength(3);

    const edits = [
      payload(2, { status: 'pending' }), // a new email and phone number
      payload(3, { status: 'pending', first_name: 'Renamed' }),
      ...USER_STATUSES.map((status) => payload(3, { status })),
    ];
    for (const edit of edits) {
      const res = await t.as(token, { method: 'PUT', url: `/api/users/${id}`, payload: edit });
      expect(res.statusCode, res.body).toBe(200);
      expect(await consentRows(id)).toEqual(before);
      for (const p of await preferences(id)) {
        if (p.channel !== 'push') expect(p, p.channel).toMatchObject({ subscribed: false });
      }
    }

    // And a send to them still skips them, at their new address.
    const template = await t.as(token, {
      method: 'POST',
      url: '/api/notifications/templates',
      payload: {
        name: 'Consent check',
        type: 'email',
        subject: 'Hello',
        message: 'Your match starts at 10 on Saturday.',
        status: 'active',
        topic_id: topic.id,
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    const dry = await t.as(token, {
      method: 'POST',
      url: '/api/notifications/send/preview',
      payload: {
        template_id: template.json().data.template.id,
        recipient_type: 'specific',
        recipient_ids: [id],
        subject: 'Hello',
        message: 'Your match starts at 10 on Saturday.',
        send_immediately: true,
      },
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ will_receive: 0 });
  });
});
