import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messageOnly } from '@cricket/contracts';
import { ping } from '../../db/client';
import { ok } from '../../lib/envelope';
import { loggableError } from '../../lib/pg-error';
import { RETRY_AFTER_SECONDS } from '../../plugins/errors';

export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health/live', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Liveness: the process answers',
      response: { 200: messageOnly },
    },
    handler: async () => ok('live'),
  });
  r.get('/api/health/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Readiness: the database answers (503 while it does not)',
      response: { 200: messageOnly, 503: messageOnly },
    },
    handler: async (request, reply) => {
      try {
        await ping(app.db);
        return ok('ready');
      } catch (err) {
        request.log.warn({ err: loggableError(err) }, 'database not ready');
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
        return reply.status(503).send({ success: false, message: 'database unavailable' });
      }
    },
  });
}
