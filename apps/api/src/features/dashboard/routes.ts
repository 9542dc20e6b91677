import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardData, envelope } from '@cricket/contracts';
import { loadDashboard } from './repository';

export async function dashboardRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/dashboard', {
    config: { access: 'dashboard.view' },
    schema: { tags: ['dashboard'], summary: 'Dashboard statistics', response: { 200: envelope(dashboardData) } },
    handler: async () => ({ success: true, message: 'Dashboard data fetched successfully', data: await loadDashboard(app.db) }),
  });
}
