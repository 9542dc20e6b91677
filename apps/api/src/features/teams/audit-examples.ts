import { expect } from 'vitest';
import { createTeam, teamBody, type AuditExamples } from '../../test/audit-examples';

/** The audit route-table examples of this feature's routes (features/audit/audit-routes.test.ts). */
export const auditExamples: AuditExamples = (ctx) => {
  const { ownerId, ok, newUser } = ctx;
  const newTeam = (over: Record<string, unknown> = {}) => createTeam(ctx, over);
  return {
    'POST /api/teams': {
      valid: async () => ({
        call: { url: '/api/teams', payload: teamBody({ owner_id: ownerId, name: 'Pune Pacers' }) },
        expect: (body) => ({
          entityId: body.data!.team!.id,
          action: 'create',
          changes: {
            name: { before: null, after: 'Pune Pacers' },
            // The owner by name and id, not a bare user id (decision 039).
            owner: { before: null, after: { id: ownerId, name: expect.any(String) } },
          },
          exact: false,
        }),
      }),
      invalid: async () => ({
        url: '/api/teams',
        payload: teamBody({ owner_id: ownerId, name: '' }),
      }),
    },
    'PUT /api/teams/:id': {
      async valid() {
        const id = await newTeam({ name: 'Before Name', location: 'Pune' });
        return {
          call: {
            url: `/api/teams/${id}`,
            payload: teamBody({ owner_id: ownerId, name: 'After Name', location: 'Goa' }),
          },
          expect: () => ({
            entityId: id,
            action: 'update',
            changes: {
              name: { before: 'Before Name', after: 'After Name' },
              location: { before: 'Pune', after: 'Goa' },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newTeam();
        return {
          url: `/api/teams/${id}`,
          payload: teamBody({ owner_id: ownerId, team_initials: 'TOOLONG' }),
        };
      },
    },
    'DELETE /api/teams/:id': {
      async valid() {
        const id = await newTeam({ name: 'Doomed XI' });
        return {
          call: { url: `/api/teams/${id}` },
          expect: () => ({
            entityId: id,
            action: 'delete',
            changes: { name: { before: 'Doomed XI', after: null } },
            exact: false,
          }),
        };
      },
      invalid: async () => ({ url: '/api/teams/999999' }),
    },
    'POST /api/teams/:id/players/multiple': {
      async valid() {
        const id = await newTeam();
        const player = await newUser();
        return {
          call: {
            url: `/api/teams/${id}/players/multiple`,
            payload: { players: [{ user_id: player, jersey_number: 7 }] },
          },
          expect: () => ({
            entityId: id,
            action: 'players_add',
            changes: {
              players_count: { before: 0, after: 1 },
              [`players.${player}`]: {
                before: null,
                after: expect.objectContaining({ jersey_number: 7, is_captain: false }),
              },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newTeam();
        const player = await newUser();
        return {
          url: `/api/teams/${id}/players/multiple`,
          payload: { players: [{ user_id: player, jersey_number: 100 }] },
        };
      },
    },
    'PUT /api/teams/:id/players/:playerId': {
      async valid() {
        const id = await newTeam();
        const player = await newUser();
        await ok('POST', `/api/teams/${id}/players/multiple`, {
          players: [{ user_id: player, jersey_number: 7 }],
        });
        return {
          call: { url: `/api/teams/${id}/players/${player}`, payload: { jersey_number: 9 } },
          expect: () => ({
            entityId: id,
            action: 'player_update',
            changes: {
              [`players.${player}`]: {
                before: expect.objectContaining({ jersey_number: 7 }),
                after: expect.objectContaining({ jersey_number: 9 }),
              },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newTeam();
        const player = await newUser();
        await ok('POST', `/api/teams/${id}/players/multiple`, { players: [{ user_id: player }] });
        return { url: `/api/teams/${id}/players/${player}`, payload: { jersey_number: 0 } };
      },
    },
    'DELETE /api/teams/:id/players/:playerId': {
      async valid() {
        const id = await newTeam();
        const player = await newUser();
        await ok('POST', `/api/teams/${id}/players/multiple`, {
          players: [{ user_id: player, jersey_number: 3 }],
        });
        return {
          call: { url: `/api/teams/${id}/players/${player}` },
          expect: () => ({
            entityId: id,
            action: 'player_remove',
            changes: {
              players_count: { before: 1, after: 0 },
              [`players.${player}`]: {
                before: expect.objectContaining({ jersey_number: 3 }),
                after: null,
              },
            },
            exact: true,
          }),
        };
      },
      async invalid() {
        const id = await newTeam();
        const player = await newUser();
        return { url: `/api/teams/${id}/players/${player}` };
      },
    },
  };
};
