import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  fixture,
  idParam,
  messageOnly,
  penaltyInput,
  pointsTable,
  resultInput,
  tournamentDetails,
  tournamentInput,
  tournament,
  RESULT_SUCCESS,
  TOURNAMENT_SUCCESS,
} from '@cricket/contracts';
import { matches, tournaments } from '../../db/schema';
import { ok } from '../../lib/envelope';
import { sendVersion, versionedWrite } from '../../lib/record-version';
import { auditOf } from '../../plugins/audit';
import { sessionOf } from '../../plugins/auth';
import {
  addPenalty,
  confirmResult,
  createTournament,
  enterResult,
  generateFixtures,
  getPointsTable,
  getTournament,
  listFixtures,
  updateTournament,
} from './tournament-repository';

const tournamentData = envelope(z.object({ tournament }));
const fixtureData = envelope(z.object({ fixture }));
/** An administrator confirms both sides of a result and may change a confirmed one. */
const LOCK_PERMISSION = 'matches.lock';

/** Tournaments, their fixtures, results and points table (issue 36). */
export async function tournamentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/tournaments', {
    config: { access: 'matches.manage', audit: { entity: 'tournament' } },
    schema: {
      tags: ['tournaments'],
      summary: 'Create a tournament with its teams',
      body: tournamentInput,
      response: { 201: tournamentData },
    },
    handler: async (request, reply) => {
      const created = await createTournament(app.db, request.body, auditOf(request));
      sendVersion(reply, created.updated_at);
      return reply.status(201).send(ok(TOURNAMENT_SUCCESS.created, { tournament: created }));
    },
  });

  r.get('/api/tournaments/:id', {
    config: { access: 'matches.view', version: tournaments },
    schema: {
      tags: ['tournaments'],
      summary: 'A tournament with its teams and fixtures',
      params: idParam,
      response: { 200: envelope(tournamentDetails) },
    },
    handler: async (request, reply) => {
      const found = await getTournament(app.db, request.params.id);
      sendVersion(reply, found.updated_at);
      return ok(TOURNAMENT_SUCCESS.fetched, {
        tournament: found,
        fixtures: await listFixtures(app.db, found.id),
      });
    },
  });

  r.put('/api/tournaments/:id', {
    config: {
      access: 'matches.manage',
      audit: { entity: 'tournament' },
      version: tournaments,
    },
    schema: {
      tags: ['tournaments'],
      summary: 'Update a tournament (its teams only while it has no fixtures)',
      params: idParam,
      body: tournamentInput,
      response: { 200: tournamentData },
    },
    handler: async (request, reply) => {
      const updated = await versionedWrite(app.db, request, (db) =>
        updateTournament(db, request.params.id, request.body, auditOf(request)),
      );
      sendVersion(reply, updated.updated_at);
      return ok(TOURNAMENT_SUCCESS.updated, { tournament: updated });
    },
  });

  r.post('/api/tournaments/:id/fixtures/generate', {
    config: { access: 'matches.manage', audit: { entity: 'tournament' } },
    schema: {
      tags: ['tournaments'],
      summary: "Generate a league's round-robin: every pair once, a round per match day",
      params: idParam,
      response: { 201: envelope(z.object({ fixtures: z.array(fixture) })) },
    },
    handler: async (request, reply) => {
      const made = await generateFixtures(app.db, request.params.id, auditOf(request));
      return reply
        .status(201)
        .send(ok(TOURNAMENT_SUCCESS.generated(made.length), { fixtures: made }));
    },
  });

  r.get('/api/tournaments/:id/points-table', {
    config: { access: 'matches.view' },
    schema: {
      tags: ['tournaments'],
      summary: 'The points table over confirmed results, with net run rate',
      params: idParam,
      response: { 200: envelope(pointsTable) },
    },
    handler: async (request) =>
      ok(TOURNAMENT_SUCCESS.table, { rows: await getPointsTable(app.db, request.params.id) }),
  });

  r.post('/api/tournaments/:id/penalties', {
    config: { access: 'matches.manage', audit: { entity: 'tournament' } },
    schema: {
      tags: ['tournaments'],
      summary: 'Take points off a team in a tournament, with a reason',
      params: idParam,
      body: penaltyInput,
      response: { 201: messageOnly },
    },
    handler: async (request, reply) => {
      await addPenalty(
        app.db,
        request.params.id,
        request.body,
        sessionOf(request).userId,
        auditOf(request),
      );
      return reply.status(201).send(ok(TOURNAMENT_SUCCESS.penalty));
    },
  });

  r.put('/api/matches/:id/result', {
    config: { access: 'matches.manage', audit: { entity: 'match' }, version: matches },
    schema: {
      tags: ['tournaments'],
      summary:
        "Enter a match's result; a confirmed one changes only with matches.lock and a reason",
      params: idParam,
      body: resultInput,
      response: { 200: fixtureData },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      const mayChangeLocked = session.permissions.includes(LOCK_PERMISSION);
      const saved = await versionedWrite(app.db, request, (db) =>
        enterResult(db, request.params.id, request.body, mayChangeLocked, auditOf(request)),
      );
      return ok(saved.locked ? RESULT_SUCCESS.changed : RESULT_SUCCESS.entered, {
        fixture: saved,
      });
    },
  });

  r.post('/api/matches/:id/result/confirm', {
    config: { access: 'matches.confirm', audit: { entity: 'match' } },
    schema: {
      tags: ['tournaments'],
      summary:
        "Confirm a match's result for the team one owns (both sides with matches.lock); both lock it",
      params: idParam,
      response: { 200: fixtureData },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      const confirmed = await confirmResult(
        app.db,
        request.params.id,
        session.userId,
        session.permissions.includes(LOCK_PERMISSION),
        auditOf(request),
      );
      return ok(confirmed.locked ? RESULT_SUCCESS.locked : RESULT_SUCCESS.confirmed, {
        fixture: confirmed,
      });
    },
  });
}
