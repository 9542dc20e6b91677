import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app, with the SPA fallback, and a JSON 404 for unknown API paths.
 * The build writes brotli and gzip copies next to each text file (vite.config.ts); the best
 * one the browser accepts goes out, so nothing is compressed per request here.
 */
export default fp(async function webPlugin(app: FastifyInstance, opts: { webDist: string }) {
  const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasWeb) {
    // Vite writes only content-hashed names under assets/; public/ files land beside index.html.
    const assetsDir = path.join(opts.webDist, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // @fastify/static 9 writes send's own `Cache-Control: public, max-age=0` after
      // setHeaders has run, overwriting it; with this off only the header below goes out.
      // ETag and Last-Modified stay on as the validators for no-cache (hashed assets drop them below).
      cacheControl: false,
      setHeaders(res, filePath) {
        // A hashed name never changes content; everything else (index.html above all) is
        // revalidated on each use, so a deploy is picked up at once.
        res.setHeader(
          'cache-control',
          filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The encoding was chosen from Accept-Encoding, even when the original went out.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  // A hashed asset is cached for a year and never revalidated: validators, range support and
  // the request id would be bytes on every one of them for nothing (decision 027).
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/') || reply.statusCode !== 200) return;
    for (const name of ['etag', 'last-modified', 'accept-ranges', 'x-request-id']) {
      reply.removeHeader(name);
    }
  });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // A missing hashed asset (an old tab after a deploy) must 404, not turn into index.html.
    const isApiOrAsset =
      url === '/api' ||
      url.startsWith('/api/') ||
      url.startsWith('/assets/') ||
      url.startsWith('/uploads/');
    // HEAD too: link checkers and uptime probes ask with it, and send() leaves the body out.
    const isPageRead = request.method === 'GET' || request.method === 'HEAD';
    const allowed = url.startsWith('/api/') ? app.allowedMethods(url) : [];
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return reply.status(405).send({ success: false, message: 'Method not allowed' });
    }
    if (isApiOrAsset || !isPageRead || !hasWeb) {
      return reply.status(404).send({ success: false, message: 'Not found' });
    }
    // Any other path is a client-side route of the single-page app.
    return reply.sendFile('index.html');
  });
});
