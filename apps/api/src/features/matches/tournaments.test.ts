import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_MESSAGES,
  FIXTURE_SUCCESS,
  FIXTURE_IMPORT_MESSAGES,
  FIXTURE_IMPORT_ROWS_MAX,
  FIXTURE_IMPORT_SUCCESS,
  fixtureImportLineKey,
  SELECTION_MESSAGES,
  RESULT_MESSAGES,
  TOURNAMENT_MESSAGES,
  type Fixture,
  type Innings,
  type PointsTableRow,
  type TournamentInput,
} from '@cricket/contracts';
import { auditLogs, availability, matches, teamPlayers, teams, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { startTestSmtp } from '../../test/smtp';
import { roundRobin } from './round-robin';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;
/** The app's clock: fixtures of December 2026 are still to be played. */
let now = new Date('2026-11-01T09:00:00Z');
let admin: string;
/** Manages tournaments and results, confirms nothing of its own. */
let manager: string;
const owners: { id: number; token: string }[] = [];
const teamIds: number[] = [];
const team = (i: number) => teamIds[i]!;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp(
    { SMTP_URL: smtp.url, NOTIFY_WORKER: 'false', NOTIFY_RETRY_BASE_MS: '0' },
    { clock: () => now },
  );
  admin = await t.login();
  manager = (await t.userWith(['matches.view', 'matches.manage', 'matches.confirm'])).token;
  for (let i = 0; i < 8; i++) {
    const owner = await t.userWith(['matches.view', 'matches.confirm', 'matches.select']);
    owners.push(owner);
    const [row] = await t.db
      .insert(teams)
      .values({
        name: `League Side ${i + 1}`,
        location: `Ground ${i + 1}`,
        teamInitials: `LS${i + 1}`,
        ownerId: owner.id,
      })
      .returning({ id: teams.id });
    teamIds.push(row!.id);
  }
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const body = (overrides: Partial<TournamentInput> = {}): TournamentInput => ({
  name: 'Winter League',
  format: 'league',
  overs: 20,
  // 2026-12-05 is a Saturday.
  start_date: '2026-12-05',
  end_date: '2027-03-31',
  match_days: [6, 7],
  points_win: 2,
  points_tie: 1,
  points_no_result: 1,
  points_loss: 0,
  team_ids: teamIds,
  ...overrides,
});

async function create(overrides: Partial<TournamentInput> = {}) {
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/tournaments',
    payload: body(overrides),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { tournament: { id: number } } }>().data.tournament.id;
}

async function generate(id: number) {
  const res = await t.as(admin, {
    method: 'POST',
    url: `/api/tournaments/${id}/fixtures/generate`,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { fixtures: Fixture[] } }>().data.fixtures;
}

describe('round-robin', () => {
  it.each([2, 3, 7, 8, 9, 12])(
    'pairs %i teams once each, none twice in a round, home and away balanced',
    (n) => {
      const ids = Array.from({ length: n }, (_, i) => 100 + i);
      const pairings = roundRobin(ids);
      expect(pairings).toHaveLength((n * (n - 1)) / 2);
      const pairs = new Set(pairings.map((p) => [p.home, p.away].sort().join('-')));
      expect(pairs.size).toBe(pairings.length);
      const rounds = new Map<number, number[]>();
      for (const p of pairings)
        rounds.set(p.round, [...(rounds.get(p.round) ?? []), p.home, p.away]);
      for (const playing of rounds.values()) expect(new Set(playing).size).toBe(playing.length);
      for (const id of ids) {
        const home = pairings.filter((p) => p.home === id).length;
        const away = pairings.filter((p) => p.away === id).length;
        expect(Math.abs(home - away)).toBeLessThanOrEqual((n - 1) % 2);
      }
    },
  );
});

describe('tournaments and fixtures', () => {
  it('generates 28 fixtures for 8 teams: every pair once, no team twice on a day, on match days', async () => {
    const id = await create();
    const fixtures = await generate(id);
    expect(fixtures).toHaveLength(28);
    const pairs = new Set(fixtures.map((f) => [f.team_a.id, f.team_b.id].sort().join('-')));
    expect(pairs.size).toBe(28);
    const byDay = new Map<string, number[]>();
    for (const f of fixtures) {
      const day = f.scheduled_at.slice(0, 10);
      byDay.set(day, [...(byDay.get(day) ?? []), f.team_a.id, f.team_b.id]);
      // Saturday or Sunday, at the home team's ground.
      expect([0, 6]).toContain(new Date(f.scheduled_at).getUTCDay());
      expect(f.venue).toBe(`Ground ${teamIds.indexOf(f.team_a.id) + 1}`);
    }
    expect(byDay.size).toBe(7);
    for (const playing of byDay.values()) expect(new Set(playing).size).toBe(playing.length);

    const again = await t.as(admin, {
      method: 'POST',
      url: `/api/tournaments/${id}/fixtures/generate`,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TOURNAMENT_MESSAGES.fixturesExist);
    // The teams are fixed once fixtures exist; the rest may change.
    const changed = await t.as(admin, {
      method: 'PUT',
      url: `/api/tournaments/${id}`,
      payload: body({ team_ids: teamIds.slice(0, 4) }),
    });
    expect(changed.statusCode).toBe(409);
    const renamed = await t.as(admin, {
      method: 'PUT',
      url: `/api/tournaments/${id}`,
      payload: body({ name: 'Winter League 2026', overs: 25 }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.tournament).toMatchObject({ name: 'Winter League 2026', overs: 25 });
    const audit = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'tournament'), eq(auditLogs.entityId, id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'fixtures_generate', 'update']);
  });

  it('refuses dates that hold too few match days', async () => {
    const short = await create({ name: 'Short Cup', end_date: '2026-12-13' });
    const res = await t.as(admin, {
      method: 'POST',
      url: `/api/tournaments/${short}/fixtures/generate`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TOURNAMENT_MESSAGES.notEnoughDays(7, 4));
  });

  // The teams exist only once beforeAll has run: each case builds its body then.
  it.each([
    [
      'an end before the start',
      () => ({ end_date: '2026-12-01' }),
      'end_date',
      TOURNAMENT_MESSAGES.endBeforeStart,
    ],
    [
      'a team twice',
      () => ({ team_ids: [team(0), team(0)] }),
      'team_ids',
      TOURNAMENT_MESSAGES.teamTwice,
    ],
    ['one team', () => ({ team_ids: [team(0)] }), 'team_ids', TOURNAMENT_MESSAGES.teams],
    [
      'an unknown team',
      () => ({ team_ids: [team(0), 2_000_000_000] }),
      'team_ids',
      TOURNAMENT_MESSAGES.teamNotFound,
    ],
    ['no overs', () => ({ overs: 0 }), 'overs', TOURNAMENT_MESSAGES.overs],
    ['no match days', () => ({ match_days: [] }), 'match_days', TOURNAMENT_MESSAGES.matchDays],
    [
      'a day that does not exist',
      () => ({ start_date: '2026-02-30' }),
      'start_date',
      TOURNAMENT_MESSAGES.startDate,
    ],
  ] as const)('refuses %s with 400 on its field', async (_, overrides, field, message) => {
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/tournaments',
      payload: body({ name: 'Refused', ...(overrides() as Partial<TournamentInput>) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toContain(message);
  });

  it('refuses a second tournament of the same name with 409, and a viewer with 403', async () => {
    await create({ name: 'Summer Bash' });
    const again = await t.as(admin, {
      method: 'POST',
      url: '/api/tournaments',
      payload: body({ name: 'summer  bash' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TOURNAMENT_MESSAGES.nameTaken);
    const viewer = await t.as(owners[0]!.token, {
      method: 'POST',
      url: '/api/tournaments',
      payload: body({ name: 'Not Allowed' }),
    });
    expect(viewer.statusCode).toBe(403);
  });
});

describe('importing fixtures from CSV', () => {
  let tid: number;
  const csv = (...lines: string[]) => ['date,time,home team,away team,venue', ...lines].join('\n');
  const send = (kind: 'import' | 'preview', text: string, as = manager) =>
    t.as(as, {
      method: 'POST',
      url: `/api/tournaments/${tid}/fixtures/import${kind === 'preview' ? '/preview' : ''}`,
      payload: { csv: text },
    });
  const stored = async () =>
    (await t.db.select().from(matches).where(eq(matches.tournamentId, tid))).length;
  const imports = async () =>
    (
      await t.db
        .select({ id: auditLogs.id })
        .from(auditLogs)
        .where(and(eq(auditLogs.action, 'fixtures_import'), eq(auditLogs.entityId, tid)))
    ).length;
  // Wednesdays: the other leagues of this file play their rounds at weekends.
  const good = csv(
    '2026-12-09,14:30,League Side 1,League Side 2,The Oval',
    '2026-12-09,,league  side 3,LEAGUE SIDE 4,',
    '2026-12-16,09:05,League Side 2,League Side 3,',
  );

  beforeAll(async () => {
    tid = await create({ name: 'Imported League', team_ids: teamIds.slice(0, 4) });
  });

  it('refuses a CSV with 3 bad rows as a whole, naming exactly those 3 lines, and writes nothing', async () => {
    const text = csv(
      '2026-12-09,10:00,League Side 1,League Side 2,',
      '2026-12-09,10:00,League Side 3,Nowhere XI,',
      '2026-12-16,10:00,League Side 1,League Side 4,',
      '2026-12-16,10:00,League Side 2,League Side 2,',
      '',
      '2026-12-23,25:00,League Side 3,League Side 4,',
    );
    for (const kind of ['preview', 'import'] as const) {
      const res = await send(kind, text);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(FIXTURE_IMPORT_MESSAGES.rowsRefused(3));
      expect(res.json().errors).toEqual({
        [fixtureImportLineKey(3)]: [FIXTURE_IMPORT_MESSAGES.teamUnknown('Nowhere XI')],
        [fixtureImportLineKey(5)]: [FIXTURE_IMPORT_MESSAGES.sameTeam],
        // The blank line counts: the line is the file's, as an editor numbers it.
        [fixtureImportLineKey(7)]: [FIXTURE_IMPORT_MESSAGES.time],
      });
    }
    expect(await stored()).toBe(0);
    expect(await imports()).toBe(0);
  });

  it('answers a dry run with the fixtures it would make and writes nothing; the import writes them all, audited once', async () => {
    const dry = await send('preview', good);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().message).toBe(FIXTURE_IMPORT_SUCCESS.checked(3));
    expect(
      dry
        .json()
        .data.fixtures.map(
          (f: { line: number; team_a: { id: number }; scheduled_at: string; venue: string }) => [
            f.line,
            f.team_a.id,
            f.scheduled_at,
            f.venue,
          ],
        ),
    ).toEqual([
      [2, team(0), '2026-12-09T14:30:00.000Z', 'The Oval'],
      // No time: the fixtures' start; no venue: the home team's ground.
      [3, team(2), '2026-12-09T10:00:00.000Z', 'Ground 3'],
      [4, team(1), '2026-12-16T09:05:00.000Z', 'Ground 2'],
    ]);
    expect(await stored()).toBe(0);
    expect(await imports()).toBe(0);

    const res = await send('import', good);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(FIXTURE_IMPORT_SUCCESS.imported(3));
    expect(res.json().data.fixtures).toHaveLength(3);
    expect(await stored()).toBe(3);
    expect(await imports()).toBe(1);

    // The same file again: every team already plays on its day.
    const again = await send('import', good);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[fixtureImportLineKey(2)]).toEqual([
      FIXTURE_IMPORT_MESSAGES.teamBusy('League Side 1', '2026-12-09'),
      FIXTURE_IMPORT_MESSAGES.teamBusy('League Side 2', '2026-12-09'),
    ]);
    expect(await stored()).toBe(3);
  });

  it('refuses a team from outside the tournament, an unknown one, a date outside it, and a team twice on a day in the file', async () => {
    const res = await send(
      'preview',
      csv(
        '2027-01-06,10:00,League Side 1,League Side 8,',
        '2027-01-20,10:00,League Side 1,Forged FC,',
        '2027-04-07,10:00,League Side 3,League Side 4,',
        '2027-01-13,10:00,League Side 3,League Side 4,',
        '2027-01-13,18:00,League Side 4,League Side 2,',
        '2027-02-30,10:00,League Side 2,League Side 1,',
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      [fixtureImportLineKey(2)]: [FIXTURE_IMPORT_MESSAGES.teamNotInTournament('League Side 8')],
      [fixtureImportLineKey(3)]: [FIXTURE_IMPORT_MESSAGES.teamUnknown('Forged FC')],
      [fixtureImportLineKey(4)]: [FIXTURE_IMPORT_MESSAGES.dateOutside('2026-12-05', '2027-03-31')],
      [fixtureImportLineKey(6)]: [
        FIXTURE_IMPORT_MESSAGES.teamBusyInFile('League Side 4', '2027-01-13', 5),
      ],
      [fixtureImportLineKey(7)]: [FIXTURE_IMPORT_MESSAGES.date],
    });
  });

  it('refuses a header with an unknown, a repeated or a missing column, rows of the wrong width, and too many rows', async () => {
    const header = await send('preview', 'date,date,home,away team\n2027-01-06,x,y,z');
    expect(header.json().errors).toEqual({
      [fixtureImportLineKey(1)]: [
        FIXTURE_IMPORT_MESSAGES.columnTwice('date'),
        FIXTURE_IMPORT_MESSAGES.unknownColumn('home'),
        FIXTURE_IMPORT_MESSAGES.columnMissing('home team'),
      ],
    });
    const width = await send('preview', csv('2027-01-06,10:00,League Side 1'));
    expect(width.json().errors).toEqual({
      [fixtureImportLineKey(2)]: [FIXTURE_IMPORT_MESSAGES.cellCount(3, 5)],
    });
    const many = await send(
      'preview',
      csv(...Array.from({ length: FIXTURE_IMPORT_ROWS_MAX + 1 }, () => '2027-01-06,,a,b,')),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().errors.csv).toEqual([FIXTURE_IMPORT_MESSAGES.tooManyRows]);
    const empty = await send('import', '  ');
    expect(empty.json().errors.csv).toEqual([FIXTURE_IMPORT_MESSAGES.csvRequired]);
    expect(await stored()).toBe(3);
  });

  it('is refused to a user without matches.manage, dry run or not', async () => {
    for (const kind of ['preview', 'import'] as const)
      expect((await send(kind, good, owners[0]!.token)).statusCode).toBe(403);
  });
});

describe('results and the points table', () => {
  const inn = (runs: number, wickets: number, overs: number, balls = 0): Innings => ({
    runs,
    wickets,
    overs,
    balls,
  });
  let tid: number;
  let fixtures: Fixture[];
  const [A, B, C, D] = [0, 1, 2, 3];
  const fixtureOf = (x: number, y: number) =>
    fixtures.find(
      (f) =>
        (f.team_a.id === team(x) && f.team_b.id === team(y)) ||
        (f.team_a.id === team(y) && f.team_b.id === team(x)),
    )!;

  /** Enters x's and y's innings on their fixture, whichever side each is on. */
  async function enter(
    x: number,
    y: number,
    result: 'win' | 'tie' | 'no_result',
    ix: Innings | null,
    iy: Innings | null,
    as = manager,
    reason?: string,
  ) {
    const f = fixtureOf(x, y);
    const xIsA = f.team_a.id === team(x);
    return t.as(as, {
      method: 'PUT',
      url: `/api/matches/${f.id}/result`,
      payload: {
        result_type: result,
        team_a: xIsA ? ix : iy,
        team_b: xIsA ? iy : ix,
        ...(reason ? { reason } : {}),
      },
    });
  }
  const confirm = (x: number, y: number, token: string) =>
    t.as(token, { method: 'POST', url: `/api/matches/${fixtureOf(x, y).id}/result/confirm` });
  const table = async () => {
    const res = await t.as(manager, { method: 'GET', url: `/api/tournaments/${tid}/points-table` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { rows: PointsTableRow[] } }>().data.rows;
  };

  beforeAll(async () => {
    tid = await create({ name: 'Table League', team_ids: teamIds.slice(0, 4) });
    fixtures = await generate(tid);
  });

  it('locks a result once both owners confirm it; a stranger cannot, and a locked one changes only for an administrator with a reason', async () => {
    expect((await enter(A, B, 'win', inn(160, 6, 20), inn(150, 10, 18, 3))).statusCode).toBe(200);
    const stranger = await confirm(A, B, owners[5]!.token);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(RESULT_MESSAGES.notAllowedToConfirm);
    const first = await confirm(A, B, owners[A]!.token);
    expect(first.json().data.fixture).toMatchObject({ team_a_confirmed: true, locked: false });
    expect((await confirm(A, B, owners[A]!.token)).statusCode).toBe(409);
    // Not counted before both sides confirmed.
    expect((await table()).every((r) => r.played === 0)).toBe(true);
    const second = await confirm(A, B, owners[B]!.token);
    expect(second.json().data.fixture).toMatchObject({ locked: true, winner: { id: team(A) } });

    const late = await enter(A, B, 'win', inn(161, 6, 20), inn(150, 10, 18, 3));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(RESULT_MESSAGES.locked);
    const noReason = await enter(A, B, 'win', inn(161, 6, 20), inn(150, 10, 18, 3), admin);
    expect(noReason.statusCode).toBe(400);
    const fixed = await enter(
      A,
      B,
      'win',
      inn(160, 6, 20),
      inn(150, 10, 18, 3),
      admin,
      'Scorer typo',
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.fixture.locked).toBe(true);
    const [changed] = await t.db
      .select({ changes: auditLogs.changes })
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'match'), eq(auditLogs.action, 'result_enter')))
      .orderBy(auditLogs.id)
      .offset(1);
    expect(changed!.changes).toMatchObject({ reason: { after: 'Scorer typo' } });
  });

  it('refuses an innings beyond the overs, and a win on equal runs', async () => {
    const long = await enter(B, C, 'win', inn(140, 5, 20, 1), inn(141, 3, 17, 3));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(RESULT_MESSAGES.oversBeyondQuota(20));
    const equal = await enter(B, C, 'win', inn(140, 5, 20), inn(140, 3, 17, 3));
    expect(equal.statusCode).toBe(400);
    expect(equal.json().errors.result_type).toContain(RESULT_MESSAGES.equalRunsWin);
  });

  it('counts confirmed results: points, penalties and net run rate as computed by hand', async () => {
    // A beat B above: A 160/6 (20), B 150 all out in 18.3, counted as 20 overs.
    expect((await enter(B, C, 'win', inn(140, 5, 20), inn(141, 3, 17, 3))).statusCode).toBe(200);
    expect((await enter(A, C, 'tie', inn(130, 8, 20), inn(130, 10, 19, 4))).statusCode).toBe(200);
    expect((await enter(B, D, 'no_result', null, null)).statusCode).toBe(200);
    // Entered but never confirmed: not in the table.
    expect((await enter(A, D, 'win', inn(200, 2, 20), inn(90, 10, 15))).statusCode).toBe(200);
    for (const [x, y] of [
      [B, C],
      [A, C],
      [B, D],
    ] as const)
      expect((await confirm(x, y, admin)).json().data.fixture.locked).toBe(true);
    const penalty = await t.as(manager, {
      method: 'POST',
      url: `/api/tournaments/${tid}/penalties`,
      payload: { team_id: team(C), points: 1, reason: 'Slow over rate' },
    });
    expect(penalty.statusCode, penalty.body).toBe(201);

    // A: scored 160 + 130 in 40 overs, conceded 150 + 130 in 40 (both sides all out): 7.25 − 7.
    // B: scored 150 + 140 in 40, conceded 160 in 20 and 141 in 17.3: 7.25 − 301 / 37.5.
    // C: scored 141 in 17.3 and 130 in 20 (all out), conceded 140 + 130 in 40.
    const rows = await table();
    expect(
      rows.map((r) => [
        r.team.id,
        r.played,
        r.won,
        r.lost,
        r.tied,
        r.no_result,
        r.penalties,
        r.points,
        r.net_run_rate,
      ]),
    ).toEqual([
      [team(A), 2, 1, 0, 1, 0, 0, 3, 0.25],
      [team(C), 2, 1, 0, 1, 0, 1, 2, 0.477],
      [team(D), 1, 0, 0, 0, 1, 0, 1, 0],
      [team(B), 3, 0, 2, 0, 1, 0, 1, -0.777],
    ]);
  });

  it("moves the tournament's status with its results: upcoming, live, completed; the dashboard follows", async () => {
    const id = await create({ name: 'Status League', team_ids: teamIds.slice(4, 7) });
    const made = await generate(id);
    expect(made).toHaveLength(3);
    const status = async () =>
      (await t.as(manager, { method: 'GET', url: `/api/tournaments/${id}` })).json().data.tournament
        .status;
    const completedTournaments = async () =>
      (await t.as(admin, { method: 'GET', url: '/api/dashboard' })).json().data.stats
        .completedTournaments as number;
    const result = (f: Fixture) =>
      t.as(manager, {
        method: 'PUT',
        url: `/api/matches/${f.id}/result`,
        payload: { result_type: 'win', team_a: inn(150, 5, 20), team_b: inn(120, 10, 18) },
      });
    const before = await completedTournaments();
    expect(await status()).toBe('upcoming');
    expect((await result(made[0]!)).statusCode).toBe(200);
    expect(await status()).toBe('live');
    expect((await result(made[1]!)).statusCode).toBe(200);
    expect(await status()).toBe('live');
    expect(await completedTournaments()).toBe(before);
    expect((await result(made[2]!)).statusCode).toBe(200);
    expect(await status()).toBe('completed');
    expect(await completedTournaments()).toBe(before + 1);
  });
});

describe('availability', () => {
  let matchId: number;
  let tournamentId: number;
  const players: { id: number; email: string }[] = [];
  const deliver = async () => {
    while ((await t.app.notificationWorker.runOnce(now)) > 0);
  };
  /** Each received mail's answer links, by the address it went to. */
  const linksTo = (email: string) => {
    const mails = smtp.received.filter((m) => m.to[0] === email);
    return mails.map((m) => {
      const text = m.mail.text ?? '';
      const link = (label: string) => new RegExp(`${label}: (\\S+)`).exec(text)?.[1];
      return {
        subject: m.subject,
        available: link('Available')!,
        notAvailable: link('Not available')!,
        maybe: link('Maybe')!,
      };
    });
  };
  const tokenOf = (link: string) => new URL(link).pathname.split('/').at(-1)!;
  const answer = (token: string, value: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/public/availability/${token}`,
      payload: { answer: value },
    });
  const statuses = async () =>
    Object.fromEntries(
      (
        await t.db
          .select({ userId: availability.userId, status: availability.status })
          .from(availability)
          .where(eq(availability.matchId, matchId))
      ).map((r) => [r.userId, r.status]),
    );

  beforeAll(async () => {
    const [role] = await t.db.select({ id: users.roleId }).from(users).limit(1);
    for (const [side, teamIndex] of [
      [0, 6],
      [1, 7],
    ] as const)
      for (let i = 0; i < 2; i++) {
        const email = `squad${side}${i}@availability.test`;
        const [u] = await t.db
          .insert(users)
          .values({
            email,
            phoneNumber: `970${side}${i}0000`,
            roleId: role!.id,
            status: 'verified',
            firstName: `Squad${side}${i}`,
            lastName: 'Player',
          })
          .returning({ id: users.id });
        await t.db.insert(teamPlayers).values({ teamId: team(teamIndex), userId: u!.id });
        players.push({ id: u!.id, email });
      }
    tournamentId = await create({ name: 'Availability Cup', team_ids: [team(6), team(7)] });
    [{ id: matchId }] = (await generate(tournamentId)) as [Fixture];
  });

  it('asks both squads once, each by email with their own signed links', async () => {
    const ask = (deadline: string) =>
      t.as(manager, {
        method: 'POST',
        url: `/api/matches/${matchId}/availability/ask`,
        payload: { deadline, remind_hours_before: 24 },
      });
    expect((await ask('2026-10-01T00:00:00Z')).statusCode).toBe(400);
    expect((await ask('2026-12-06T00:00:00Z')).statusCode).toBe(400);
    const res = await ask('2026-12-04T18:00:00Z');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.players).toBe(4);
    expect((await ask('2026-12-04T18:00:00Z')).statusCode).toBe(409);
    await deliver();
    for (const p of players) {
      const [mail] = linksTo(p.email);
      expect(mail!.subject).toMatch(/^Are you available\? League Side 7 v League Side 8/);
      expect(tokenOf(mail!.available)).toBe(tokenOf(mail!.maybe));
    }
    // Each person's token is their own.
    expect(new Set(players.map((p) => tokenOf(linksTo(p.email)[0]!.available))).size).toBe(4);
    expect(Object.values(await statuses())).toEqual(['pending', 'pending', 'pending', 'pending']);
  });

  it('records an answer through the link, lets it change, and refuses a forged or altered link', async () => {
    const [first, second] = players;
    const token = tokenOf(linksTo(first!.email)[0]!.available);
    const page = await t.app.inject({ method: 'GET', url: `/api/public/availability/${token}` });
    expect(page.json().data).toMatchObject({
      player: 'Squad00 Player',
      status: 'pending',
      open: true,
    });
    // Looking at the page answered nothing.
    expect((await statuses())[first!.id]).toBe('pending');
    expect((await answer(token, 'available')).statusCode).toBe(200);
    expect((await answer(token, 'maybe')).json().data.status).toBe('maybe');

    const other = tokenOf(linksTo(second!.email)[0]!.available);
    const forged = other.slice(0, -2) + (other.endsWith('AA') ? 'AB' : 'AA');
    const before = await statuses();
    for (const bad of [forged, 'not-a-token', token.slice(1)]) {
      const res = await answer(bad, 'not_available');
      expect(res.statusCode, bad).toBe(404);
    }
    expect(await statuses()).toEqual(before);
    expect(before[second!.id]).toBe('pending');
  });

  it('reminds exactly those who have not answered, once, and closes answers when the match starts', async () => {
    smtp.received.length = 0;
    // Not yet due: 24 hours before the deadline of 2026-12-04 18:00.
    now = new Date('2026-12-03T17:00:00Z');
    expect(await t.app.availabilityReminders.runOnce(now)).toBe(0);
    now = new Date('2026-12-03T18:30:00Z');
    expect(await t.app.availabilityReminders.runOnce(now)).toBe(1);
    await deliver();
    const reminded = smtp.received.map((m) => m.to[0]).sort();
    expect(reminded).toEqual(
      players
        .slice(1)
        .map((p) => p.email)
        .sort(),
    );
    expect(smtp.received[0]!.subject).toMatch(/^Reminder: are you available\?/);
    expect(await t.app.availabilityReminders.runOnce(now)).toBe(0);

    const grid = await t.as(owners[0]!.token, {
      method: 'GET',
      url: `/api/tournaments/${tournamentId}/availability?team_id=${team(6)}`,
    });
    expect(grid.json().data.players).toEqual([
      { user_id: players[0]!.id, name: 'Squad00 Player', answers: { [matchId]: 'maybe' } },
      { user_id: players[1]!.id, name: 'Squad01 Player', answers: { [matchId]: 'pending' } },
    ]);
    const fixture = await t.as(manager, {
      method: 'GET',
      url: `/api/matches/${matchId}/availability`,
    });
    expect(fixture.json().data).toMatchObject({
      deadline: '2026-12-04T18:00:00.000Z',
      reminded_at: '2026-12-03T18:30:00.000Z',
    });
    expect(fixture.json().data.players).toHaveLength(4);

    now = new Date('2026-12-05T10:00:00Z');
    const token = tokenOf(linksTo(players[1]!.email)[0]!.available);
    const late = await answer(token, 'available');
    expect(late.statusCode).toBe(409);
    now = new Date('2026-11-01T09:00:00Z');
  });

  it("picks a team's XI only from its eligible squad, by its owner, and its published sheet tells exactly the picked", async () => {
    const [p0, p1, p2, p3] = players;
    const p1Token = tokenOf(linksTo(p1!.email)[0]!.available);
    const p3Token = tokenOf(linksTo(p3!.email)[0]!.available);
    const save = (token: string, body: Record<string, unknown>) =>
      t.as(token, { method: 'PUT', url: `/api/matches/${matchId}/selection`, payload: body });
    const publish = (token: string, teamId: number) =>
      t.as(token, {
        method: 'POST',
        url: `/api/matches/${matchId}/selection/publish`,
        payload: { team_id: teamId, notify_unselected: false },
      });
    const sixth = { team_id: team(6), xi: [p0!.id], twelfth: p1!.id, captain_id: p0!.id };

    expect((await save(owners[7]!.token, sixth)).statusCode).toBe(403);
    const notInXi = await save(owners[6]!.token, { ...sixth, captain_id: p1!.id });
    expect(notInXi.statusCode).toBe(400);
    expect(notInXi.json().errors.captain_id).toContain(SELECTION_MESSAGES.captainInXi);
    const other = await save(owners[6]!.token, { ...sixth, xi: [p2!.id], captain_id: null });
    expect(other.json().message).toBe(SELECTION_MESSAGES.notInSquad);
    // Seventh's: one said no, the other is suspended.
    await answer(p3Token, 'not_available');
    const no = await save(owners[7]!.token, { team_id: team(7), xi: [p3!.id] });
    expect(no.json().message).toBe(SELECTION_MESSAGES.notAvailable('Squad11 Player'));
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, p2!.id));
    const suspended = await save(owners[7]!.token, { team_id: team(7), xi: [p2!.id] });
    expect(suspended.json().message).toBe(SELECTION_MESSAGES.suspended('Squad10 Player'));
    expect((await publish(owners[7]!.token, team(7))).statusCode).toBe(409);

    const saved = await save(owners[6]!.token, sixth);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      saved
        .json()
        .data.candidates.map((c: { user_id: number; slot: string | null }) => [c.user_id, c.slot]),
    ).toEqual([
      [p0!.id, 'xi'],
      [p1!.id, 'twelfth'],
    ]);

    smtp.received.length = 0;
    const out = await publish(owners[6]!.token, team(6));
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data.notified).toBe(2);
    await deliver();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([p0!.email, p1!.email].sort());
    expect(smtp.received[0]!.mail.text).toContain('Playing XI: Squad00 Player (c)');

    // Out: the selection is fixed, and the team's answers are closed.
    expect((await save(owners[6]!.token, sixth)).statusCode).toBe(409);
    expect((await publish(owners[6]!.token, team(6))).statusCode).toBe(409);
    expect((await answer(p1Token, 'maybe')).statusCode).toBe(409);
  });

  it('moving an asked fixture tells exactly those asked, naming the new time and venue, and their links still answer', async () => {
    const [, , p2, p3] = players;
    await t.db.update(users).set({ status: 'verified' }).where(eq(users.id, p2!.id));
    const move = (id: number, scheduled_at: string, venue: string, as = manager) =>
      t.as(as, {
        method: 'PUT',
        url: `/api/matches/${id}/schedule`,
        payload: { scheduled_at, venue },
      });
    const moves = async (id: number) =>
      (
        await t.db
          .select({ id: auditLogs.id })
          .from(auditLogs)
          .where(and(eq(auditLogs.action, 'fixture_update'), eq(auditLogs.entityId, id)))
      ).length;
    smtp.received.length = 0;

    const same = await move(matchId, '2026-12-05T10:00:00Z', 'Ground 7');
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ message: FIXTURE_SUCCESS.unchanged, data: { told: 0 } });
    expect(await moves(matchId)).toBe(0);
    expect(
      (await move(matchId, '2026-12-05T14:00:00Z', 'Riverside', owners[6]!.token)).statusCode,
    ).toBe(403);

    const moved = await move(matchId, '2026-12-05T19:30:00+05:30', 'Riverside');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().message).toBe(FIXTURE_SUCCESS.updated(4));
    expect(moved.json().data.fixture).toMatchObject({
      scheduled_at: '2026-12-05T14:00:00.000Z',
      venue: 'Riverside',
    });
    expect(await moves(matchId)).toBe(1);
    await deliver();
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(players.map((p) => p.email).sort());
    const mail = smtp.received.find((m) => m.to[0] === p3!.email)!;
    expect(mail.subject).toBe(
      'Changed: League Side 7 v League Side 8, now 2026-12-05 14:00 UTC at Riverside',
    );
    expect(mail.mail.text).toContain('Now: 2026-12-05 14:00 UTC at Riverside');
    expect(mail.mail.text).toContain('Was: 2026-12-05 10:00 UTC at Ground 7');
    // Its links name the fixture and the person, as the ask's did, and still answer.
    const [change] = linksTo(p3!.email);
    expect(t.app.availabilityLinks.read(tokenOf(change!.maybe))).toEqual({
      matchId,
      userId: p3!.id,
    });
    expect((await answer(tokenOf(change!.maybe), 'maybe')).json().data).toMatchObject({
      status: 'maybe',
      venue: 'Riverside',
    });
  });

  it('tells nobody when nobody was asked, refuses a day a team already plays, and a confirmed result', async () => {
    const quiet = await create({ name: 'Unasked Cup', team_ids: [team(6), team(7)] });
    const [{ id }] = (await generate(quiet)) as [Fixture];
    const move = (scheduled_at: string) =>
      t.as(manager, {
        method: 'PUT',
        url: `/api/matches/${id}/schedule`,
        payload: { scheduled_at, venue: 'Side Field' },
      });
    smtp.received.length = 0;
    const res = await move('2026-12-17T10:00:00Z');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: FIXTURE_SUCCESS.updated(0), data: { told: 0 } });
    await deliver();
    expect(smtp.received).toHaveLength(0);

    // Both sides play the Availability Cup's fixture on the 5th.
    const busy = await move('2026-12-05T16:00:00Z');
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(FIXTURE_MESSAGES.teamBusy('League Side 7', '2026-12-05'));
    const outside = await move('2027-05-01T10:00:00Z');
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors.scheduled_at).toEqual([
      FIXTURE_MESSAGES.dateOutside('2026-12-05', '2027-03-31'),
    ]);

    await t.as(admin, {
      method: 'PUT',
      url: `/api/matches/${id}/result`,
      payload: { result_type: 'no_result' },
    });
    expect(
      (await t.as(admin, { method: 'POST', url: `/api/matches/${id}/result/confirm` })).json().data
        .fixture.locked,
    ).toBe(true);
    const locked = await move('2026-12-18T10:00:00Z');
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(FIXTURE_MESSAGES.locked);
  });
});
