import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAvailabilityLinks, type AvailabilityLinks } from '../lib/availability-token';
import { serverSecret } from '../lib/server-secret';

declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and reads availability answer links (issue 36). */
    availabilityLinks: AvailabilityLinks;
  }
}

/**
 * The availability links' secret (kept in the database under 'availability') and base URL
 * (PUBLIC_URL, else this server on localhost, as the unsubscribe links), settled once at start.
 */
export default fp(
  async function availabilityLinks(app: FastifyInstance) {
    const { config } = app;
    const secret = await serverSecret(app.db, 'availability', undefined);
    const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
    app.decorate('availabilityLinks', createAvailabilityLinks(secret, publicUrl));
  },
  { name: 'availability-links', decorators: { fastify: ['config', 'db'] } },
);
