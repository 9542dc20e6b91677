import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activeRole, envelope } from '@cricket/contracts';
import { z } from 'zod';
import { listActiveRoles } from './repository';

export async function rolesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Feeds the role pickers of the user screens, so it needs users.view rather than roles.view.
  r.get('/api/roles/active', {
    config: { access: 'users.view' },
    schema: { tags: ['roles'], summary: 'Active roles for pickers', response: { 200: envelope(z.array(activeRole)) } },
    handler: async () => ({ success: true, message: 'Active roles fetched successfully', data: await listActiveRoles(app.db) }),
  });
}
