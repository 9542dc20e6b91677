import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  MESSAGING_TOPIC_MESSAGES,
  PREFERENCE_MESSAGES,
  SEEDED_MESSAGING_TOPICS,
  SEND_CHANNELS,
  TEMPLATE_TOPIC_INVALID,
  TOPIC_SENT_MESSAGE,
  topicInUseMessage,
  type Preference,
  type PreferencesData,
} from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { maySend } from '../../lib/consent';
import { createTestApp, userPayload, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
let playerRole: number;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [role] = await queryRows<{ id: number }>(
    t.db,
    sql`insert into roles (name, description) values ('player', 'Registered cricketers') returning id`,
  );
  playerRole = role!.id;
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.as(token, { method, url, payload });

async function newUser() {
  n += 1;
  const res = await api(
    'POST',
    '/api/users',
    userPayload(playerRole, {
      email: `consent.${n}.${Date.now()}@example.in`,
      phone_number: `98${String(Date.now() + n).slice(-8)}`,
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.user.id as number;
}

async function newTopic(body: Record<string, unknown> = {}) {
  n += 1;
  const res = await api('POST', '/api/messaging/topics', { name: `Topic ${n}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.topic as { id: number; name: string };
}

async function preferences(userId: number) {
  const res = await api('GET', `/api/users/${userId}/preferences`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PreferencesData;
}

const seeded = async (name: string) => {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select id from messaging_topics where name = ${name}`,
  );
  return row!.id;
};

const pick = (prefs: Preference[], topicId: number, channel: string) =>
  prefs.find((p) => p.topic_id === topicId && p.channel === channel)!;

/** The users the one SQL rule lets be messaged on a channel about a topic. */
const allowed = async (channel: string, topicId: number | null, userId: number) =>
  (
    await queryRows<{ id: number }>(
      t.db,
      sql`select u.id from users u where u.id = ${userId} and ${maySend(sql`${channel}`, sql`${topicId}::int`)}`,
    )
  ).length === 1;

describe('/api/messaging/topics', () => {
  it('starts with the four seeded topics, offers off for new users, on a list page', async () => {
    const res = await api('GET', '/api/messaging/topics?limit=100');
    expect(res.statusCode, res.body).toBe(200);
    const { data, pagination } = res.json().data;
    for (const s of SEEDED_MESSAGING_TOPICS)
      expect(data).toContainEqual(
        expect.objectContaining({
          name: s.name,
          default_subscribed: s.default_subscribed,
          active: true,
          template_count: 0,
        }),
      );
    expect(pagination).toMatchObject({ current_page: 1, per_page: 100 });
    const offers = await api('GET', '/api/messaging/topics?name=offers');
    expect(offers.json().data.data.map((r: { name: string }) => r.name)).toEqual([
      'Offers and promotions',
    ]);
  });

  it('creates, refuses a name taken in another case or spacing, updates and deletes', async () => {
    const res = await api('POST', '/api/messaging/topics', {
      name: '  Youth   coaching ',
      description: '',
      default_subscribed: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    const topic = res.json().data.topic;
    expect(topic).toMatchObject({
      name: 'Youth coaching',
      description: null,
      default_subscribed: false,
      active: true,
    });
    const taken = await api('POST', '/api/messaging/topics', { name: 'youth  COACHING' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MESSAGING_TOPIC_MESSAGES.nameTaken);
    const short = await api('POST', '/api/messaging/topics', { name: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors.name).toContain(MESSAGING_TOPIC_MESSAGES.nameMin);

    const put = await api('PUT', `/api/messaging/topics/${topic.id}`, {
      name: 'Youth coaching',
      description: 'Sessions for under-15s',
      active: false,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.topic).toMatchObject({
      description: 'Sessions for under-15s',
      active: false,
    });

    const del = await api('DELETE', `/api/messaging/topics/${topic.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await api('DELETE', `/api/messaging/topics/${topic.id}`)).statusCode).toBe(404);
    expect(
      (await api('PUT', `/api/messaging/topics/${topic.id}`, { name: 'Gone' })).statusCode,
    ).toBe(404);
  });

  it('refuses to delete a topic a notification or WhatsApp template names', async () => {
    const topic = await newTopic();
    const tpl = await api('POST', '/api/notifications/templates', {
      name: `Fixture reminder ${n}`,
      type: 'sms',
      message: 'Your match starts at 10',
      topic_id: topic.id,
    });
    expect(tpl.statusCode, tpl.body).toBe(201);
    expect(tpl.json().data.template.topic_id).toBe(topic.id);

    const category = await api('POST', '/api/wa/template-categories', {
      name: `Cat ${n}`,
      slug: `cat-${n}-${Date.now()}`,
    });
    const wa = await api('POST', '/api/wa/templates', {
      name: `topic_template_${n}`,
      category: category.json().data.category._id,
      type: 'text',
      body_text: 'Your match starts soon. See you at the ground!',
      topic_id: String(topic.id),
    });
    expect(wa.statusCode, wa.body).toBe(201);
    expect(wa.json().data.template.topic_id).toBe(topic.id);

    const del = await api('DELETE', `/api/messaging/topics/${topic.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(topicInUseMessage(2));
    const list = await api('GET', `/api/messaging/topics?name=${encodeURIComponent(topic.name)}`);
    expect(list.json().data.data[0].template_count).toBe(2);
  });

  it('keeps a topic messages were sent under, after its templates moved away', async () => {
    const topic = await newTopic();
    const tpl = await api('POST', '/api/notifications/templates', {
      name: `Net session ${n}`,
      type: 'sms',
      message: 'Nets at 6 tonight',
      topic_id: topic.id,
    });
    expect(tpl.statusCode, tpl.body).toBe(201);
    const templateId = tpl.json().data.template.id;
    await queryRows(
      t.db,
      sql`insert into notification_sends (template_id, template_name, channel, recipient_type, message, status, topic_id)
          values (${templateId}, 'Net session', 'sms', 'all', 'Nets at 6 tonight', 'completed', ${topic.id})`,
    );
    await queryRows(
      t.db,
      sql`update notification_templates set topic_id = null where id = ${templateId}`,
    );
    const del = await api('DELETE', `/api/messaging/topics/${topic.id}`);
    expect(del.statusCode, del.body).toBe(409);
    expect(del.json().message).toBe(TOPIC_SENT_MESSAGE);
  });

  it('gives a template no topic (an account message) by default, and refuses an inactive topic', async () => {
    const account = await api('POST', '/api/notifications/templates', {
      name: `Password reset ${n}`,
      type: 'sms',
      message: 'Your code is 1234',
      topic_id: '',
    });
    expect(account.statusCode, account.body).toBe(201);
    expect(account.json().data.template.topic_id).toBeNull();

    const inactive = await newTopic({ active: false });
    const refused = await api('POST', '/api/notifications/templates', {
      name: `Old news ${n}`,
      type: 'sms',
      message: 'Old news from last season',
      topic_id: inactive.id,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors.topic_id).toContain(TEMPLATE_TOPIC_INVALID);

    // A template keeps a topic made inactive after it was chosen.
    const topic = await newTopic();
    const tpl = await api('POST', '/api/notifications/templates', {
      name: `Keeps ${n}`,
      type: 'sms',
      message: 'Keeps its topic',
      topic_id: topic.id,
    });
    await api('PUT', `/api/messaging/topics/${topic.id}`, { name: topic.name, active: false });
    const kept = await api('PUT', `/api/notifications/templates/${tpl.json().data.template.id}`, {
      name: `Keeps ${n}`,
      type: 'sms',
      message: 'Keeps its topic, edited',
      topic_id: topic.id,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.template.topic_id).toBe(topic.id);
  });
});

describe('/api/users/{id}/preferences', () => {
  it('answers each active topic on each channel from the topic default, with no source', async () => {
    const userId = await newUser();
    const { preferences: prefs, history } = await preferences(userId);
    const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
      t.db,
      sql`select count(*)::int as count from messaging_topics where active`,
    );
    expect(prefs).toHaveLength(count * SEND_CHANNELS.length);
    expect(history).toEqual([]);
    const offers = await seeded('Offers and promotions');
    const matches = await seeded('Match updates');
    for (const channel of SEND_CHANNELS) {
      expect(pick(prefs, offers, channel)).toMatchObject({
        subscribed: false,
        source: null,
        updated_at: null,
      });
      expect(pick(prefs, matches, channel)).toMatchObject({ subscribed: true, source: null });
    }
    expect(await allowed('email', offers, userId)).toBe(false);
    expect(await allowed('email', matches, userId)).toBe(true);
  });

  it('appends a consent row per change, keeps the history, needs a reason to resubscribe, and audits it', async () => {
    const userId = await newUser();
    const matches = await seeded('Match updates');
    const out = await api('PUT', `/api/users/${userId}/preferences`, {
      topic_id: matches,
      channel: 'email',
      subscribed: false,
      reason: 'Asked at the club desk',
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(pick(out.json().data.preferences, matches, 'email')).toMatchObject({
      subscribed: false,
      source: 'admin',
    });
    expect(await allowed('email', matches, userId)).toBe(false);
    expect(await allowed('sms', matches, userId)).toBe(true);

    const noReason = await api('PUT', `/api/users/${userId}/preferences`, {
      topic_id: matches,
      channel: 'email',
      subscribed: true,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toContain(PREFERENCE_MESSAGES.reasonRequired);

    const back = await api('PUT', `/api/users/${userId}/preferences`, {
      topic_id: matches,
      channel: 'email',
      subscribed: true,
      reason: 'Changed their mind by phone',
    });
    expect(back.statusCode, back.body).toBe(200);
    const { preferences: prefs, history } = await preferences(userId);
    expect(pick(prefs, matches, 'email')).toMatchObject({ subscribed: true, source: 'admin' });
    expect(history.map((h) => [h.subscribed, h.source, h.reason, h.topic_name])).toEqual([
      [true, 'admin', 'Changed their mind by phone', 'Match updates'],
      [false, 'admin', 'Asked at the club desk', 'Match updates'],
    ]);

    const audit = await queryRows<{ action: string; changes: unknown }>(
      t.db,
      sql`select action, changes from audit_logs where entity_type = 'user' and entity_id = ${userId}
          and action = 'preference_change' order by id`,
    );
    expect(audit).toHaveLength(2);

    const missingTopic = await api('PUT', `/api/users/${userId}/preferences`, {
      topic_id: 999999,
      channel: 'email',
      subscribed: false,
    });
    expect(missingTopic.statusCode).toBe(404);
    const missingUser = await api('PUT', `/api/users/999999/preferences`, {
      topic_id: matches,
      channel: 'email',
      subscribed: false,
    });
    expect(missingUser.statusCode).toBe(404);
    expect((await api('GET', '/api/users/999999/preferences')).statusCode).toBe(404);
  });

  it('shows an inbound WhatsApp STOP as unsubscribed from every topic on WhatsApp, other channels untouched', async () => {
    const userId = await newUser();
    await t.db.execute(
      sql`insert into messaging_consents (user_id, channel, topic_id, subscribed, source, address, reason)
          values (${userId}, 'whatsapp', null, false, 'inbound_stop', '+919800000000', 'Replied "STOP" on WhatsApp')`,
    );
    const { preferences: prefs, history } = await preferences(userId);
    for (const p of prefs.filter((p) => p.channel === 'whatsapp'))
      expect(p).toMatchObject({ subscribed: false, source: 'inbound_stop' });
    const matches = await seeded('Match updates');
    expect(pick(prefs, matches, 'email')).toMatchObject({ subscribed: true, source: null });
    expect(history[0]).toMatchObject({
      topic_id: null,
      topic_name: null,
      address: '+919800000000',
    });
    expect(await allowed('whatsapp', matches, userId)).toBe(false);
    expect(await allowed('whatsapp', null, userId)).toBe(false);

    // An admin's later yes to one topic holds for that topic alone.
    await api('PUT', `/api/users/${userId}/preferences`, {
      topic_id: matches,
      channel: 'whatsapp',
      subscribed: true,
      reason: 'Asked for match updates again',
    });
    const after = (await preferences(userId)).preferences;
    expect(pick(after, matches, 'whatsapp').subscribed).toBe(true);
    expect(pick(after, await seeded('Team news'), 'whatsapp').subscribed).toBe(false);
    expect(await allowed('whatsapp', matches, userId)).toBe(true);
  });

  it('never resubscribes anyone when users are created or updated (import keeps consent)', async () => {
    const userId = await newUser();
    const teamNews = await seeded('Team news');
    const res = await api('PUT', `/api/users/${userId}/preferences`, {
      topic_id: teamNews,
      channel: 'sms',
      subscribed: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const before = await preferences(userId);
    const edit = await t.editUser(token, userId, { first_name: 'Renamed', status: 'verified' });
    expect(edit.statusCode, edit.body).toBe(200);
    await newUser();
    expect(await preferences(userId)).toEqual(before);
    const [{ rows } = { rows: 0 }] = await queryRows<{ rows: number }>(
      t.db,
      sql`select count(*)::int as rows from messaging_consents where user_id = ${userId}`,
    );
    expect(rows).toBe(1);
  });
});
