import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardData, envelope, DASHBOARD_SUCCESS } from '@cricket/contracts';
import { loadDashboard } from './repository';
import { ok } from '../../lib/envelope';
import { sharedRead } from '../../lib/shared-read';

export async function dashboardRoutes(app: FastifyInstance) {
  // The same for every administrator: views that arrive together share one statement.
  const dashboard = sharedRead(() => loadDashboard(app.db));
  app.withTypeProvider<ZodTypeProvider>().get('/api/dashboard', {
    config: { access: 'dashboard.view' },
    schema: {
      tags: ['dashboard'],
      summary: 'Dashboard statistics',
      response: { 200: envelope(dashboardData) },
    },
    handler: async () => ok(DASHBOARD_SUCCESS.fetched, await dashboard()),
  });
}
