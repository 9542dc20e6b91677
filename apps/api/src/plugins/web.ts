import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import {
  FIRST_READS,
  FIRST_READS_ELEMENT_ID,
  PROFILE_READ,
  type FirstRead,
  TOKEN_COOKIE,
} from '@cricket/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The first screen's reads, answered here by the API itself with the visitor's own cookie
 * (decision 083): the same routes, permissions and answers as the screen's own requests, minus
 * a round trip each. A read that does not answer 200 is left for the screen to make.
 */
async function firstReads(app: FastifyInstance, request: FastifyRequest) {
  const [pathname = '/', query] = request.url.split('?');
  const urls = [PROFILE_READ, ...(query === undefined ? (FIRST_READS[pathname] ?? []) : [])];
  const answers = await Promise.all(
    urls.map((url) =>
      app.inject({
        method: 'GET',
        url,
        headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
        remoteAddress: request.ip,
      }),
    ),
  );
  const reads: Record<string, FirstRead> = {};
  answers.forEach((answer, i) => {
    if (answer.statusCode !== 200) return;
    const link = answer.headers.link;
    reads[urls[i]!] = { body: answer.json(), ...(typeof link === 'string' ? { link } : {}) };
  });
  return reads;
}

/** index.html with the first reads in it, compressed as the browser accepts, never cached shared. */
async function sendWithFirstReads(
  reply: FastifyReply,
  html: string,
  reads: Record<string, FirstRead>,
): Promise<FastifyReply> {
  const element = `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">${scriptSafeJson(reads)}</script>`;
  const page = Buffer.from(html.replace('</body>', `${element}</body>`));
  const accepts = String(reply.request.headers['accept-encoding'] ?? '');
  reply
    .type('text/html; charset=utf-8')
    // It carries what the API's answers carry, and like them (plugins/security.ts) no cache
    // may keep it: not a proxy's, nor the browser's disk after the visitor signs out.
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept-encoding, cookie');
  if (/\bbr\b/.test(accepts)) {
    reply.header('content-encoding', 'br');
    return reply.send(await brotli(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (/\bgzip\b/.test(accepts)) {
    reply.header('content-encoding', 'gzip');
    return reply.send(await gzipped(page));
  }
  return reply.send(page);
}

/**
 * Serves the built web app, with the SPA fallback, and a JSON 404 for unknown API paths.
 * The build writes brotli and gzip copies next to each text file (vite.config.ts); the best
 * one the browser accepts goes out, so nothing is compressed per request here.
 */
export default fp(async function webPlugin(app: FastifyInstance, opts: { webDist: string }) {
  const indexFile = path.join(opts.webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  const indexHtml = hasWeb ? readFileSync(indexFile, 'utf8') : '';
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
  app.setNotFoundHandler(async (request, reply) => {
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
    // Any other path is a client-side route of the single-page app; a signed-in visitor's page
    // carries what its first screen reads.
    if (request.method === 'GET' && request.cookies[TOKEN_COOKIE]) {
      // Without them the screen reads as it always could: no first read may cost the page.
      const reads = await firstReads(app, request).catch((error: unknown) => {
        request.log.warn({ err: error }, 'first reads not embedded');
        return null;
      });
      if (reads) return sendWithFirstReads(reply, indexHtml, reads);
    }
    return reply.sendFile('index.html');
  });
});
