import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_REASONS,
  WA_SEND_MESSAGES,
  WHATSAPP_ERROR_WORDS,
  providerErrorWords,
  type NotificationSend,
  type SendDetails,
} from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { roles, waTemplateCategories, waTemplates } from '../../db/schema';
import {
  META_ERRORS,
  metaError,
  signedWebhook,
  standinEnv,
  startGraphStandin,
  webhookBodies,
  type GraphStandin,
  type RecordedRequest,
} from '../../test/graph-standin';
import { createTestApp, type TestApp } from '../../test/harness';
import { untilDone } from '../../test/until-done';

/**
 * Issue 31, sending: an approved WhatsApp template sent to 1,000 players through the Graph API
 * stand-in, paced at WHATSAPP_MPS (50 here, so the run stays short), with Meta's throughput and
 * undeliverable answers, status webhooks, and a STOP reply.
 */

const MPS = 50;
const USERS = 1000;
const APP_SECRET = 'wa-send-secret';

let standin: GraphStandin;
let t: TestApp;
let token: string;
let approvedId: number;
let pendingId: number;
/** The test's players, in order: player i is 'Fan{i}' at +91 70000 0000i. */
let players: number[] = [];
const phoneOf = (i: number) => `+91${7_000_000_000 + i}`;

async function template(name: string, status: string, categoryId: number) {
  const [row] = await t.db
    .insert(waTemplates)
    .values({
      name,
      categoryId,
      type: 'text',
      status,
      bodyText: 'Hello {{first_name}}, your match at {{venue}} starts at nine. See you there!',
      sampleValues: { first_name: 'Asha', venue: 'Eden Gardens' },
    })
    .returning({ id: waTemplates.id });
  return row!.id;
}

const send = (id: number, payload: Record<string, unknown>) =>
  t.as(token, { method: 'POST', url: `/api/wa/templates/${id}/send`, payload });

async function details(sendId: number, query = 'limit=100') {
  const res = await t.as(token, {
    method: 'GET',
    url: `/api/notifications/sends/${sendId}?${query}`,
  });
  return res.json<{ data: SendDetails }>().data;
}

async function finished(sendId: number) {
  await untilDone(async () => {
    const { send } = await details(sendId, 'limit=1');
    return send.status === 'running' || send.status === 'scheduled'
      ? `${send.counts.queued} queued`
      : null;
  }, 100);
  return (await details(sendId, 'limit=1')).send;
}

const webhook = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/whatsapp',
    ...signedWebhook(APP_SECRET, body),
  });

const deliveryOf = async (userId: number, sendId: number) =>
  (
    await queryRows<{
      status: string;
      provider_message_id: string | null;
      last_error: string | null;
      attempts: number;
      delivered_at: string | null;
      read_at: string | null;
    }>(
      t.db,
      sql`select status, provider_message_id, last_error, attempts,
            delivered_at::text, read_at::text
          from notification_deliveries where user_id = ${userId} and send_id = ${sendId}`,
    )
  )[0]!;

beforeAll(async () => {
  standin = await startGraphStandin();
  t = await createTestApp({
    ...standinEnv(standin, APP_SECRET),
    WHATSAPP_MPS: String(MPS),
    NOTIFY_POLL_MS: '20',
    NOTIFY_RETRY_BASE_MS: '100',
  });
  token = await t.login();
  const [role] = await t.db.insert(roles).values({ name: 'player' }).returning({ id: roles.id });
  await t.db.execute(sql`
    insert into users (first_name, last_name, email, phone_number, role_id, status)
    select 'Fan' || g, 'Player', 'fan' || g || '@wa.test', (7000000000 + g)::text, ${role!.id}, 'verified'
    from generate_series(1, ${USERS}) g`);
  players = (
    await queryRows<{ id: number }>(
      t.db,
      sql`select id from users where email like '%@wa.test' order by phone_number::bigint`,
    )
  ).map((r) => r.id);
  const [category] = await t.db
    .insert(waTemplateCategories)
    .values({ name: 'Matches', slug: 'matches' })
    .returning({ id: waTemplateCategories.id });
  approvedId = await template('match_reminder', 'approved', category!.id);
  pendingId = await template('match_pending', 'pending', category!.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await standin?.close();
});

describe('POST /api/wa/templates/{id}/send', () => {
  it('refuses a template Meta has not approved, and a variable left without a value', async () => {
    const pending = await send(pendingId, {
      recipient_type: 'specific',
      recipient_ids: [players[0]],
      variables: { first_name: '{{first_name}}', venue: 'Eden Gardens' },
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(WA_SEND_MESSAGES.notApproved('pending'));

    const missing = await send(approvedId, {
      recipient_type: 'specific',
      recipient_ids: [players[0]],
      variables: { first_name: '{{first_name}}' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      'variables.venue': [WA_SEND_MESSAGES.variableRequired('venue')],
    });
    expect(standin.requestsTo('/messages')).toHaveLength(0);
  });

  it('lets a sender without wa_templates.view read the template the send form sends; viewing templates alone does not', async () => {
    const sender = await t.userWith(['notifications.send']);
    const browse = await t.as(sender.token, {
      method: 'GET',
      url: `/api/wa/templates/${approvedId}`,
    });
    expect(browse.statusCode).toBe(403);
    const form = await t.as(sender.token, {
      method: 'GET',
      url: `/api/wa/templates/${approvedId}/send`,
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().data.template).toMatchObject({
      _id: approvedId,
      name: 'match_reminder',
      status: 'approved',
    });
    const missing = await t.as(sender.token, {
      method: 'GET',
      url: `/api/wa/templates/999999/send`,
    });
    expect(missing.statusCode).toBe(404);
    // Without notifications.send, viewing templates is not enough to read the send form's.
    const viewer = await t.userWith(['wa_templates.view']);
    const refused = await t.as(viewer.token, {
      method: 'GET',
      url: `/api/wa/templates/${approvedId}/send`,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('sends 1,000 players one message each with their own parameters, never more than WHATSAPP_MPS a second; throughput answers slow it, 131026 fails its row', async () => {
    // Meta answers 130429 to five messages part-way through, and 131026 for player 500.
    const throttled: string[] = [];
    let seen = 0;
    standin.program(
      (r) => r.path.endsWith('/messages') && ++seen >= 300,
      (r) => {
        throttled.push((r.json as { to: string }).to);
        return { status: 400, body: metaError(META_ERRORS.throughput) };
      },
      5,
    );
    standin.program(
      (r) => (r.json as { to?: string } | undefined)?.to === phoneOf(500),
      META_ERRORS.undeliverable,
    );

    const res = await send(approvedId, {
      recipient_type: 'specific',
      recipient_ids: players,
      variables: { first_name: '{{first_name}}', venue: 'Eden Gardens' },
    });
    expect(res.statusCode).toBe(201);
    const sendId = res.json<{ data: { send: NotificationSend } }>().data.send.id;
    const ended = await finished(sendId);

    expect(ended.channel).toBe('whatsapp');
    expect(ended.status).toBe('completed_with_failures');
    expect(ended.counts).toMatchObject({ total: USERS, sent: USERS - 1, failed: 1, queued: 0 });

    const requests = standin.requestsTo(`/${standin.phoneNumberId}/messages`, 'POST');
    expect(throttled).toHaveLength(5);
    expect(requests).toHaveLength(USERS + throttled.length);

    // One request per player (two for each player Meta throttled), each with their own values.
    const byPhone = new Map<string, RecordedRequest[]>();
    for (const r of requests) {
      const to = (r.json as { to: string }).to;
      byPhone.set(to, [...(byPhone.get(to) ?? []), r]);
    }
    expect(byPhone.size).toBe(USERS);
    for (let i = 1; i <= USERS; i += 1) {
      const mine = byPhone.get(phoneOf(i))!;
      expect(mine, phoneOf(i)).toHaveLength(throttled.includes(phoneOf(i)) ? 2 : 1);
      for (const r of mine)
        expect(r.json).toEqual({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: phoneOf(i),
          type: 'template',
          template: {
            name: 'match_reminder',
            language: { code: 'en_US' },
            components: [
              {
                type: 'body',
                parameters: [
                  { type: 'text', parameter_name: 'first_name', text: `Fan${i}` },
                  { type: 'text', parameter_name: 'venue', text: 'Eden Gardens' },
                ],
              },
            ],
          },
        });
    }

    // Measured where Meta receives them: no 1-second window holds more than WHATSAPP_MPS. No
    // lower bound: how fast a loaded machine gets through them is not this test's business.
    const at = requests.map((r) => r.at).sort((a, b) => a - b);
    let busiest = 0;
    for (let i = 0, j = 0; i < at.length; i += 1) {
      while (j < at.length && at[j]! < at[i]! + 1000) j += 1;
      busiest = Math.max(busiest, j - i);
    }
    expect(busiest).toBeLessThanOrEqual(MPS);

    // Throttled players went out on a later try without spending an attempt.
    const throttledId = players[Number(throttled[0]!.slice(3)) - 7_000_000_000 - 1]!;
    expect(await deliveryOf(throttledId, sendId)).toMatchObject({ status: 'sent', attempts: 1 });

    // 131026 fails that row with Meta's code and title, and the screens put it in words.
    const failed = await deliveryOf(players[499]!, sendId);
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toMatch(/^\(#131026\) Message undeliverable/);
    expect(providerErrorWords(failed.last_error!, 'whatsapp')).toBe(WHATSAPP_ERROR_WORDS[131026]);

    // Each sent row holds its own wamid.
    const [ids] = await queryRows<{ n: number; distinct: number }>(
      t.db,
      sql`select count(*)::int as n, count(distinct provider_message_id)::int as distinct
            from notification_deliveries where send_id = ${sendId} and status = 'sent'`,
    );
    expect(ids).toEqual({ n: USERS - 1, distinct: USERS - 1 });

    // Status webhooks: delivered then read; a late 'delivered' never moves it back.
    const [a, b, c, d] = [players[0]!, players[1]!, players[2]!, players[3]!];
    const wamid = async (id: number) => (await deliveryOf(id, sendId)).provider_message_id!;
    const status = async (id: number, s: 'delivered' | 'read' | 'failed', extra = {}) =>
      webhook(
        webhookBodies.messageStatus(standin.wabaId, standin.phoneNumberId, {
          wamid: await wamid(id),
          status: s,
          recipient: phoneOf(players.indexOf(id) + 1).slice(1),
          ...extra,
        }),
      );
    expect((await status(a, 'delivered')).statusCode).toBe(200);
    expect((await deliveryOf(a, sendId)).status).toBe('delivered');
    await status(a, 'read');
    await status(a, 'delivered');
    const readA = await deliveryOf(a, sendId);
    expect(readA.status).toBe('read');
    expect(readA.delivered_at).not.toBeNull();
    expect(readA.read_at).not.toBeNull();
    await status(b, 'read');
    expect(await deliveryOf(b, sendId)).toMatchObject({ status: 'read' });
    expect((await deliveryOf(b, sendId)).delivered_at).not.toBeNull();
    // The same report twice changes nothing the second time.
    await status(c, 'delivered', { timestamp: 1_800_000_000 });
    const once = await deliveryOf(c, sendId);
    await status(c, 'delivered', { timestamp: 1_800_000_100 });
    expect(await deliveryOf(c, sendId)).toEqual(once);
    // Meta can still report a sent message failed: the row and the send's ending follow.
    await status(d, 'failed', {
      errors: [{ code: 131026, title: 'Message undeliverable', details: 'Not on WhatsApp' }],
    });
    expect((await deliveryOf(d, sendId)).last_error).toBe(
      '(#131026) Message undeliverable: Not on WhatsApp',
    );

    const after = (await details(sendId, 'limit=1')).send;
    expect(after.counts).toMatchObject({ sent: USERS - 2, delivered: 3, read: 2, failed: 2 });

    // Both 131026 numbers are suppressed on WhatsApp: Meta's answer and its later report.
    const suppressed = await queryRows<{ address: string; reason: string }>(
      t.db,
      sql`select address, reason from messaging_suppressions where channel = 'whatsapp' order by id`,
    );
    expect(suppressed).toEqual([
      { address: phoneOf(500), reason: 'whatsapp_undeliverable' },
      { address: phoneOf(4), reason: 'whatsapp_undeliverable' },
    ]);
  }, 300_000);

  it('opts out a player who replies STOP, once, and later sends skip them', async () => {
    const [stopper, other] = [players[41]!, players[42]!];
    const stop = webhookBodies.inboundText(standin.wabaId, standin.phoneNumberId, {
      from: phoneOf(42).slice(1),
      text: '  Stop ',
    });
    expect((await webhook(stop)).statusCode).toBe(200);
    expect((await webhook(stop)).statusCode).toBe(200);
    const consents = await queryRows<Record<string, unknown>>(
      t.db,
      sql`select user_id, channel, topic_id, subscribed, source, address
          from messaging_consents where user_id = ${stopper}`,
    );
    expect(consents).toEqual([
      {
        user_id: stopper,
        channel: 'whatsapp',
        topic_id: null,
        subscribed: false,
        source: 'inbound_stop',
        address: phoneOf(42),
      },
    ]);
    const audits = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_logs
          where entity_type = 'user' and entity_id = ${stopper}
            and action = 'whatsapp_opt_out' and actor_name = 'WhatsApp' and actor_id is null`,
    );
    expect(audits[0]!.n).toBe(1);
    // Any other text is not a STOP.
    await webhook(
      webhookBodies.inboundText(standin.wabaId, standin.phoneNumberId, {
        from: phoneOf(43).slice(1),
        text: 'stop sending me scores please',
      }),
    );

    // A match reminder is about a topic: STOP keeps it from the player.
    const topicOf = (topic: string | null) =>
      t.db.execute(sql`update wa_templates set topic_id =
        (select id from messaging_topics where name = ${topic}) where id = ${approvedId}`);
    await topicOf('Match updates');
    standin.reset();
    const res = await send(approvedId, {
      recipient_type: 'specific',
      recipient_ids: [stopper, other],
      variables: { first_name: '{{first_name}}', venue: 'Lord’s' },
    });
    expect(res.statusCode).toBe(201);
    const sendId = res.json<{ data: { send: NotificationSend } }>().data.send.id;
    const ended = await finished(sendId);
    expect(ended.counts).toMatchObject({ sent: 1, skipped: 1 });
    expect((await deliveryOf(stopper, sendId)).last_error).toBe(DELIVERY_REASONS.optedOut);
    expect(standin.requestsTo('/messages').map((r) => (r.json as { to: string }).to)).toEqual([
      phoneOf(43),
    ]);

    // An account message still reaches them: STOP stops everything but those (issue 32).
    await topicOf(null);
    standin.reset();
    const account = await send(approvedId, {
      recipient_type: 'specific',
      recipient_ids: [stopper],
      variables: { first_name: '{{first_name}}', venue: 'Lord’s' },
    });
    expect(account.statusCode).toBe(201);
    const accountSend = account.json<{ data: { send: NotificationSend } }>().data.send.id;
    expect((await finished(accountSend)).counts).toMatchObject({ sent: 1, skipped: 0 });
  });

  it('holds a send while Meta has its template paused, with the reason, and sends it once reinstated', async () => {
    const [category] = await queryRows<{ category_id: number }>(
      t.db,
      sql`select category_id from wa_templates where id = ${approvedId}`,
    );
    const pausable = await template('match_pausable', 'approved', category!.category_id);
    const inAnHour = new Date(Date.now() + 3_600_000);
    const res = await send(pausable, {
      recipient_type: 'specific',
      recipient_ids: [players[10], players[11]],
      variables: { first_name: '{{first_name}}', venue: 'Eden Gardens' },
      send_immediately: false,
      scheduled_at: inAnHour.toISOString(),
    });
    expect(res.statusCode).toBe(201);
    const sendId = res.json<{ data: { send: NotificationSend } }>().data.send.id;
    await t.db.execute(sql`update wa_templates set status = 'paused' where id = ${pausable}`);
    standin.reset();

    // Its time has come (as far as this round knows), but nothing is claimed or sent.
    const later = new Date(inAnHour.getTime() + 1000);
    expect(await t.app.notificationWorker.runOnce(later)).toBe(0);
    const held = (await details(sendId, 'limit=1')).send;
    expect(held).toMatchObject({
      status: 'scheduled',
      held_reason: DELIVERY_REASONS.templatePaused,
    });
    expect(held.counts.queued).toBe(2);
    expect(standin.requestsTo('/messages')).toHaveLength(0);

    await t.db.execute(sql`update wa_templates set status = 'approved' where id = ${pausable}`);
    expect(await t.app.notificationWorker.runOnce(later)).toBe(2);
    const sent = (await details(sendId, 'limit=1')).send;
    expect(sent).toMatchObject({ status: 'sent', held_reason: null });
    expect(standin.requestsTo('/messages')).toHaveLength(2);
  });

  it('skips a player without a phone number, or without the value a variable is mapped to, with that reason', async () => {
    await t.db.execute(
      sql`insert into users (first_name, last_name, email, phone_number, role_id, status)
          select v.first_name, 'Player', v.email, v.phone, role_id, 'verified'
          from users, (values ('No', 'nophone@wa.test', ''),
            (null, 'noname@wa.test', '8123456789')) as v(first_name, email, phone)
          where id = ${players[0]}`,
    );
    const idOf = async (email: string) =>
      (await queryRows<{ id: number }>(t.db, sql`select id from users where email = ${email}`))[0]!;
    const [noPhone, noName] = [await idOf('nophone@wa.test'), await idOf('noname@wa.test')];
    standin.reset();
    const res = await send(approvedId, {
      recipient_type: 'specific',
      recipient_ids: [noPhone!.id, noName!.id],
      variables: { first_name: '{{first_name}}', venue: 'Eden Gardens' },
    });
    const sendId = res.json<{ data: { send: NotificationSend } }>().data.send.id;
    await finished(sendId);
    expect((await deliveryOf(noPhone!.id, sendId)).last_error).toBe(
      DELIVERY_REASONS.noAddress('whatsapp'),
    );
    expect((await deliveryOf(noName!.id, sendId)).last_error).toBe(
      DELIVERY_REASONS.noValue('first_name'),
    );
    expect(standin.requestsTo('/messages')).toHaveLength(0);
  });

  it("holds a topic message due in the player's quiet hours; respect_quiet_hours false sends it at once", async () => {
    // A fixed-offset zone where it is 3 a.m. now, inside 21:00–08:00 whatever the hour of the run.
    const hour = new Date().getUTCHours();
    let offset = (3 - hour + 24) % 24;
    if (offset > 14) offset -= 24;
    const zone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
    const player = players[900]!;
    const put = (start: string, end: string) =>
      t.as(token, {
        method: 'PUT',
        url: '/api/messaging/settings',
        payload: { quiet_hours_start: start, quiet_hours_end: end, time_zone: 'UTC' },
      });
    expect((await put('21:00', '08:00')).statusCode).toBe(200);
    await t.db.execute(sql`update users set time_zone = ${zone} where id = ${player}`);
    await t.db.execute(
      sql`update wa_templates set topic_id = (select id from messaging_topics where name = 'Match updates')
          where id = ${approvedId}`,
    );
    try {
      standin.reset();
      const body = {
        recipient_type: 'specific',
        recipient_ids: [player],
        variables: { first_name: '{{first_name}}', venue: 'Eden Gardens' },
      };
      const held = (await send(approvedId, body)).json<{ data: { send: NotificationSend } }>().data
        .send;
      expect(held).toMatchObject({ respect_quiet_hours: true, quiet_held: 1 });
      const now = (await send(approvedId, { ...body, respect_quiet_hours: false })).json<{
        data: { send: NotificationSend };
      }>().data.send;
      expect(now).toMatchObject({ respect_quiet_hours: false, quiet_held: 0 });
      expect((await finished(now.id)).counts.sent).toBe(1);
      // Only the unheld one reached Meta; the held one still waits.
      expect(standin.requestsTo('/messages')).toHaveLength(1);
      expect((await details(held.id, 'limit=1')).send).toMatchObject({
        status: 'running',
        quiet_held: 1,
      });
      await t.as(token, { method: 'POST', url: `/api/notifications/sends/${held.id}/cancel` });
    } finally {
      await put('00:00', '00:00');
      await t.db.execute(sql`update users set time_zone = null where id = ${player}`);
      await t.db.execute(sql`update wa_templates set topic_id = null where id = ${approvedId}`);
    }
  });
});

describe('WhatsApp and topic consent (issue 32)', () => {
  it('skips a player unsubscribed from the template’s topic on WhatsApp, and the dry run counts the same', async () => {
    const [category] = await queryRows<{ category_id: number }>(
      t.db,
      sql`select category_id from wa_templates where id = ${approvedId}`,
    );
    const [topic] = await queryRows<{ id: number; name: string }>(
      t.db,
      sql`select id, name from messaging_topics where name = 'Team news'`,
    );
    const news = await template('team_news', 'approved', category!.category_id);
    await t.db.execute(sql`update wa_templates set topic_id = ${topic!.id} where id = ${news}`);
    const [noWa, noEmail, keen, stopped] = [players[20]!, players[21]!, players[22]!, players[23]!];
    const prefer = (userId: number, channel: string) =>
      t.as(token, {
        method: 'PUT',
        url: `/api/users/${userId}/preferences`,
        payload: { topic_id: topic!.id, channel, subscribed: false, reason: 'Asked' },
      });
    expect((await prefer(noWa, 'whatsapp')).statusCode).toBe(200);
    // Unsubscribed by email only: WhatsApp still reaches them.
    expect((await prefer(noEmail, 'email')).statusCode).toBe(200);
    await t.db
      .execute(sql`insert into messaging_consents (user_id, channel, topic_id, subscribed, source)
      values (${stopped}, 'whatsapp', null, false, 'inbound_stop')`);
    const body = {
      recipient_type: 'specific',
      recipient_ids: [noWa, noEmail, keen, stopped],
      variables: { first_name: '{{first_name}}', venue: 'Eden Gardens' },
    };

    const dry = await t.as(token, {
      method: 'POST',
      url: `/api/wa/templates/${news}/send/preview`,
      payload: body,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toEqual({
      will_receive: 2,
      skipped: [
        { reason: DELIVERY_REASONS.optedOut, count: 1 },
        { reason: DELIVERY_REASONS.unsubscribedFrom(topic!.name), count: 1 },
      ],
      held: 0,
      held_until: null,
      estimated_seconds: Math.ceil(2 / MPS),
    });

    standin.reset();
    const res = await send(news, body);
    expect(res.statusCode, res.body).toBe(201);
    const sendId = res.json<{ data: { send: NotificationSend } }>().data.send.id;
    expect((await finished(sendId)).counts).toMatchObject({ sent: 2, skipped: 2 });
    expect((await deliveryOf(noWa, sendId)).last_error).toBe(
      DELIVERY_REASONS.unsubscribedFrom(topic!.name),
    );
    expect((await deliveryOf(stopped, sendId)).last_error).toBe(DELIVERY_REASONS.optedOut);
    expect(
      standin
        .requestsTo('/messages')
        .map((r) => (r.json as { to: string }).to)
        .sort(),
    ).toEqual([phoneOf(22), phoneOf(23)].sort());
  });

  it('refuses a dry run as the send refuses it', async () => {
    const pending = await t.as(token, {
      method: 'POST',
      url: `/api/wa/templates/${pendingId}/send/preview`,
      payload: { recipient_type: 'all', variables: { first_name: 'x', venue: 'y' } },
    });
    expect(pending.statusCode).toBe(409);
    const missing = await t.as(token, {
      method: 'POST',
      url: `/api/wa/templates/999999/send/preview`,
      payload: { recipient_type: 'all', variables: { first_name: 'x', venue: 'y' } },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('WhatsApp not connected', () => {
  it('refuses a send with 409 saying so', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.as(await plain.login(), {
        method: 'POST',
        url: `/api/wa/templates/1/send`,
        payload: { recipient_type: 'all', variables: {} },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(WA_SEND_MESSAGES.notConnected);
    } finally {
      await plain.close();
    }
  });
});
