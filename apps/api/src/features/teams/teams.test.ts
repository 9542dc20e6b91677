import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  JERSEY_NUMBER_MESSAGE,
  jerseyRepeatedMessage,
  STANDARD_DROPDOWNS,
} from '@cricket/contracts';
import { dropdownOptions, roles, teamPlayers, teams, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { expectSortsLikeOracle } from '../../test/sorting';

let t: TestApp;
let token: string;
let ownerId: number;
let otherOwnerId: number;
let umpireId: number;
const playerIds: number[] = [];
let suspendedPlayerId: number;
let option: (category: string, name: string) => number;

let phoneSeq = 0;
async function person(roleId: number, first: string, last: string, status = 'verified') {
  phoneSeq += 1;
  const [row] = await t.db
    .insert(users)
    .values({
      firstName: first,
      lastName: last,
      email: `${first}.${last}.${phoneSeq}@teams.test`.toLowerCase(),
      phoneNumber: String(8_800_000_000 + phoneSeq * 101),
      roleId,
      status,
    })
    .returning({ id: users.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const made = await t.db
    .insert(roles)
    .values([{ name: 'owner' }, { name: 'player' }, { name: 'umpire' }])
    .returning({ id: roles.id, name: roles.name });
  const roleId = (name: string) => made.find((r) => r.name === name)!.id;
  ownerId = await person(roleId('owner'), 'Olivia', 'Owner');
  otherOwnerId = await person(roleId('owner'), 'Oscar', 'Owner');
  umpireId = await person(roleId('umpire'), 'Uma', 'Umpire');
  const names = [
    'Rohit Sharma',
    'Virat Kohli',
    'Jasprit Bumrah',
    'Ravindra Jadeja',
    'Rishabh Pant',
    'Shubman Gill',
    'Kuldeep Yadav',
    'Mohammed Siraj',
  ];
  for (const full of names) {
    const [first, last] = full.split(' ') as [string, string];
    playerIds.push(await person(roleId('player'), first, last));
  }
  suspendedPlayerId = await person(roleId('player'), 'Sunil', 'Suspended', 'suspended');
  const options = await t.db.select().from(dropdownOptions);
  option = (category, name) => options.find((o) => o.category === category && o.name === name)!.id;
});
afterAll(() => t.close());

const P = (i: number) => playerIds[i]!;
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.as(token, { method, url, payload });

const validTeam = (over: Record<string, unknown> = {}) => ({
  name: 'Mumbai Mavericks',
  location: 'Mumbai',
  team_initials: 'mum',
  is_active: true,
  add_me: false,
  owner_id: ownerId,
  ...over,
});

async function makeTeam(over: Record<string, unknown> = {}) {
  const res = await api('POST', '/api/teams', validTeam(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.team as { id: number; team_initials: string; players_count: number };
}

async function details(teamId: number, query = '') {
  const res = await api('GET', `/api/teams/${teamId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The stored counter must equal the real squad size after every change. */
async function expectCountInStep(teamId: number, expected: number) {
  const [row] = await t.db
    .select({ n: teams.playersCount })
    .from(teams)
    .where(eq(teams.id, teamId));
  const [{ n } = { n: -1 }] = await t.db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamPlayers)
    .where(eq(teamPlayers.teamId, teamId));
  expect(row?.n).toBe(expected);
  expect(n).toBe(expected);
}

const newPlayer = (userId: number, over: Record<string, unknown> = {}) => ({
  user_id: userId,
  player_name: null,
  player_role: option('player_role', 'Batsman'),
  batting_style: option('batting_style', 'Right-hand bat'),
  bowling_style: option('bowling_style', 'Does not bowl'),
  jersey_number: null,
  is_captain: false,
  is_wicket_keeper: false,
  ...over,
});

describe('team validation', () => {
  it('answers the spec messages for missing fields', async () => {
    const res = await api('POST', '/api/teams', {});
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors.name).toEqual(['Team name is required']);
    expect(errors.location).toEqual(['Location is required']);
    expect(errors.team_initials).toEqual(['Team initials are required']);
    expect(errors.owner_id).toEqual(['Owner is required']);
  });

  it('treats blank text as missing and enforces the maximum lengths after trimming', async () => {
    const blank = await api(
      'POST',
      '/api/teams',
      validTeam({ name: '   ', location: ' ', team_initials: ' ' }),
    );
    expect(blank.json().errors).toMatchObject({
      name: ['Team name is required'],
      location: ['Location is required'],
      team_initials: ['Team initials are required'],
    });
    const long = await api(
      'POST',
      '/api/teams',
      validTeam({ name: 'n'.repeat(101), location: 'l'.repeat(101), team_initials: 'ABCDEF' }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toMatchObject({
      name: ['Team name must not exceed 100 characters'],
      location: ['Location must not exceed 100 characters'],
      team_initials: ['Team initials must not exceed 5 characters'],
    });
    const padded = await makeTeam({ name: `  ${'n'.repeat(100)}  `, team_initials: ' abcde ' });
    expect(padded.team_initials).toBe('ABCDE');
  });

  it('needs an existing owner from the organizers', async () => {
    const missing = await api('POST', '/api/teams', validTeam({ owner_id: 999_999 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.owner_id).toEqual(['Owner not found']);
    const umpire = await api('POST', '/api/teams', validTeam({ owner_id: umpireId }));
    expect(umpire.statusCode).toBe(400);
    expect(umpire.json().errors.owner_id).toEqual([
      'The owner must be an active team owner or organizer',
    ]);
    expect(await t.db.select().from(teams).where(eq(teams.ownerId, umpireId))).toHaveLength(0);
  });

  it('accepts only uploaded or http(s) logo addresses', async () => {
    const bad = await api('POST', '/api/teams', validTeam({ logo_url: 'javascript:alert(1)' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.logo_url).toEqual(['Please upload the logo as a PNG or JPG image']);
  });
});

describe('team create, read, update, delete', () => {
  it('creates with initials in upper case and reads it back with its owner', async () => {
    const created = await makeTeam({ logo_url: '/uploads/team_logos/abc.png' });
    expect(created).toMatchObject({ team_initials: 'MUM', players_count: 0 });
    const d = await details(created.id);
    expect(d.team).toMatchObject({
      name: 'Mumbai Mavericks',
      location: 'Mumbai',
      logo_url: '/uploads/team_logos/abc.png',
      is_active: true,
      owner_id: ownerId,
    });
    expect(d.owner).toEqual({
      id: ownerId,
      phone_number: expect.any(String),
      details: { first_name: 'Olivia', last_name: 'Owner' },
    });
    expect(d.captain).toBeNull();
    expect(d.players.data).toEqual([]);
    expect(d.players.pagination).toMatchObject({ current_page: 1, per_page: 10, total: 0 });
  });

  it('updates every field, keeps the logo when none is sent, and 404s an unknown team', async () => {
    const created = await makeTeam({ logo_url: '/uploads/team_logos/keep.png' });
    const res = await api(
      'PUT',
      `/api/teams/${created.id}`,
      validTeam({
        name: 'Pune Panthers',
        location: 'Pune',
        team_initials: 'pp',
        is_active: false,
        owner_id: otherOwnerId,
        logo_url: undefined,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.team).toMatchObject({
      name: 'Pune Panthers',
      location: 'Pune',
      team_initials: 'PP',
      is_active: false,
      owner_id: otherOwnerId,
      logo_url: '/uploads/team_logos/keep.png',
    });
    const cleared = await api('PUT', `/api/teams/${created.id}`, validTeam({ logo_url: null }));
    expect(cleared.json().data.team.logo_url).toBeNull();
    expect((await api('PUT', '/api/teams/999999', validTeam())).statusCode).toBe(404);
    expect((await api('GET', '/api/teams/999999')).statusCode).toBe(404);
  });

  it('add_me puts the signed-in user in the new squad', async () => {
    const created = await makeTeam({ add_me: true });
    expect(created.players_count).toBe(1);
    await expectCountInStep(created.id, 1);
  });

  it('deletes a team together with its player links', async () => {
    const created = await makeTeam();
    const added = await api('POST', `/api/teams/${created.id}/players/multiple`, {
      players: [newPlayer(P(0)), newPlayer(P(1))],
    });
    expect(added.statusCode, added.body).toBe(201);
    const res = await api('DELETE', `/api/teams/${created.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Team deleted successfully!');
    expect(
      await t.db.select().from(teamPlayers).where(eq(teamPlayers.teamId, created.id)),
    ).toHaveLength(0);
    expect((await api('GET', `/api/teams/${created.id}`)).statusCode).toBe(404);
    expect((await api('DELETE', `/api/teams/${created.id}`)).statusCode).toBe(404);
    // The players themselves stay.
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.id, P(0))),
    ).toHaveLength(1);
  });
});

describe('GET /api/teams', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    await t.db.delete(teams);
    const rows: [string, string, boolean][] = [
      ['Mumbai Mavericks', 'Mumbai', true],
      ['Mumbai Indians Youth', 'Navi Mumbai', true],
      ['Delhi Daredevils', 'Delhi', false],
      ['Chennai Super Stars', 'Chennai', true],
      ['Bengaluru Blasters', 'Bengaluru', true],
      ['Kolkata Knights', 'Kolkata', false],
      ['Pune Panthers', 'Pune', true],
    ];
    for (const [name, location, is_active] of rows)
      ids.push((await makeTeam({ name, location, is_active, team_initials: 'T' })).id);
  });

  const list = async (query: string) => {
    const res = await api('GET', `/api/teams?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { data: { name: string }[]; pagination: Record<string, unknown> };
  };

  it('pages newest first with the spec pagination object', async () => {
    const first = await list('page=1&limit=3');
    expect(first.data.map((r) => r.name)).toEqual([
      'Pune Panthers',
      'Kolkata Knights',
      'Bengaluru Blasters',
    ]);
    expect(first.pagination).toEqual({
      current_page: 1,
      per_page: 3,
      total: 7,
      total_pages: 3,
      has_next_page: true,
      has_prev_page: false,
      next_page: 2,
      prev_page: null,
    });
    const last = await list('page=3&limit=3');
    expect(last.data.map((r) => r.name)).toEqual(['Mumbai Mavericks']);
    expect(last.pagination).toMatchObject({
      has_next_page: false,
      has_prev_page: true,
      prev_page: 2,
    });
  });

  it('still reports the total on a page past the end, so the client can step back', async () => {
    const past = await list('page=9&limit=3');
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ current_page: 9, total: 7, total_pages: 3 });
    const filtered = await list('page=5&limit=2&is_active=false');
    expect(filtered.data).toEqual([]);
    expect(filtered.pagination).toMatchObject({ total: 2, total_pages: 1 });
  });

  it('matches every word of the search against name or location', async () => {
    expect((await list('search=mumbai')).data.map((r) => r.name)).toEqual([
      'Mumbai Indians Youth',
      'Mumbai Mavericks',
    ]);
    expect((await list('search=navi')).data.map((r) => r.name)).toEqual(['Mumbai Indians Youth']);
    // Team name text "mav" and location text "mumbai" joined by a space.
    expect((await list('search=mav%20mumbai')).data.map((r) => r.name)).toEqual([
      'Mumbai Mavericks',
    ]);
    expect((await list('search=mav%20delhi')).data).toEqual([]);
    expect((await list('search=50%25')).data).toEqual([]);
  });

  it('filters by status, and an empty status means all', async () => {
    expect((await list('is_active=false')).data.map((r) => r.name)).toEqual([
      'Kolkata Knights',
      'Delhi Daredevils',
    ]);
    expect((await list('is_active=true')).pagination.total).toBe(5);
    expect((await list('is_active=')).pagination.total).toBe(7);
    expect((await list('is_active=true&search=mumbai%20navi')).data.map((r) => r.name)).toEqual([
      'Mumbai Indians Youth',
    ]);
    expect((await api('GET', '/api/teams?is_active=maybe')).statusCode).toBe(400);
  });
});

describe('squad', () => {
  let teamId: number;
  beforeAll(async () => {
    teamId = (await makeTeam({ name: 'Squad Test XI' })).id;
  });
  const add = (players: object[], id = teamId) =>
    api('POST', `/api/teams/${id}/players/multiple`, { players });

  it('adds three players in one go with jerseys and a captain', async () => {
    const res = await add([
      newPlayer(P(0), { jersey_number: 45, is_captain: true }),
      newPlayer(P(1), { jersey_number: 18, player_name: 'King Kohli' }),
      newPlayer(P(2), {
        jersey_number: 93,
        is_wicket_keeper: true,
        player_role: option('player_role', 'Bowler'),
      }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Players added to team successfully');
    await expectCountInStep(teamId, 3);
    const d = await details(teamId);
    expect(d.team.players_count).toBe(3);
    expect(d.captain).toEqual({ id: P(0), player_name: 'Rohit Sharma', jersey_number: 45 });
    expect(d.players.data.map((p: { id: number }) => p.id)).toEqual([P(0), P(1), P(2)]);
    expect(d.players.data[1]).toMatchObject({
      player_name: 'King Kohli',
      jersey_number: 18,
      player_role_name: 'Batsman',
      is_in_team: true,
      role_name: 'player',
    });
    expect(d.players.data[2]).toMatchObject({ is_wicket_keeper: true, player_role_name: 'Bowler' });
  });

  it('refuses two new players with one jersey number on the second one, with nothing added', async () => {
    const res = await add([
      newPlayer(P(3), { jersey_number: 7 }),
      newPlayer(P(4), { jersey_number: 7 }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'players.1.jersey_number': [jerseyRepeatedMessage(7)] });
    await expectCountInStep(teamId, 3);
  });

  it('refuses a jersey number already worn in the team, with nothing added', async () => {
    const res = await add([
      newPlayer(P(3), { jersey_number: 5 }),
      newPlayer(P(4), { jersey_number: 18 }),
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors.jersey_number).toEqual([
      'Jersey number 18 is already taken in this team',
    ]);
    await expectCountInStep(teamId, 3);
  });

  it.each([0, 100, 7.5])('refuses jersey number %s with the range message', async (n) => {
    const res = await add([newPlayer(P(3), { jersey_number: n })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(JERSEY_NUMBER_MESSAGE);
    expect(res.json().errors['players.0.jersey_number']).toEqual([JERSEY_NUMBER_MESSAGE]);
    await expectCountInStep(teamId, 3);
  });

  it('answers 404 for an unknown team', async () => {
    const res = await add([newPlayer(P(3))], 999_999);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Team not found');
  });

  it('refuses a player already in the team or listed twice (409) and keeps the batch out', async () => {
    const again = await add([newPlayer(P(3)), newPlayer(P(0))]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Player is already in the team');
    const twice = await add([newPlayer(P(3)), newPlayer(P(3))]);
    expect(twice.statusCode).toBe(409);
    await expectCountInStep(teamId, 3);
  });

  it('adds only non-suspended players and checks each option belongs to its list', async () => {
    expect((await add([newPlayer(umpireId)])).statusCode).toBe(400);
    expect((await add([newPlayer(suspendedPlayerId)])).statusCode).toBe(400);
    // Each refusal names the entry it is about, like the schema's own field errors.
    const unknown = await add([newPlayer(P(3)), newPlayer(999_999)]);
    expect(unknown.json().message).toBe('Player not found');
    expect(unknown.json().errors).toEqual({ 'players.1.user_id': ['Player not found'] });
    const wrongList = await add([
      newPlayer(P(3), { batting_style: option('bowling_style', 'Left-arm fast') }),
    ]);
    expect(wrongList.statusCode).toBe(400);
    expect(wrongList.json().errors).toEqual({
      'players.0.batting_style': ['Please choose a valid batting style'],
    });
    const twoCaptains = await add([
      newPlayer(P(3), { is_captain: true }),
      newPlayer(P(4), { is_captain: true }),
    ]);
    expect(twoCaptains.statusCode).toBe(400);
    expect(twoCaptains.json().errors['players.1.is_captain']).toEqual([
      'Only one player can be the captain',
    ]);
    await expectCountInStep(teamId, 3);
  });

  it('moves the captain and keeper flags when new players take them', async () => {
    const res = await add([
      newPlayer(P(3), { is_captain: true, is_wicket_keeper: true, jersey_number: 17 }),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const flags = await t.db.select().from(teamPlayers).where(eq(teamPlayers.teamId, teamId));
    expect(flags.filter((f) => f.isCaptain).map((f) => f.userId)).toEqual([P(3)]);
    expect(flags.filter((f) => f.isWicketKeeper).map((f) => f.userId)).toEqual([P(3)]);
    expect((await details(teamId)).captain.id).toBe(P(3));
    await expectCountInStep(teamId, 4);
  });

  it('edits a player: jersey, role, styles, and moving the captaincy back', async () => {
    const res = await api('PUT', `/api/teams/${teamId}/players/${P(1)}`, {
      player_name: 'Virat Kohli',
      player_role: option('player_role', 'All-rounder'),
      batting_style: option('batting_style', 'Left-hand bat'),
      bowling_style: option('bowling_style', 'Right-arm medium'),
      jersey_number: 99,
      is_captain: true,
      is_wicket_keeper: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Player updated successfully');
    const d = await details(teamId);
    expect(d.captain).toEqual({ id: P(1), player_name: 'Virat Kohli', jersey_number: 99 });
    const virat = d.players.data.find((p: { id: number }) => p.id === P(1));
    expect(virat).toMatchObject({
      jersey_number: 99,
      player_role_name: 'All-rounder',
      is_captain: true,
    });
    const captains = await t.db.select().from(teamPlayers).where(eq(teamPlayers.isCaptain, true));
    expect(captains.filter((c) => c.teamId === teamId)).toHaveLength(1);
  });

  it('keeps a player own jersey on edit, refuses another player jersey, and range-checks it', async () => {
    const own = await api('PUT', `/api/teams/${teamId}/players/${P(1)}`, {
      jersey_number: 99,
      is_captain: true,
    });
    expect(own.statusCode, own.body).toBe(200);
    const taken = await api('PUT', `/api/teams/${teamId}/players/${P(2)}`, { jersey_number: 99 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Jersey number 99 is already taken in this team');
    const zero = await api('PUT', `/api/teams/${teamId}/players/${P(2)}`, { jersey_number: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors.jersey_number).toEqual([JERSEY_NUMBER_MESSAGE]);
    expect(
      (await api('PUT', `/api/teams/${teamId}/players/${P(6)}`, { jersey_number: 3 })).statusCode,
    ).toBe(404);
  });

  it('removes a player and keeps the count in step', async () => {
    const res = await api('DELETE', `/api/teams/${teamId}/players/${P(2)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Player removed successfully');
    await expectCountInStep(teamId, 3);
    expect((await api('DELETE', `/api/teams/${teamId}/players/${P(2)}`)).statusCode).toBe(404);
    // The freed jersey can be worn again.
    expect((await add([newPlayer(P(5), { jersey_number: 93 })])).statusCode).toBe(201);
    await expectCountInStep(teamId, 4);
  });

  it('pages the squad with the captain first', async () => {
    const d = await details(teamId, '?page=2&limit=3');
    expect(d.players.pagination).toMatchObject({
      current_page: 2,
      per_page: 3,
      total: 4,
      total_pages: 2,
    });
    expect(d.players.data).toHaveLength(1);
    const first = await details(teamId, '?page=1&limit=3');
    expect(first.players.data[0].is_captain).toBe(true);
  });

  it('gives new players left without options the spec defaults (spec §4)', async () => {
    const team = await makeTeam({ name: 'Defaults XI', team_initials: 'DXI' });
    const blank = { player_role: null, batting_style: null, bowling_style: null };
    const res = await api('POST', `/api/teams/${team.id}/players/multiple`, {
      players: [
        newPlayer(P(0), blank),
        { user_id: P(1), is_captain: false, is_wicket_keeper: false },
        newPlayer(P(2), { player_role: option('player_role', 'Bowler') }),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const squad = await t.db
      .select()
      .from(teamPlayers)
      .where(eq(teamPlayers.teamId, team.id))
      .orderBy(teamPlayers.userId);
    const [firstRole, firstBat, firstBowl] = (
      ['player_role', 'batting_style', 'bowling_style'] as const
    ).map((c) => option(c, STANDARD_DROPDOWNS[c][0]!));
    // No player_role option is named like the platform role 'player': the list's first one.
    for (const row of squad.slice(0, 2))
      expect(row).toMatchObject({
        playerRole: firstRole,
        battingStyle: firstBat,
        bowlingStyle: firstBowl,
        jerseyNumber: null,
      });
    expect(squad[2]).toMatchObject({
      playerRole: option('player_role', 'Bowler'),
      bowlingStyle: option('bowling_style', 'Does not bowl'),
    });

    // An option named like the user's role is that user's player role.
    const [named] = await t.db
      .insert(dropdownOptions)
      .values({ category: 'player_role', name: 'Player', sortOrder: 99 })
      .returning({ id: dropdownOptions.id });
    try {
      const more = await api('POST', `/api/teams/${team.id}/players/multiple`, {
        players: [newPlayer(P(3), blank)],
      });
      expect(more.statusCode, more.body).toBe(201);
      const [row] = await t.db
        .select({ playerRole: teamPlayers.playerRole })
        .from(teamPlayers)
        .where(and(eq(teamPlayers.teamId, team.id), eq(teamPlayers.userId, P(3))));
      expect(row?.playerRole).toBe(named!.id);
    } finally {
      await t.db.delete(teamPlayers).where(eq(teamPlayers.teamId, team.id));
      await t.db.delete(dropdownOptions).where(eq(dropdownOptions.id, named!.id));
      await t.db.delete(teams).where(eq(teams.id, team.id));
    }
  });

  it('still reports the squad total on a page past the end', async () => {
    const d = await details(teamId, '?page=7&limit=3');
    expect(d.players.data).toEqual([]);
    expect(d.players.pagination).toMatchObject({ current_page: 7, total: 4, total_pages: 2 });
  });

  it('lists available players with is_in_team, searched by name or phone', async () => {
    const res = await api('GET', `/api/teams/${teamId}/players`);
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json().data;
    expect(pagination.per_page).toBe(20);
    const ids = data.map((p: { id: number }) => p.id);
    expect(ids).toEqual(expect.arrayContaining(playerIds));
    expect(ids).not.toContain(suspendedPlayerId);
    expect(ids).not.toContain(umpireId);
    expect(ids).not.toContain(ownerId);
    const inTeam = data
      .filter((p: { is_in_team: boolean }) => p.is_in_team)
      .map((p: { id: number }) => p.id);
    expect(inTeam.sort()).toEqual([P(0), P(1), P(3), P(5)].sort());
    expect(data[0]).toMatchObject({
      details: { first_name: expect.any(String) },
      role_name: 'player',
      role_id: expect.any(Number),
      phone_number: expect.any(String),
    });

    const byName = (await api('GET', `/api/teams/${teamId}/players?search=jadeja`)).json().data
      .data;
    expect(byName.map((p: { id: number }) => p.id)).toEqual([P(3)]);
    const [phoneOwner] = await t.db
      .select({ phone: users.phoneNumber })
      .from(users)
      .where(eq(users.id, P(4)));
    const byPhone = (
      await api('GET', `/api/teams/${teamId}/players?search=${phoneOwner!.phone.slice(-6)}`)
    ).json().data.data;
    expect(byPhone.map((p: { id: number }) => p.id)).toEqual([P(4)]);
    expect((await api('GET', '/api/teams/999999/players')).statusCode).toBe(404);
  });

  it('keeps listing a squad member who is no longer an available player', async () => {
    await t.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.id, P(5)));
    const data = (await api('GET', `/api/teams/${teamId}/players?search=gill`)).json().data.data;
    expect(data).toEqual([expect.objectContaining({ id: P(5), is_in_team: true })]);
    await t.db
      .update(users)
      .set({ status: 'verified' })
      .where(eq(users.id, P(5)));
  });
});

describe('GET /api/dropdown', () => {
  it.each(['player_role', 'batting_style', 'bowling_style'] as const)(
    'lists %s in the standard order',
    async (category) => {
      const res = await api('GET', `/api/dropdown?category=${category}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((o: { name: string }) => o.name)).toEqual(
        STANDARD_DROPDOWNS[category],
      );
    },
  );

  it('refuses an unknown category', async () => {
    expect((await api('GET', '/api/dropdown?category=colours')).statusCode).toBe(400);
  });
});

describe('the teams list', () => {
  const keys = {
    name: sql`lower(name)`,
    location: sql`lower(location)`,
    players_count: sql`players_count`,
    is_active: sql`is_active`,
    created_at: sql`created_at`,
  };

  it('sorts by each column both ways like an oracle query, and names the keys for an unknown one', async () => {
    await expectSortsLikeOracle(t, token, { url: '/api/teams', from: sql`teams`, keys });
    // Sorted and filtered at once.
    await expectSortsLikeOracle(t, token, {
      url: '/api/teams?is_active=true',
      from: sql`teams where is_active`,
      keys,
    });
  });
});
