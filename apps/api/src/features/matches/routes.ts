import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  envelope,
  matchesExportQuery,
  matchesPage,
  matchesQuery,
  tournamentsExportQuery,
  tournamentsPage,
  tournamentsQuery,
  MATCH_EXPORT_COLUMNS,
  MATCH_SUCCESS,
  TOURNAMENT_EXPORT_COLUMNS,
} from '@cricket/contracts';
import { listExportRoute } from '../../lib/csv-export';
import { okPage } from '../../lib/envelope';
import { exportMatches, exportTournaments, listMatches, listTournaments } from './repository';

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

  listExportRoute(app, {
    list: 'matches',
    access: 'matches.view',
    tag: 'matches',
    querystring: matchesExportQuery,
    rows: (q) => exportMatches(app.db, q),
    columns: MATCH_EXPORT_COLUMNS,
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

  listExportRoute(app, {
    list: 'tournaments',
    access: 'matches.view',
    tag: 'matches',
    querystring: tournamentsExportQuery,
    rows: (q) => exportTournaments(app.db, q),
    columns: TOURNAMENT_EXPORT_COLUMNS,
  });
}
