import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MATCH_FILTER_MESSAGES,
  MATCH_SUCCESS,
  type MatchRow,
  type Pagination,
  type TournamentRow,
} from '@cricket/contracts';
import { queryRows } from '../../db/client';
import { matches, roles, teams, tournaments, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let token: string;
let cupId: number;
let leagueId: number;
let trophyId: number;

async function list(query: string) {
  const res = await t.as(token, { method: 'GET', url: `/api/matches?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ message: string; data: { data: MatchRow[]; pagination: Pagination } }>();
  expect(body.message).toBe(MATCH_SUCCESS.listed);
  return body.data;
}

/** The ids the list should answer, found by the test's own query. */
async function expectedIds(where: ReturnType<typeof sql>) {
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`select m.id from matches m
        join teams a on a.id = m.team_a_id join teams b on b.id = m.team_b_id
        where ${where} order by m.scheduled_at desc, m.id desc`,
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const [ownerRole] = await t.db
    .insert(roles)
    .values({ name: 'owner' })
    .returning({ id: roles.id });
  const [owner] = await t.db
    .insert(users)
    .values({ email: 'owner@matches.test', phoneNumber: '9123400001', roleId: ownerRole!.id })
    .returning({ id: users.id });
  const names = ['Mumbai Mavericks', 'Delhi Dynamos', 'Kochi Kings', 'Pune_Panthers'];
  const teamRows = await t.db
    .insert(teams)
    .values(
      names.map((name, i) => ({ name, location: 'X', teamInitials: `T${i}`, ownerId: owner!.id })),
    )
    .returning({ id: teams.id });
  const [cup, league, trophy] = await t.db
    .insert(tournaments)
    .values([
      { name: 'Winter Cup', status: 'completed', startDate: '2026-01-01', endDate: '2026-03-01' },
      { name: 'Premier League', status: 'live', startDate: '2026-06-01', endDate: '2027-01-01' },
      // No match yet: the tournaments list counts 0 for it.
      { name: 'Cup_of_Hope', status: 'upcoming', startDate: '2025-09-01', endDate: '2025-09-30' },
    ])
    .returning({ id: tournaments.id });
  cupId = cup!.id;
  leagueId = league!.id;
  trophyId = trophy!.id;
  const statuses = ['completed', 'live', 'upcoming', 'abandoned'];
  await t.db.insert(matches).values(
    Array.from({ length: 24 }, (_, i) => {
      const a = i % 4;
      const b = (i + 1 + (i % 2)) % 4;
      const status = statuses[i % 4]!;
      return {
        tournamentId: i < 10 ? cupId : leagueId,
        teamAId: teamRows[a]!.id,
        teamBId: teamRows[b === a ? (a + 1) % 4 : b]!.id,
        scheduledAt: new Date(Date.UTC(2026, 0, 1 + ((i * 7) % 24) * 13, 14)),
        status,
        winnerTeamId: status === 'completed' ? teamRows[a]!.id : null,
        venue: `Ground ${i}`,
      };
    }),
  );
});
afterAll(() => t.close());

describe('GET /api/matches', () => {
  it('lists every match newest first, paginated, with teams, tournament and result', async () => {
    const first = await list('page=1&limit=10');
    const all = await expectedIds(sql`true`);
    expect(first.pagination).toMatchObject({ total: 24, total_pages: 3, current_page: 1 });
    expect(first.data.map((m) => m.id)).toEqual(all.slice(0, 10));
    const third = await list('page=3&limit=10');
    expect(third.data.map((m) => m.id)).toEqual(all.slice(20));
    const done = first.data.find((m) => m.status === 'completed')!;
    expect(done.winner).toBe(done.team_a.name);
    expect(first.data.filter((m) => m.status !== 'completed').every((m) => m.winner === null)).toBe(
      true,
    );
  });

  it('narrows by part of either team name, tournament and status together', async () => {
    const byName = await list('search=KOCHI&limit=100');
    expect(byName.data.map((m) => m.id)).toEqual(
      await expectedIds(sql`a.name = 'Kochi Kings' or b.name = 'Kochi Kings'`),
    );
    expect(byName.data.length).toBeGreaterThan(0);
    // LIKE wildcards in the search are plain characters.
    const underscore = await list('search=e_p&limit=100');
    expect(underscore.data.map((m) => m.id)).toEqual(
      await expectedIds(sql`a.name = 'Pune_Panthers' or b.name = 'Pune_Panthers'`),
    );
    const combined = await list(
      `search=mumbai&tournament_id=${leagueId}&status=completed&limit=100`,
    );
    expect(combined.data.map((m) => m.id)).toEqual(
      await expectedIds(
        sql`(a.name = 'Mumbai Mavericks' or b.name = 'Mumbai Mavericks')
            and m.tournament_id = ${leagueId} and m.status = 'completed'`,
      ),
    );
    expect(combined.data.every((m) => m.tournament.name === 'Premier League')).toBe(true);
    const empty = await list('tournament_id=&status=&search=');
    expect(empty.pagination.total).toBe(24);
  });

  it('refuses an unknown status with a 400 and a clear message', async () => {
    const res = await t.as(token, { method: 'GET', url: '/api/matches?status=postponed' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(MATCH_FILTER_MESSAGES.status);
    const bad = await t.as(token, { method: 'GET', url: '/api/matches?tournament_id=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(MATCH_FILTER_MESSAGES.tournament);
  });

  it('lists tournaments for the filter, latest first, and needs matches.view', async () => {
    const res = await t.as(token, { method: 'GET', url: '/api/tournaments?limit=100' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: { data: { id: number }[] } }>().data.data.map((r) => r.id)).toEqual([
      leagueId,
      cupId,
      trophyId,
    ]);
    const { token: staff } = await t.userWith(['dashboard.view']);
    for (const url of ['/api/matches', '/api/tournaments']) {
      expect((await t.as(staff, { method: 'GET', url })).statusCode).toBe(403);
    }
    const { token: viewer } = await t.userWith(['matches.view']);
    expect((await t.as(viewer, { method: 'GET', url: '/api/matches' })).statusCode).toBe(200);
  });
});

async function tournamentList(query: string) {
  const res = await t.as(token, { method: 'GET', url: `/api/tournaments?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{
    message: string;
    data: { data: TournamentRow[]; pagination: Pagination };
  }>();
  expect(body.message).toBe(MATCH_SUCCESS.tournamentsListed);
  return body.data;
}

describe('GET /api/tournaments', () => {
  it('pages tournaments, latest start first, each with its number of matches', async () => {
    const first = await tournamentList('page=1&limit=2');
    expect(first.pagination).toMatchObject({ total: 3, total_pages: 2, current_page: 1 });
    expect(first.data).toEqual([
      {
        id: leagueId,
        name: 'Premier League',
        status: 'live',
        start_date: '2026-06-01',
        end_date: '2027-01-01',
        matches: 14,
      },
      {
        id: cupId,
        name: 'Winter Cup',
        status: 'completed',
        start_date: '2026-01-01',
        end_date: '2026-03-01',
        matches: 10,
      },
    ]);
    const second = await tournamentList('page=2&limit=2');
    expect(second.data.map((r) => [r.id, r.matches])).toEqual([[trophyId, 0]]);
  });

  it('narrows by part of the name and by status; empty filters mean all', async () => {
    expect((await tournamentList('search=CUP')).data.map((r) => r.id)).toEqual([cupId, trophyId]);
    // LIKE wildcards in the search are plain characters.
    expect((await tournamentList('search=p_o')).data.map((r) => r.id)).toEqual([trophyId]);
    expect((await tournamentList('status=live')).data.map((r) => r.id)).toEqual([leagueId]);
    expect((await tournamentList('search=cup&status=completed')).data.map((r) => r.id)).toEqual([
      cupId,
    ]);
    const none = await tournamentList('search=league&status=upcoming');
    expect(none.data).toEqual([]);
    expect(none.pagination.total).toBe(0);
    expect((await tournamentList('search=&status=')).pagination.total).toBe(3);
  });

  it('refuses an unknown status with a 400 and a clear message', async () => {
    const res = await t.as(token, { method: 'GET', url: '/api/tournaments?status=abandoned' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(MATCH_FILTER_MESSAGES.tournamentStatus);
  });
});
