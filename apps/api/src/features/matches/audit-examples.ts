import { expect } from 'vitest';
import { createTeam, type AuditContext, type AuditExamples } from '../../test/audit-examples';

const tournamentBody = (teamIds: number[], over: Record<string, unknown> = {}) => ({
  name: 'Audit League',
  format: 'league',
  overs: 20,
  // Saturdays and Sundays of 2030: its fixtures are still to be played whenever this runs.
  start_date: '2030-01-05',
  end_date: '2030-02-28',
  match_days: [6, 7],
  points_win: 2,
  points_tie: 1,
  points_no_result: 1,
  points_loss: 0,
  team_ids: teamIds,
  ...over,
});

/** A new two-team league with its one fixture generated; answers both ids. */
async function league(ctx: AuditContext) {
  const teams = [
    await createTeam(ctx, { name: `Audit Home ${ctx.unique()}` }),
    await createTeam(ctx, { name: `Audit Away ${ctx.unique()}` }),
  ];
  const created = await ctx.ok<{ data: { tournament: { id: number } } }>(
    'POST',
    '/api/tournaments',
    tournamentBody(teams, { name: `Audit League ${ctx.unique()}` }),
  );
  const id = created.data.tournament.id;
  const made = await ctx.ok<{ data: { fixtures: { id: number }[] } }>(
    'POST',
    `/api/tournaments/${id}/fixtures/generate`,
  );
  return { id, teams, matchId: made.data.fixtures[0]!.id };
}

/** A league whose first team has one squad player; answers the fixture, team and player. */
async function withSquad(ctx: AuditContext) {
  const { matchId, teams } = await league(ctx);
  const player = await ctx.newUser();
  await ctx.ok('POST', `/api/teams/${teams[0]}/players/multiple`, {
    players: [{ user_id: player }],
  });
  return { matchId, teamId: teams[0]!, player };
}

/**
 * A published sheet whose XI player withdrew through their own availability link, with a
 * reserve to promote.
 */
async function withWithdrawal(ctx: AuditContext) {
  const { matchId, teamId, player } = await withSquad(ctx);
  const reserve = await ctx.newUser();
  await ctx.ok('POST', `/api/teams/${teamId}/players/multiple`, {
    players: [{ user_id: reserve }],
  });
  await ctx.ok('POST', `/api/matches/${matchId}/availability/ask`, {
    deadline: '2030-01-04T18:00:00Z',
    remind_hours_before: 24,
  });
  await ctx.ok('PUT', `/api/matches/${matchId}/selection`, {
    team_id: teamId,
    xi: [player],
    reserves: [reserve],
  });
  await ctx.ok('POST', `/api/matches/${matchId}/selection/publish`, { team_id: teamId });
  const link = Object.values(
    ctx.t.app.availabilityLinks.variables({ matchId, userId: player }),
  )[0]!;
  const token = new URL(link).pathname.split('/').pop()!;
  await ctx.ok('POST', `/api/public/availability/${token}`, { answer: 'not_available' });
  return { matchId, teamId, player, reserve };
}

/**
 * A new three-team knockout with round 1 drawn (seed 1's bye; seeds 2 and 3 meet); with
 * `decided`, that match won and confirmed, so the final can be drawn.
 */
async function knockout(ctx: AuditContext, decided: boolean) {
  const teams = [await createTeam(ctx), await createTeam(ctx), await createTeam(ctx)];
  const created = await ctx.ok<{ data: { tournament: { id: number } } }>(
    'POST',
    '/api/tournaments',
    tournamentBody(teams, { name: `Audit Cup ${ctx.unique()}`, format: 'knockout' }),
  );
  const id = created.data.tournament.id;
  const made = await ctx.ok<{ data: { fixtures: { id: number }[] } }>(
    'POST',
    `/api/tournaments/${id}/fixtures/generate`,
  );
  if (decided) {
    const matchId = made.data.fixtures[0]!.id;
    await ctx.ok('PUT', `/api/matches/${matchId}/result`, win);
    await ctx.ok('POST', `/api/matches/${matchId}/result/confirm`);
  }
  return id;
}

const win = {
  result_type: 'win',
  team_a: { runs: 150, wickets: 4, overs: 20, balls: 0 },
  team_b: { runs: 120, wickets: 10, overs: 18, balls: 2 },
};

/** The audit route-table examples of tournaments, fixtures and results (issue 36). */
export const auditExamples: AuditExamples = (ctx) => {
  const { ok, unique } = ctx;
  return {
    'POST /api/tournaments': {
      async valid() {
        const teams = [await createTeam(ctx), await createTeam(ctx)];
        return {
          call: { url: '/api/tournaments', payload: tournamentBody(teams) },
          expect: (body) => ({
            entityId: body.data!.tournament!.id,
            action: 'create',
            changes: { name: { before: null, after: 'Audit League' } },
            exact: false,
          }),
        };
      },
      invalid: async () => ({
        url: '/api/tournaments',
        payload: tournamentBody([], { name: 'No Teams League' }),
      }),
    },
    'PUT /api/tournaments/:id': {
      async valid() {
        const { id, teams } = await league(ctx);
        return {
          call: {
            url: `/api/tournaments/${id}`,
            payload: tournamentBody(teams, { name: `Renamed League ${unique()}`, overs: 25 }),
          },
          expect: () => ({
            entityId: id,
            action: 'update',
            changes: {
              name: { before: expect.any(String), after: expect.stringMatching(/^Renamed/) },
              overs: { before: 20, after: 25 },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const { id, teams } = await league(ctx);
        return { url: `/api/tournaments/${id}`, payload: tournamentBody(teams, { overs: 0 }) };
      },
    },
    'POST /api/tournaments/:id/fixtures/generate': {
      async valid() {
        const teams = [await createTeam(ctx), await createTeam(ctx)];
        const body = await ok<{ data: { tournament: { id: number } } }>(
          'POST',
          '/api/tournaments',
          tournamentBody(teams, { name: `Fixture League ${unique()}` }),
        );
        const id = body.data.tournament.id;
        return {
          call: { url: `/api/tournaments/${id}/fixtures/generate` },
          expect: () => ({
            entityId: id,
            action: 'fixtures_generate',
            changes: { fixtures: { before: null, after: 1 } },
            exact: false,
          }),
        };
      },
      async invalid() {
        // Generated already: the second call is refused.
        const { id } = await league(ctx);
        return { url: `/api/tournaments/${id}/fixtures/generate` };
      },
    },
    'POST /api/tournaments/:id/fixtures/next-round': {
      async valid() {
        const id = await knockout(ctx, true);
        return {
          call: { url: `/api/tournaments/${id}/fixtures/next-round` },
          expect: () => ({
            entityId: id,
            action: 'fixtures_next_round',
            changes: {
              round: { before: null, after: 'Final' },
              fixtures: { before: null, after: 1 },
            },
            exact: false,
          }),
        };
      },
      async invalid() {
        // Round 1 has no confirmed result yet.
        return { url: `/api/tournaments/${await knockout(ctx, false)}/fixtures/next-round` };
      },
    },
    'POST /api/tournaments/:id/fixtures/import': {
      async valid() {
        const names = [`Import Home ${unique()}`, `Import Away ${unique()}`];
        const teams = [
          await createTeam(ctx, { name: names[0] }),
          await createTeam(ctx, { name: names[1] }),
        ];
        const body = await ok<{ data: { tournament: { id: number } } }>(
          'POST',
          '/api/tournaments',
          tournamentBody(teams, { name: `Import League ${unique()}` }),
        );
        const id = body.data.tournament.id;
        return {
          call: {
            url: `/api/tournaments/${id}/fixtures/import`,
            payload: { csv: `date,home team,away team\n2030-01-09,${names[0]},${names[1]}` },
          },
          expect: () => ({
            entityId: id,
            action: 'fixtures_import',
            changes: {
              fixtures: { before: null, after: 1 },
              first_day: { before: null, after: '2030-01-09' },
            },
            exact: false,
          }),
        };
      },
      async invalid() {
        // A team the tournament does not have: the whole file is refused.
        const { id } = await league(ctx);
        return {
          url: `/api/tournaments/${id}/fixtures/import`,
          payload: { csv: 'date,home team,away team\n2030-01-09,Nowhere XI,Elsewhere XI' },
        };
      },
    },
    'POST /api/tournaments/:id/penalties': {
      async valid() {
        const { id, teams } = await league(ctx);
        return {
          call: {
            url: `/api/tournaments/${id}/penalties`,
            payload: { team_id: teams[0], points: 2, reason: 'Late start' },
          },
          expect: () => ({
            entityId: id,
            action: 'penalty_add',
            changes: {
              points: { before: null, after: 2 },
              reason: { before: null, after: 'Late start' },
            },
            exact: false,
          }),
        };
      },
      async invalid() {
        const { id } = await league(ctx);
        return {
          url: `/api/tournaments/${id}/penalties`,
          payload: { team_id: 2_000_000_000, points: 2, reason: 'Not in it' },
        };
      },
    },
    'PUT /api/matches/:id/result': {
      async valid() {
        const { matchId } = await league(ctx);
        return {
          call: { url: `/api/matches/${matchId}/result`, payload: win },
          expect: () => ({
            entityId: matchId,
            action: 'result_enter',
            changes: { result_type: { before: null, after: 'win' } },
            exact: false,
          }),
        };
      },
      async invalid() {
        const { matchId } = await league(ctx);
        return {
          url: `/api/matches/${matchId}/result`,
          payload: { ...win, team_a: { ...win.team_a, overs: 21 } },
        };
      },
    },
    'PUT /api/matches/:id/schedule': {
      async valid() {
        const { matchId } = await league(ctx);
        return {
          call: {
            url: `/api/matches/${matchId}/schedule`,
            payload: { scheduled_at: '2030-01-05T15:00:00Z', venue: 'Audit Park' },
          },
          expect: () => ({
            entityId: matchId,
            action: 'fixture_update',
            changes: {
              scheduled_at: {
                before: '2030-01-05T10:00:00.000Z',
                after: '2030-01-05T15:00:00.000Z',
              },
              venue: { before: expect.any(String), after: 'Audit Park' },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const { matchId } = await league(ctx);
        return {
          url: `/api/matches/${matchId}/schedule`,
          payload: { scheduled_at: '2030-01-05T15:00:00Z', venue: '' },
        };
      },
    },
    'PUT /api/matches/:id/selection': {
      async valid() {
        const { matchId, teamId, player } = await withSquad(ctx);
        return {
          call: {
            url: `/api/matches/${matchId}/selection`,
            payload: { team_id: teamId, xi: [player], captain_id: player },
          },
          expect: () => ({
            entityId: matchId,
            action: 'selection_save',
            changes: { xi: { before: [], after: [expect.any(String)] } },
            exact: false,
          }),
        };
      },
      async invalid() {
        const { matchId, teamId } = await withSquad(ctx);
        return { url: `/api/matches/${matchId}/selection`, payload: { team_id: teamId, xi: [] } };
      },
    },
    'POST /api/matches/:id/selection/publish': {
      async valid() {
        const { matchId, teamId, player } = await withSquad(ctx);
        await ok('PUT', `/api/matches/${matchId}/selection`, { team_id: teamId, xi: [player] });
        return {
          call: { url: `/api/matches/${matchId}/selection/publish`, payload: { team_id: teamId } },
          expect: () => ({
            entityId: matchId,
            action: 'sheet_publish',
            changes: { notified: { before: null, after: 1 } },
            exact: false,
          }),
        };
      },
      async invalid() {
        // Nothing picked yet: nothing to publish.
        const { matchId, teamId } = await withSquad(ctx);
        return {
          url: `/api/matches/${matchId}/selection/publish`,
          payload: { team_id: teamId },
        };
      },
    },
    'POST /api/matches/:id/selection/promote': {
      async valid() {
        const { matchId, teamId, player, reserve } = await withWithdrawal(ctx);
        return {
          call: {
            url: `/api/matches/${matchId}/selection/promote`,
            payload: { team_id: teamId, withdrawn_id: player, reserve_id: reserve },
          },
          expect: () => ({
            entityId: matchId,
            action: 'reserve_promote',
            changes: { promoted: { before: null, after: expect.any(String) } },
            exact: false,
          }),
        };
      },
      async invalid() {
        // The XI player has not withdrawn: there is no place to fill.
        const { matchId, teamId, player } = await withSquad(ctx);
        return {
          url: `/api/matches/${matchId}/selection/promote`,
          payload: { team_id: teamId, withdrawn_id: player, reserve_id: player },
        };
      },
    },
    'PUT /api/matches/:id/selection/leaders': {
      async valid() {
        // The captain withdrew and the reserve took the place: the reserve is named captain.
        const { matchId, teamId, player, reserve } = await withWithdrawal(ctx);
        await ctx.ok('POST', `/api/matches/${matchId}/selection/promote`, {
          team_id: teamId,
          withdrawn_id: player,
          reserve_id: reserve,
        });
        return {
          call: {
            url: `/api/matches/${matchId}/selection/leaders`,
            payload: { team_id: teamId, captain_id: reserve },
          },
          expect: () => ({
            entityId: matchId,
            action: 'leaders_change',
            changes: { captain: { before: null, after: expect.any(String) } },
            exact: false,
          }),
        };
      },
      async invalid() {
        // No sheet out yet: the selection itself is edited instead.
        const { matchId, teamId, player } = await withSquad(ctx);
        return {
          url: `/api/matches/${matchId}/selection/leaders`,
          payload: { team_id: teamId, captain_id: player },
        };
      },
    },
    'POST /api/matches/:id/availability/ask': {
      async valid() {
        const { matchId } = await withSquad(ctx);
        return {
          call: {
            url: `/api/matches/${matchId}/availability/ask`,
            payload: { deadline: '2030-01-04T18:00:00Z', remind_hours_before: 24 },
          },
          expect: () => ({
            entityId: matchId,
            action: 'availability_ask',
            changes: { players: { before: null, after: 1 } },
            exact: false,
          }),
        };
      },
      async invalid() {
        const { matchId } = await league(ctx);
        return {
          url: `/api/matches/${matchId}/availability/ask`,
          payload: { deadline: '2031-01-01T00:00:00Z', remind_hours_before: 24 },
        };
      },
    },
    'POST /api/matches/:id/result/confirm': {
      async valid() {
        const { matchId } = await league(ctx);
        await ok('PUT', `/api/matches/${matchId}/result`, win);
        return {
          call: { url: `/api/matches/${matchId}/result/confirm` },
          expect: () => ({
            entityId: matchId,
            action: 'result_confirm',
            changes: { locked: { before: null, after: true } },
            exact: false,
          }),
        };
      },
      async invalid() {
        // Nothing entered yet: nothing to confirm.
        const { matchId } = await league(ctx);
        return { url: `/api/matches/${matchId}/result/confirm` };
      },
    },
  };
};
