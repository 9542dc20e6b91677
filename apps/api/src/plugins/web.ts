import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Serves the built web app, with the SPA fallback, and a JSON 404 for unknown API paths. */
export default fp(async function webPlugin(app: FastifyInstance, opts: { webDist: string }) {
  const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      // Hashed asset names never change content; index.html must always be re-read.
      setHeaders(res, filePath) {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A missing hashed asset (an old tab after a deploy) must 404, not turn into index.html.
    const isApiOrAsset = url === '/api' || url.startsWith('/api/') || url.startsWith('/assets/') || url.startsWith('/uploads/');
    if (isApiOrAsset || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({ success: false, message: 'Not found' });
    }
    // Any other path is a client-side route of the single-page app.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
