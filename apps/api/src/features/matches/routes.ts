import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  matchesPage,
  matchesQuery,
  tournamentsPage,
  tournamentsQuery,
  MATCH_SUCCESS,
} from '@cricket/contracts';
import { okPage } from '../../lib/envelope';
import { listMatches, listTournaments } from './repository';

export async function matchesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/matches', {
    config: { access: 'matches.view' },
    schema: {
      tags: ['matches'],
      summary: 'Matches, newest first, by team name, tournament and status',
      querystring: matchesQuery,
      response: { 200: envelope(matchesPage) },
    },
    handler: async (request) => {
      const q = request.query;
      return okPage(MATCH_SUCCESS.listed, q, await listMatches(app.db, q));
    },
  });

  r.get('/api/tournaments', {
    config: { access: 'matches.view' },
    schema: {
      tags: ['matches'],
      summary: 'Tournaments, latest start first, by name and status, with their match counts',
      querystring: tournamentsQuery,
      response: { 200: envelope(tournamentsPage) },
    },
    handler: async (request) => {
      const q = request.query;
      return okPage(MATCH_SUCCESS.tournamentsListed, q, await listTournaments(app.db, q));
    },
  });
}
