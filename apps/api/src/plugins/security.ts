import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { addressKey } from '../lib/client-address';

declare module 'fastify' {
  interface FastifyRequest {
    /** The client as per-address limits count it: its address, or its IPv6 /64. */
    readonly clientAddress: string;
  }
}

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
  // Sent below, only over HTTPS: over plain HTTP it is meaningless at best (RFC 6797 §7.2).
  strictTransportSecurity: false,
});

const HSTS = 'max-age=31536000; includeSubDomains';

export default fp(async function securityPlugin(app: FastifyInstance) {
  await app.register(cookie);
  app.decorateRequest('clientAddress', {
    getter() {
      return addressKey(this.ip);
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // A hashed script or stylesheet is not a document: CSP, framing and referrer headers do
    // nothing there, and they were a kilobyte on each of the first screen's files. What does
    // apply to a subresource stays.
    if (request.url.startsWith('/assets/')) {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('cross-origin-resource-policy', 'same-origin');
      return done();
    }
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  // API answers can carry a token or personal data: no browser or proxy may keep them.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
