import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fixture } from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { messagingConsents, teamPlayers, teams, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';

/*
 * Issue 36: an availability ask reaches each player on the channel they accept for its topic,
 * email first, else SMS, and nobody who said no to both (decision 078).
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
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

beforeAll(async () => {
  smtp = await startTestSmtp();
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
  const created = await t.as(admin, {
    method: 'POST',
    url: '/api/tournaments',
    payload: {
      name: 'Channel Cup',
      format: 'league',
      overs: 20,
      start_date: '2026-12-05',
      end_date: '2027-03-31',
      match_days: [6, 7],
      points_win: 2,
      points_tie: 1,
      points_no_result: 1,
      points_loss: 0,
      team_ids: made,
    },
  });
  const id = created.json().data.tournament.id as number;
  const generated = await t.as(admin, {
    method: 'POST',
    url: `/api/tournaments/${id}/fixtures/generate`,
  });
  fixtures = generated.json().data.fixtures as Fixture[];
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
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
