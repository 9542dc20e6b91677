import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '@cricket/contracts';
import { queryRows } from '../../db/client';
import {
  availabilityAsks,
  messagingConsents,
  teamPlayers,
  teams,
  users,
  waTemplateCategories,
  waTemplates,
} from '../../db/schema';
import { standinEnv, startGraphStandin, type GraphStandin } from '../../test/graph-standin';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';

/*
 * Issue 36: an availability ask reaches each player on the channel they accept for its topic,
 * email first, else SMS, and nobody who said no to both (decision 078); with an approved
 * WhatsApp template, WhatsApp first, its variables holding each player's links (decision 079).
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
let standin: GraphStandin;
let madeTeams: number[] = [];
const texts: { to: string; message: string }[] = [];
let closeHook = () => {};
const now = new Date('2026-11-01T09:00:00Z');
let admin: string;
let topicId: number;
let fixtures: Fixture[];
const squad: Record<'mail' | 'text' | 'neither', { id: number; email: string; phone: string }> =
  {} as never;

const deliver = async () => {
  while ((await t.app.notificationWorker.runOnce(now)) > 0);
};
const ask = (matchId: number, topic: number | null) =>
  t.as(admin, {
    method: 'POST',
    url: `/api/matches/${matchId}/availability/ask`,
    payload: { deadline: '2026-12-01T18:00:00Z', remind_hours_before: 24, topic_id: topic },
  });

/** A league of the two test teams, and its fixtures. */
async function leagueFixtures(name: string) {
  const created = await t.as(admin, {
    method: 'POST',
    url: '/api/tournaments',
    payload: {
      name,
      format: 'league',
      overs: 20,
      start_date: '2026-12-05',
      end_date: '2027-03-31',
      match_days: [6, 7],
      points_win: 2,
      points_tie: 1,
      points_no_result: 1,
      points_loss: 0,
      team_ids: madeTeams,
    },
  });
  const id = created.json().data.tournament.id as number;
  const generated = await t.as(admin, {
    method: 'POST',
    url: `/api/tournaments/${id}/fixtures/generate`,
  });
  return generated.json().data.fixtures as Fixture[];
}

beforeAll(async () => {
  smtp = await startTestSmtp();
  standin = await startGraphStandin();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      texts.push(JSON.parse(body) as { to: string; message: string });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: `sms-${texts.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closeHook = () => server.close();
  t = await createTestApp(
    {
      ...standinEnv(standin),
      SMTP_URL: smtp.url,
      SMS_WEBHOOK_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms`,
      NOTIFY_WEBHOOK_SECRET: 'channels-secret',
      NOTIFY_WORKER: 'false',
    },
    { clock: () => now },
  );
  admin = await t.login();
  topicId = (
    await queryRows<{ id: number }>(
      t.db,
      sql`select id from messaging_topics where name = 'Match updates'`,
    )
  )[0]!.id;
  const [role] = await t.db.select({ id: users.roleId }).from(users).limit(1);
  const made: number[] = [];
  for (const i of [1, 2]) {
    const [row] = await t.db
      .insert(teams)
      .values({ name: `Channel Side ${i}`, location: 'Pune', teamInitials: 'CS', ownerId: 1 })
      .returning({ id: teams.id });
    made.push(row!.id);
  }
  for (const [n, key] of (['mail', 'text', 'neither'] as const).entries()) {
    const email = `${key}@channels.test`;
    const phone = `950000000${n}`;
    const [u] = await t.db
      .insert(users)
      .values({ email, phoneNumber: phone, roleId: role!.id, status: 'verified', firstName: key })
      .returning({ id: users.id });
    await t.db.insert(teamPlayers).values({ teamId: made[0]!, userId: u!.id });
    squad[key] = { id: u!.id, email, phone };
  }
  const no = (userId: number, channel: string) =>
    t.db.insert(messagingConsents).values({
      userId,
      channel,
      topicId,
      subscribed: false,
      source: 'admin',
    });
  await no(squad.text.id, 'email');
  await no(squad.neither.id, 'email');
  await no(squad.neither.id, 'sms');
  madeTeams = made;
  fixtures = await leagueFixtures('Channel Cup');
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await standin?.close();
  closeHook();
});

describe('an availability ask about a topic', () => {
  it('goes by email to who takes email, by SMS to who takes only SMS, and to nobody who said no to both', async () => {
    const res = await ask(fixtures[0]!.id, topicId);
    expect(res.statusCode, res.body).toBe(201);
    await deliver();
    expect(smtp.received.map((m) => m.to[0])).toEqual([squad.mail.email]);
    expect(texts.map((m) => m.to)).toEqual([squad.text.phone]);
    expect(texts[0]!.message).toMatch(/^Are you available\?/);
    // The SMS carries the player's own link, and it answers.
    const link = /Available: (\S+)/.exec(texts[0]!.message)?.[1];
    expect(link).toBeDefined();
    const token = new URL(link!).pathname.split('/').at(-1)!;
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/public/availability/${token}`,
      payload: { answer: 'available' },
    });
    expect(answered.json().data).toMatchObject({ status: 'available' });
    const [skipped] = await queryRows<{ last_error: string }>(
      t.db,
      sql`select last_error from notification_deliveries where user_id = ${squad.neither.id}`,
    );
    expect(skipped!.last_error).toMatch(/^skipped: unsubscribed/);
  });

  it('refuses a topic that does not exist, asking nobody', async () => {
    const res = await t.as(admin, {
      method: 'POST',
      url: `/api/matches/${fixtures[0]!.id}/availability/ask`,
      payload: { deadline: '2026-12-01T18:00:00Z', remind_hours_before: 24, topic_id: 999_999 },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('an availability ask with a WhatsApp template', () => {
  let fixtureId: number;
  let approved: number;
  let pending: number;
  const waAsk = (payload: Record<string, unknown>) =>
    t.as(admin, {
      method: 'POST',
      url: `/api/matches/${fixtureId}/availability/ask`,
      payload: {
        deadline: '2026-12-01T18:00:00Z',
        remind_hours_before: 24,
        topic_id: topicId,
        ...payload,
      },
    });
  const variables = {
    name: '{{first_name}}',
    fixture: 'Channel Side 1 v Channel Side 2',
    yes: '{{available_link}}',
    no: '{{not_available_link}}',
  };
  /** The template parameters each phone was sent, by parameter name. */
  const sentTo = () =>
    new Map(
      standin.requestsTo('/messages', 'POST').map((r) => {
        const body = r.json as {
          to: string;
          template: {
            name: string;
            components: { parameters: { parameter_name: string; text: string }[] }[];
          };
        };
        const params = body.template.components.flatMap((c) => c.parameters);
        return [body.to, Object.fromEntries(params.map((p) => [p.parameter_name, p.text]))];
      }),
    );

  beforeAll(async () => {
    const [category] = await t.db
      .insert(waTemplateCategories)
      .values({ name: 'Availability', slug: 'availability' })
      .returning({ id: waTemplateCategories.id });
    const template = async (name: string, status: string) =>
      (
        await t.db
          .insert(waTemplates)
          .values({
            name,
            categoryId: category!.id,
            type: 'text',
            status,
            bodyText: 'Hi {{name}}, can you play {{fixture}}? Yes: {{yes}} No: {{no}}',
            sampleValues: { name: 'Asha', fixture: 'A v B', yes: 'https://x/y', no: 'https://x/n' },
          })
          .returning({ id: waTemplates.id })
      )[0]!.id;
    approved = await template('availability_ask', 'approved');
    pending = await template('availability_pending', 'pending');
    // The email player says no to WhatsApp for the topic; the other two take it.
    await t.db.insert(messagingConsents).values({
      userId: squad.mail.id,
      channel: 'whatsapp',
      topicId,
      subscribed: false,
      source: 'admin',
    });
    fixtureId = (await leagueFixtures('Channel Cup WhatsApp'))[0]!.id;
  });

  it('refuses a template not approved, or a variable filled from no field, asking nobody', async () => {
    const notApproved = await waAsk({ wa_template_id: pending, wa_variables: variables });
    expect(notApproved.statusCode).toBe(400);
    expect(notApproved.json().errors).toHaveProperty('wa_template_id');
    const unknownField = await waAsk({
      wa_template_id: approved,
      wa_variables: { ...variables, yes: '{{team_link}}' },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().errors).toHaveProperty(['wa_variables.yes']);
    const missing = await waAsk({ wa_template_id: approved, wa_variables: { name: 'x' } });
    expect(missing.statusCode).toBe(400);
    const asks = await t.db.select().from(availabilityAsks);
    expect(asks.map((a) => a.matchId)).not.toContain(fixtureId);
  });

  it('goes by WhatsApp to who takes it, each with their own links, and by email to the rest', async () => {
    standin.reset();
    const mailsBefore = smtp.received.length;
    const res = await waAsk({ wa_template_id: approved, wa_variables: variables });
    expect(res.statusCode, res.body).toBe(201);
    await deliver();
    const sent = sentTo();
    expect([...sent.keys()].sort()).toEqual(
      [squad.text.phone, squad.neither.phone].map((p) => `+91${p}`).sort(),
    );
    expect(smtp.received.slice(mailsBefore).map((m) => m.to[0])).toEqual([squad.mail.email]);
    const params = sent.get(`+91${squad.neither.phone}`)!;
    expect(params).toMatchObject({ name: 'neither', fixture: 'Channel Side 1 v Channel Side 2' });
    expect(params.yes).not.toEqual(sent.get(`+91${squad.text.phone}`)!.yes);
    // The link in the WhatsApp message answers for that player.
    const token = new URL(params.no!).pathname.split('/').at(-1)!;
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/public/availability/${token}`,
      payload: { answer: 'not_available' },
    });
    expect(answered.json().data).toMatchObject({ status: 'not_available' });
  });

  it('reminds the silent by the same template, or without it once it is no longer approved', async () => {
    // The reminder falls due 24 hours before the deadline.
    const due = new Date('2026-11-30T18:00:00Z');
    const channels = async () =>
      (
        await queryRows<{ channel: string }>(
          t.db,
          sql`select s.channel from notification_sends s
            where s.match_id = ${fixtureId} order by s.id`,
        )
      ).map((r) => r.channel);
    const before = (await channels()).length;
    standin.reset();
    expect(await t.app.availabilityReminders.runOnce(due)).toBeGreaterThan(0);
    await deliver();
    // The silent who take WhatsApp: 'text' ('neither' answered); 'mail' by email.
    expect([...sentTo().keys()]).toEqual([`+91${squad.text.phone}`]);
    expect((await channels()).slice(before).sort()).toEqual(['email', 'whatsapp']);

    // Paused since: a second reminder goes by email and SMS, not by a template Meta refuses.
    await t.db
      .update(waTemplates)
      .set({ status: 'paused' })
      .where(sql`id = ${approved}`);
    await t.db
      .update(availabilityAsks)
      .set({ remindedAt: null })
      .where(sql`match_id = ${fixtureId}`);
    const again = (await channels()).length;
    standin.reset();
    expect(await t.app.availabilityReminders.runOnce(due)).toBeGreaterThan(0);
    await deliver();
    expect(standin.requestsTo('/messages', 'POST')).toHaveLength(0);
    expect((await channels()).slice(again).sort()).toEqual(['email', 'sms']);
  });
});
