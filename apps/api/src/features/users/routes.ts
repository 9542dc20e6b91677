import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildPagination, envelope, organizer, organizersQuery, pageOf } from '@cricket/contracts';
import { listOrganizers } from './repository';

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The owner picker of the team panels reads this, hence the teams permission.
  r.get('/api/users/organizers', {
    config: { access: 'teams.view' },
    schema: {
      tags: ['users'],
      summary: 'Users who may own a team (owner picker)',
      querystring: organizersQuery,
      response: { 200: envelope(pageOf(organizer)) },
    },
    handler: async (request) => {
      const q = request.query;
      const { rows, total } = await listOrganizers(app.db, q);
      return {
        success: true,
        message: 'Organizers fetched successfully',
        data: { data: rows, pagination: buildPagination(total, q.page, q.limit) },
      };
    },
  });
}
