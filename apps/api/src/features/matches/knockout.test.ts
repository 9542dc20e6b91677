import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RESULT_MESSAGES,
  TOURNAMENT_MESSAGES,
  TOURNAMENT_SUCCESS,
  type Fixture,
  type Innings,
  type KnockoutBracket,
  type TournamentInput,
} from '@cricket/contracts';
import { teams } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { firstRound, seedOrder } from './knockout';

let t: TestApp;
let admin: string;
/** Manages tournaments but holds no matches.lock: confirms nothing by itself. */
let viewer: string;
/** Team ids in the order they were made: seed 1 first. */
const seeds: number[] = [];
const seed = (n: number) => seeds[n - 1]!;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  const owner = await t.userWith(['matches.view', 'matches.confirm']);
  viewer = owner.token;
  for (let i = 1; i <= 8; i++) {
    const [row] = await t.db
      .insert(teams)
      .values({
        name: `Cup Side ${i}`,
        location: `Cup Ground ${i}`,
        teamInitials: `CS${i}`,
        ownerId: owner.id,
      })
      .returning({ id: teams.id });
    seeds.push(row!.id);
  }
});
afterAll(() => t.close());

let names = 0;
/** A knockout's body: the teams given in another order than the seeds (the teams by id). */
const cupBody = (teamIds: number[], overrides: Partial<TournamentInput> = {}) => ({
  name: `Knockout Cup ${names}`,
  format: 'knockout',
  overs: 20,
  // 2026-12-05 is a Saturday; Saturdays only.
  start_date: '2026-12-05',
  end_date: '2027-03-31',
  match_days: [6],
  points_win: 2,
  points_tie: 1,
  points_no_result: 1,
  points_loss: 0,
  team_ids: [...teamIds].reverse(),
  ...overrides,
});

async function knockout(teamIds: number[], overrides: Partial<TournamentInput> = {}) {
  names++;
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/tournaments',
    payload: cupBody(teamIds, overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { tournament: { id: number } } }>().data.tournament.id;
}

const post = (url: string, token = admin) => t.as(token, { method: 'POST', url });

async function generate(id: number) {
  const res = await post(`/api/tournaments/${id}/fixtures/generate`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { fixtures: Fixture[] } }>().data.fixtures;
}

async function details(id: number) {
  const res = await t.as(admin, { method: 'GET', url: `/api/tournaments/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { fixtures: Fixture[]; bracket: KnockoutBracket } }>().data;
}

const inn = (runs: number): Innings => ({ runs, wickets: 5, overs: 20, balls: 0 });
const pair = (f: Fixture) => [f.team_a.id, f.team_b.id];

/** Enters a win for `winner` (the side with more runs) and confirms it for both sides. */
async function decide(f: Fixture, winner: number, confirm = true) {
  const aWins = f.team_a.id === winner;
  const res = await t.as(admin, {
    method: 'PUT',
    url: `/api/matches/${f.id}/result`,
    payload: { result_type: 'win', team_a: inn(aWins ? 150 : 140), team_b: inn(aWins ? 140 : 150) },
  });
  expect(res.statusCode, res.body).toBe(200);
  if (confirm) expect((await post(`/api/matches/${f.id}/result/confirm`)).statusCode).toBe(200);
}

describe('seeding', () => {
  it('orders 8 slots so the best seeds meet last: 1 v 8, 4 v 5, 2 v 7, 3 v 6', () => {
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(seedOrder(16).slice(0, 4)).toEqual([1, 16, 8, 9]);
  });

  it.each([
    [2, 0, 1],
    [3, 1, 1],
    [5, 3, 1],
    [8, 0, 4],
    [13, 3, 5],
    [32, 0, 16],
  ])('%i teams: %i byes and %i round-1 matches, every team placed once', (n, byes, matches) => {
    const ids = Array.from({ length: n }, (_, i) => 100 + i);
    const round = firstRound(ids);
    expect(round.byes).toBe(byes);
    expect(round.draws).toHaveLength(matches);
    const playing = round.draws.flatMap((d) => [d.home, d.away]);
    expect(new Set(playing).size).toBe(playing.length);
    // The byes are the top seeds: nobody of them plays round 1.
    expect(playing.filter((id) => id < 100 + byes)).toEqual([]);
    // The higher seed (lower id here) is at home.
    for (const d of round.draws) expect(d.home).toBeLessThan(d.away);
  });
});

describe('knockout draws', () => {
  it('draws 8 teams into 4 quarter-finals, no byes, high seed against low at the home ground', async () => {
    const id = await knockout(seeds);
    const fixtures = await generate(id);
    expect(fixtures.map(pair)).toEqual([
      [seed(1), seed(8)],
      [seed(4), seed(5)],
      [seed(2), seed(7)],
      [seed(3), seed(6)],
    ]);
    for (const f of fixtures) {
      expect(f.scheduled_at).toBe('2026-12-05T10:00:00.000Z');
      expect(f.venue).toBe(`Cup Ground ${seeds.indexOf(f.team_a.id) + 1}`);
    }
    const { bracket } = await details(id);
    expect(bracket).toMatchObject({ rounds_total: 3, next_round_ready: false, winner: null });
    expect(bracket.rounds).toEqual([
      { round: 1, label: 'Quarter-final', fixture_ids: fixtures.map((f) => f.id), byes: [] },
    ]);
    expect(bracket.seeds.map((s) => s.id)).toEqual(seeds);
  });

  it('gives 5 teams 3 byes and 1 match, then pairs round 2 in bracket order once it is confirmed', async () => {
    const id = await knockout(seeds.slice(0, 5));
    const [only, ...more] = await generate(id);
    expect(more).toEqual([]);
    expect(pair(only!)).toEqual([seed(4), seed(5)]);
    let { bracket } = await details(id);
    expect(bracket.rounds[0]!.byes.map((b) => b.id)).toEqual([seed(1), seed(2), seed(3)]);

    const early = await post(`/api/tournaments/${id}/fixtures/next-round`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(TOURNAMENT_MESSAGES.roundIncomplete);
    // Entered but not confirmed: still refused.
    await decide(only!, seed(5), false);
    expect((await post(`/api/tournaments/${id}/fixtures/next-round`)).json().message).toBe(
      TOURNAMENT_MESSAGES.roundIncomplete,
    );
    expect((await post(`/api/matches/${only!.id}/result/confirm`)).statusCode).toBe(200);
    expect((await details(id)).bracket.next_round_ready).toBe(true);

    const next = await post(`/api/tournaments/${id}/fixtures/next-round`);
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().message).toBe(TOURNAMENT_SUCCESS.drawn('Semi-final', 2));
    const round2 = next.json<{ data: { fixtures: Fixture[] } }>().data.fixtures;
    // Seed 1 meets the winner of 4 v 5; seeds 2 and 3 meet; the next Saturday.
    expect(round2.map(pair)).toEqual([
      [seed(1), seed(5)],
      [seed(2), seed(3)],
    ]);
    expect(round2.map((f) => f.scheduled_at)).toEqual([
      '2026-12-12T10:00:00.000Z',
      '2026-12-12T10:00:00.000Z',
    ]);
    ({ bracket } = await details(id));
    expect(bracket.rounds.map((r) => r.label)).toEqual(['Quarter-final', 'Semi-final']);
    expect(bracket.next_round_ready).toBe(false);
  });

  it('runs 4 teams to a winner: a tied final is won by the super over winner it names', async () => {
    const id = await knockout(seeds.slice(0, 4));
    const semis = await generate(id);
    expect(semis.map(pair)).toEqual([
      [seed(1), seed(4)],
      [seed(2), seed(3)],
    ]);
    await decide(semis[0]!, seed(4));
    await decide(semis[1]!, seed(2));
    // Every fixture so far has its result, but the final is still to come: live, not completed.
    const statusOf = async () =>
      (await t.as(admin, { method: 'GET', url: `/api/tournaments/${id}` })).json().data.tournament
        .status;
    expect(await statusOf()).toBe('live');
    const drawn = await post(`/api/tournaments/${id}/fixtures/next-round`);
    expect(drawn.statusCode, drawn.body).toBe(201);
    const [final] = drawn.json<{ data: { fixtures: Fixture[] } }>().data.fixtures;
    expect(pair(final!)).toEqual([seed(2), seed(4)]);
    expect(final!.venue).toBe('Cup Ground 2');

    // A semi-final's winner is through to the final: it can no longer change.
    const change = await t.as(admin, {
      method: 'PUT',
      url: `/api/matches/${semis[0]!.id}/result`,
      payload: { result_type: 'win', team_a: inn(160), team_b: inn(140), reason: 'Typo' },
    });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toBe(RESULT_MESSAGES.winnerFixed);

    const tie = await t.as(admin, {
      method: 'PUT',
      url: `/api/matches/${final!.id}/result`,
      payload: { result_type: 'tie', team_a: inn(150), team_b: inn(150), winner_team_id: seed(4) },
    });
    expect(tie.statusCode, tie.body).toBe(200);
    expect(tie.json().data.fixture).toMatchObject({ result_type: 'tie', winner: { id: seed(4) } });
    expect((await details(id)).bracket.winner).toBeNull();
    expect(await statusOf()).toBe('completed');
    expect((await post(`/api/matches/${final!.id}/result/confirm`)).statusCode).toBe(200);

    const { bracket } = await details(id);
    expect(bracket.rounds.map((r) => r.label)).toEqual(['Semi-final', 'Final']);
    expect(bracket.winner).toEqual({ id: seed(4), name: 'Cup Side 4' });
    const after = await post(`/api/tournaments/${id}/fixtures/next-round`);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(TOURNAMENT_MESSAGES.finalPlayed('Cup Side 4'));

    const table = await t.as(admin, { method: 'GET', url: `/api/tournaments/${id}/points-table` });
    expect(table.statusCode).toBe(409);
    expect(table.json().message).toBe(TOURNAMENT_MESSAGES.noPointsTable);
  });

  it('refuses a tie without a winner, no result, and a winner not playing; a league names none', async () => {
    const id = await knockout(seeds.slice(0, 2));
    const [final] = await generate(id);
    const enter = (payload: object) =>
      t.as(admin, { method: 'PUT', url: `/api/matches/${final!.id}/result`, payload });
    const tie = await enter({ result_type: 'tie', team_a: inn(150), team_b: inn(150) });
    expect(tie.statusCode).toBe(400);
    expect(tie.json().errors.winner_team_id).toEqual([RESULT_MESSAGES.knockoutNeedsWinner]);
    const washout = await enter({ result_type: 'no_result' });
    expect(washout.statusCode).toBe(400);
    expect(washout.json().errors.result_type).toEqual([RESULT_MESSAGES.knockoutNeedsWinner]);
    const stranger = await enter({
      result_type: 'tie',
      team_a: inn(150),
      team_b: inn(150),
      winner_team_id: seed(8),
    });
    expect(stranger.json().errors.winner_team_id).toEqual([RESULT_MESSAGES.winnerNotPlaying]);
    const onAWin = await enter({
      result_type: 'win',
      team_a: inn(151),
      team_b: inn(150),
      winner_team_id: seed(1),
    });
    expect(onAWin.json().errors.winner_team_id).toEqual([RESULT_MESSAGES.winnerOnlyForKnockoutTie]);

    const league = await knockout(seeds.slice(2, 4), { format: 'league' });
    const [match] = await generate(league);
    const named = await t.as(admin, {
      method: 'PUT',
      url: `/api/matches/${match!.id}/result`,
      payload: { result_type: 'tie', team_a: inn(150), team_b: inn(150), winner_team_id: seed(3) },
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().errors.winner_team_id).toEqual([RESULT_MESSAGES.winnerOnlyForKnockoutTie]);
    const next = await post(`/api/tournaments/${league}/fixtures/next-round`);
    expect(next.json().message).toBe(TOURNAMENT_MESSAGES.notKnockout);
  });

  it('refuses a draw before round 1, too few match days, and a format change once drawn', async () => {
    const id = await knockout(seeds.slice(0, 3));
    expect((await post(`/api/tournaments/${id}/fixtures/next-round`)).json().message).toBe(
      TOURNAMENT_MESSAGES.notDrawn,
    );
    // 8 teams need 3 rounds; two Saturdays hold 2.
    const short = await knockout(seeds, { end_date: '2026-12-12' });
    const res = await post(`/api/tournaments/${short}/fixtures/generate`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TOURNAMENT_MESSAGES.knockoutNotEnoughDays(3, 2));

    await generate(id);
    const update = await t.as(admin, {
      method: 'PUT',
      url: `/api/tournaments/${id}`,
      payload: cupBody(seeds.slice(0, 3), { name: 'Renamed Cup', format: 'league' }),
    });
    expect(update.statusCode).toBe(409);
    expect(update.json().errors.format).toEqual([TOURNAMENT_MESSAGES.formatLocked]);
  });

  it('refuses the draws to a user without matches.manage', async () => {
    const id = await knockout(seeds.slice(0, 2));
    expect((await post(`/api/tournaments/${id}/fixtures/generate`, viewer)).statusCode).toBe(403);
    await generate(id);
    expect((await post(`/api/tournaments/${id}/fixtures/next-round`, viewer)).statusCode).toBe(403);
  });
});
