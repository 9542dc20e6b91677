import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardData, envelope } from '@cricket/contracts';
import { loadDashboard } from './repository';
import { ok } from '../../lib/envelope';

export async function dashboardRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/dashboard', {
    config: { access: 'dashboard.view' },
    schema: {
      tags: ['dashboard'],
      summary: 'Dashboard statistics',
      response: { 200: envelope(dashboardData) },
    },
    handler: async () => ok('Dashboard data fetched successfully', await loadDashboard(app.db)),
  });
}
