import type { FastifyInstance } from 'fastify';
import { provideTeamsBulk } from './bulk';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addTeamPlayersInput,
  availablePlayersPage,
  availablePlayersQuery,
  dropdownOption,
  dropdownQuery,
  envelope,
  idParam,
  messageOnly,
  team,
  teamDetails,
  teamDetailsQuery,
  teamInput,
  teamPlayerInput,
  teamPlayerParams,
  teamsPage,
  teamsExportQuery,
  teamsQuery,
  TEAM_EXPORT_COLUMNS,
  TEAM_SUCCESS,
} from '@cricket/contracts';
import { z } from 'zod';
import { listExportRoute } from '../../lib/csv-export';
import { ok, okPage, pageData } from '../../lib/envelope';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { teams } from '../../db/schema';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import { listAvailablePlayers, listDropdown } from './repository-pickers';
import { addPlayers, getTeamDetails, removePlayer, updatePlayer } from './repository-squad';
import {
  createTeam,
  deleteTeam,
  exportTeams,
  listTeams,
  updateTeam,
  searchTeams,
} from './repository-teams';

const teamData = envelope(z.object({ team }));

export async function teamsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.globalSearch.provide('teams', (q, limit) => searchTeams(app.db, q, limit));
  provideTeamsBulk(app);

  r.get('/api/teams', {
    config: { access: 'teams.view' },
    schema: {
      tags: ['teams'],
      summary: 'Teams, searched by name and location',
      querystring: teamsQuery,
      response: { 200: envelope(teamsPage) },
    },
    handler: async (request) => {
      const q = request.query;
      return okPage(TEAM_SUCCESS.listed, q, await listTeams(app.db, q));
    },
  });

  listExportRoute(app, {
    list: 'teams',
    access: 'teams.view',
    tag: 'teams',
    querystring: teamsExportQuery,
    rows: (q) => exportTeams(app.db, q),
    columns: TEAM_EXPORT_COLUMNS,
  });

  r.post('/api/teams', {
    config: { access: 'teams.create', audit: { entity: 'team' } },
    schema: {
      tags: ['teams'],
      summary: 'Create a team',
      body: teamInput,
      response: { 201: teamData },
    },
    handler: async (request, reply) => {
      const created = await createTeam(
        app.db,
        request.body,
        sessionOf(request).userId,
        auditOf(request),
      );
      return reply.status(201).send(ok(TEAM_SUCCESS.created, { team: created }));
    },
  });

  r.get('/api/teams/:id', {
    config: { access: 'teams.view', version: teams },
    schema: {
      tags: ['teams'],
      summary: 'A team with its owner, captain and a page of its squad',
      params: idParam,
      querystring: teamDetailsQuery,
      response: { 200: envelope(teamDetails) },
    },
    handler: async (request, reply) => {
      const { page, limit } = request.query;
      const details = await getTeamDetails(app.db, request.params.id, page, limit);
      sendVersion(reply, details.team.updated_at);
      return ok(TEAM_SUCCESS.fetched, {
        ...details,
        players: pageData({ page, limit }, details.players),
      });
    },
  });

  r.put('/api/teams/:id', {
    config: { access: 'teams.update', audit: { entity: 'team' }, version: teams },
    schema: {
      tags: ['teams'],
      summary: 'Update a team',
      params: idParam,
      body: teamInput,
      response: { 200: teamData },
    },
    handler: async (request, reply) => {
      const updated = await versionedWrite(app.db, request, (db) =>
        updateTeam(
          db,
          request.params.id,
          request.body,
          sessionOf(request).userId,
          auditOf(request),
        ),
      );
      sendVersion(reply, updated.updated_at);
      return ok(TEAM_SUCCESS.updated, { team: updated });
    },
  });

  r.delete('/api/teams/:id', {
    config: { access: 'teams.delete', audit: { entity: 'team' }, version: teams },
    schema: {
      tags: ['teams'],
      summary: 'Delete a team and its squad',
      params: idParam,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      await versionedWrite(app.db, request, (db) =>
        deleteTeam(db, request.params.id, auditOf(request)),
      );
      return ok(TEAM_SUCCESS.deleted);
    },
  });

  r.get('/api/teams/:id/players', {
    config: { access: 'team_players.view' },
    schema: {
      tags: ['teams'],
      summary: 'Players who can be picked for the team, marked when already in it',
      params: idParam,
      querystring: availablePlayersQuery,
      response: { 200: envelope(availablePlayersPage) },
    },
    handler: async (request) => {
      const q = request.query;
      return okPage(
        TEAM_SUCCESS.playersListed,
        q,
        await listAvailablePlayers(app.db, request.params.id, q),
      );
    },
  });

  r.post('/api/teams/:id/players/multiple', {
    config: { access: 'team_players.create', audit: { entity: 'team' } },
    schema: {
      tags: ['teams'],
      summary: 'Add several players to the squad: all of them or none',
      params: idParam,
      body: addTeamPlayersInput,
      response: { 201: envelope(z.object({ added: z.number().int() })) },
    },
    handler: async (request, reply) => {
      const added = await addPlayers(
        app.db,
        request.params.id,
        request.body.players,
        auditOf(request),
      );
      return reply.status(201).send(ok(TEAM_SUCCESS.playersAdded, { added }));
    },
  });

  r.put('/api/teams/:id/players/:playerId', {
    config: { access: 'team_players.update', audit: { entity: 'team' } },
    schema: {
      tags: ['teams'],
      summary: 'Edit a squad member',
      params: teamPlayerParams,
      body: teamPlayerInput,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      await updatePlayer(
        app.db,
        request.params.id,
        request.params.playerId,
        request.body,
        auditOf(request),
      );
      return ok(TEAM_SUCCESS.playerUpdated);
    },
  });

  r.delete('/api/teams/:id/players/:playerId', {
    config: { access: 'team_players.delete', audit: { entity: 'team' } },
    schema: {
      tags: ['teams'],
      summary: 'Remove a player from the squad',
      params: teamPlayerParams,
      response: { 200: messageOnly },
    },
    handler: async (request) => {
      await removePlayer(app.db, request.params.id, request.params.playerId, auditOf(request));
      return ok(TEAM_SUCCESS.playerRemoved);
    },
  });

  // The option lists serve only the squad forms, so they need the squad view permission.
  r.get('/api/dropdown', {
    config: { access: 'team_players.view' },
    schema: {
      tags: ['teams'],
      summary: 'Player role, batting and bowling style options',
      querystring: dropdownQuery,
      response: { 200: envelope(z.array(dropdownOption)) },
    },
    handler: async (request) =>
      ok(TEAM_SUCCESS.optionsListed, await listDropdown(app.db, request.query.category)),
  });
}
