import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVAILABILITY_SUCCESS,
  SELECTION_MESSAGES,
  SELECTION_SUCCESS,
  type Fixture,
  type TeamSelection,
} from '@cricket/contracts';
import { availability, teamPlayers, teams, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';

/*
 * Issue 36: a picked player who withdraws after the team sheet is out alerts the selector, and
 * a reserve is promoted into their place in one request (decision 076).
 */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
const now = new Date('2026-11-01T09:00:00Z');
let admin: string;
let owner: { id: number; token: string; email: string };
let stranger: string;
let matchId: number;
let tournamentId: number;
let teamId: number;
const squad: Record<'x1' | 'x2' | 'r1' | 'r2' | 'out', { id: number; email: string }> = {} as never;

const deliver = async () => {
  while ((await t.app.notificationWorker.runOnce(now)) > 0);
};
const tokenOf = (userId: number) =>
  new URL(Object.values(t.app.availabilityLinks.variables({ matchId, userId }))[0]!).pathname
    .split('/')
    .at(-1)!;
const answer = (userId: number, value: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/public/availability/${tokenOf(userId)}`,
    payload: { answer: value },
  });
const pageOf = async (userId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/public/availability/${tokenOf(userId)}` })).json()
    .data;
const promote = (token: string, withdrawn: number, reserve: number) =>
  t.as(token, {
    method: 'POST',
    url: `/api/matches/${matchId}/selection/promote`,
    payload: { team_id: teamId, withdrawn_id: withdrawn, reserve_id: reserve },
  });

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url, NOTIFY_WORKER: 'false', NOTIFY_RETRY_BASE_MS: '0' },
    { clock: () => now },
  );
  admin = await t.login();
  const selector = await t.userWith(['matches.view', 'matches.select'], {
    email: 'selector@withdrawal.test',
  });
  owner = { ...selector, email: 'selector@withdrawal.test' };
  stranger = (await t.userWith(['matches.view', 'matches.select'])).token;
  const made: number[] = [];
  for (const [i, ownerId] of [owner.id, owner.id].entries()) {
    const [row] = await t.db
      .insert(teams)
      .values({ name: `Withdrawal Side ${i + 1}`, location: 'Nagpur', teamInitials: 'WS', ownerId })
      .returning({ id: teams.id });
    made.push(row!.id);
  }
  teamId = made[0]!;
  const [role] = await t.db.select({ id: users.roleId }).from(users).limit(1);
  for (const [n, key] of (['x1', 'x2', 'r1', 'r2', 'out'] as const).entries()) {
    const email = `${key}@withdrawal.test`;
    const [u] = await t.db
      .insert(users)
      .values({
        email,
        phoneNumber: `960000000${n}`,
        roleId: role!.id,
        status: 'verified',
        firstName: key.toUpperCase(),
        lastName: 'Player',
      })
      .returning({ id: users.id });
    await t.db.insert(teamPlayers).values({ teamId, userId: u!.id });
    squad[key] = { id: u!.id, email };
  }
  const created = await t.as(admin, {
    method: 'POST',
    url: '/api/tournaments',
    payload: {
      name: 'Withdrawal Cup',
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
  tournamentId = created.json().data.tournament.id;
  const generated = await t.as(admin, {
    method: 'POST',
    url: `/api/tournaments/${tournamentId}/fixtures/generate`,
  });
  matchId = (generated.json().data.fixtures as Fixture[])[0]!.id;
  const asked = await t.as(admin, {
    method: 'POST',
    url: `/api/matches/${matchId}/availability/ask`,
    payload: { deadline: '2026-12-01T18:00:00Z', remind_hours_before: 24 },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const saved = await t.as(owner.token, {
    method: 'PUT',
    url: `/api/matches/${matchId}/selection`,
    payload: {
      team_id: teamId,
      xi: [squad.x1.id, squad.x2.id],
      reserves: [squad.r1.id, squad.r2.id],
      captain_id: squad.x2.id,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await t.as(owner.token, {
    method: 'POST',
    url: `/api/matches/${matchId}/selection/publish`,
    payload: { team_id: teamId },
  });
  expect(published.statusCode, published.body).toBe(200);
  await deliver();
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('a withdrawal after the team sheet', () => {
  it('is open to a picked player only: the others’ answers stay closed', async () => {
    expect(await pageOf(squad.x2.id)).toMatchObject({
      open: false,
      picked: 'xi',
      can_withdraw: true,
      withdrawn: false,
    });
    expect(await pageOf(squad.out.id)).toMatchObject({ picked: null, can_withdraw: false });
    expect((await answer(squad.out.id, 'not_available')).statusCode).toBe(409);
    // A picked player may only withdraw: any other answer is closed.
    expect((await answer(squad.x1.id, 'maybe')).statusCode).toBe(409);
  });

  it('marks the place withdrawn, answers Not available and tells exactly the selector, once', async () => {
    smtp.received.length = 0;
    const res = await answer(squad.x2.id, 'not_available');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: AVAILABILITY_SUCCESS.withdrawn,
      data: { withdrawn: true, can_withdraw: false, status: 'not_available' },
    });
    const [row] = await t.db
      .select({ status: availability.status })
      .from(availability)
      .where(and(eq(availability.matchId, matchId), eq(availability.userId, squad.x2.id)));
    expect(row!.status).toBe('not_available');
    await deliver();
    expect(smtp.received.map((m) => m.to[0])).toEqual([owner.email]);
    expect(smtp.received[0]!.subject).toMatch(/^X2 Player withdrew: Withdrawal Side 1 v /);
    expect(smtp.received[0]!.mail.text).toContain(`/tournaments/view?id=${tournamentId}`);
    // A second tap changes nothing and tells nobody again.
    expect((await answer(squad.x2.id, 'not_available')).statusCode).toBe(409);
    await deliver();
    expect(smtp.received).toHaveLength(1);
  });

  it('promotes a reserve into the place in one request, telling only the reserve', async () => {
    expect((await promote(stranger, squad.x2.id, squad.r1.id)).statusCode).toBe(403);
    const notOut = await promote(owner.token, squad.x1.id, squad.r1.id);
    expect(notOut.statusCode).toBe(400);
    expect(notOut.json().errors).toEqual({ withdrawn_id: [SELECTION_MESSAGES.notWithdrawn] });
    const notReserve = await promote(owner.token, squad.x2.id, squad.x1.id);
    expect(notReserve.json().errors).toEqual({ reserve_id: [SELECTION_MESSAGES.notReserve] });

    smtp.received.length = 0;
    const res = await promote(owner.token, squad.x2.id, squad.r1.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SELECTION_SUCCESS.promoted('R1 Player', 'X2 Player'));
    const slots = Object.fromEntries(
      (res.json().data as TeamSelection).candidates.map((c) => [c.user_id, c.slot]),
    );
    expect(slots).toMatchObject({
      [squad.x1.id]: 'xi',
      [squad.r1.id]: 'xi',
      [squad.r2.id]: 'reserve',
      [squad.x2.id]: null,
    });
    // The captain withdrew: the captaincy does not pass to the reserve by itself.
    expect((res.json().data as TeamSelection).candidates.filter((c) => c.is_captain)).toEqual([]);
    await deliver();
    expect(smtp.received.map((m) => m.to[0])).toEqual([squad.r1.email]);
    expect(smtp.received[0]!.mail.text).toContain('you take their place (Playing XI)');
    // The place is filled: promoting into it again is refused.
    expect((await promote(owner.token, squad.x2.id, squad.r2.id)).statusCode).toBe(400);
  });

  it('names a new captain from the XI still playing, telling only them; a withdrawn player cannot be named', async () => {
    const leaders = (token: string, payload: Record<string, unknown>) =>
      t.as(token, {
        method: 'PUT',
        url: `/api/matches/${matchId}/selection/leaders`,
        payload: { team_id: teamId, ...payload },
      });
    expect((await leaders(stranger, { captain_id: squad.r1.id })).statusCode).toBe(403);
    const withdrawn = await leaders(owner.token, { captain_id: squad.x2.id });
    expect(withdrawn.statusCode).toBe(400);
    expect(withdrawn.json().errors).toEqual({ captain_id: [SELECTION_MESSAGES.captainInXi] });
    const reserve = await leaders(owner.token, { wicket_keeper_id: squad.r2.id });
    expect(reserve.json().errors).toEqual({ wicket_keeper_id: [SELECTION_MESSAGES.keeperInXi] });

    smtp.received.length = 0;
    const res = await leaders(owner.token, {
      captain_id: squad.r1.id,
      wicket_keeper_id: squad.x1.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(SELECTION_SUCCESS.leaders(2));
    const roles = (res.json().data as TeamSelection).candidates
      .filter((c) => c.is_captain || c.is_wicket_keeper)
      .map((c) => [c.user_id, c.is_captain, c.is_wicket_keeper]);
    expect(roles).toEqual(
      expect.arrayContaining([
        [squad.r1.id, true, false],
        [squad.x1.id, false, true],
      ]),
    );
    expect(roles).toHaveLength(2);
    await deliver();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(
      [squad.r1.email, squad.x1.email].sort(),
    );
    expect(smtp.received.find((m) => m.to[0] === squad.r1.email)!.subject).toMatch(
      /^You are captain: /,
    );
    // Saved again unchanged: nobody is told twice.
    smtp.received.length = 0;
    const again = await leaders(owner.token, {
      captain_id: squad.r1.id,
      wicket_keeper_id: squad.x1.id,
    });
    expect(again.json().message).toBe(SELECTION_SUCCESS.leaders(0));
    await deliver();
    expect(smtp.received).toHaveLength(0);
  });
});
