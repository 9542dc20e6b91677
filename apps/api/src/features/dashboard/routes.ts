import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardData, envelope, DASHBOARD_SUCCESS } from '@cricket/contracts';
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
    handler: async () => ok(DASHBOARD_SUCCESS.fetched, await loadDashboard(app.db)),
  });
}
