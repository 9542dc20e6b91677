import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Helmet's middleware is built once: @fastify/helmet rebuilds it, and re-parses the policy,
 * on every request, which cost more CPU than a plain page of users.
 */
const securityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      // Charts and Radix position elements with inline style attributes.
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
});

export default fp(async function securityPlugin(app: FastifyInstance) {
  await app.register(cookie);
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
});
