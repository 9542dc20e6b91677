import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_READS,
  FIRST_READS_ELEMENT_ID,
  PROFILE_READ,
  TOKEN_COOKIE,
  type FirstRead,
} from '@cricket/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

/** A small stand-in for apps/web/dist, shaped as the Vite build writes it. */
const INDEX_HTML =
  '<!doctype html><html><head><title>Cricket Admin</title></head><body><div id="root"></div></body></html>';
const ASSET = '/assets/index-Ab12Cd34.js';
const ASSET_JS = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;

function writeWithCompressedCopies(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'cricket-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeWithCompressedCopies(path.join(dist, 'index.html'), INDEX_HTML);
  writeWithCompressedCopies(path.join(dist, ASSET), ASSET_JS);
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /\n');
  t = await createTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built web app', () => {
  it('sends a hashed asset as brotli when the browser accepts it, cached for a year', async () => {
    const res = await get(ASSET, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET_JS);
  });

  it('sends a hashed asset the headers a subresource uses, and a document its policy', async () => {
    const asset = await get(ASSET, 'br');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    // Never revalidated, so no validators, ranges or request id ride along.
    for (const name of ['etag', 'last-modified', 'accept-ranges', 'x-request-id']) {
      expect(asset.headers[name], name).toBeUndefined();
    }
    const page = await get('/users', 'br');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends gzip to a browser that accepts only gzip', async () => {
    const res = await get(ASSET, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(ASSET_JS);
  });

  it('sends the file as it is to a client that accepts neither', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get(ASSET, acceptEncoding);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(ASSET_JS);
    }
  });

  it('revalidates index.html and other unhashed files on every use', async () => {
    for (const url of ['/', '/index.html', '/robots.txt']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag ?? res.headers['last-modified']).toBeTruthy();
    }
    const res = await get('/', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(gunzipSync(res.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('answers an unchanged index.html with 304 to a browser that sends its validator', async () => {
    const first = await get('/index.html', 'br');
    const again = await t.app.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves index.html for deep links, and 404 JSON for missing assets and API paths', async () => {
    const deep = await get('/teams/view?id=3', 'br');
    expect(deep.statusCode).toBe(200);
    expect(deep.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(deep.rawPayload).toString()).toBe(INDEX_HTML);
    expect((await get('/users')).body).toBe(INDEX_HTML);

    for (const url of ['/assets/index-Zz99Yy88.js', '/api/nothing-here']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Not found' });
    }
  });

  it('answers HEAD for a deep link as GET would, without a body', async () => {
    // Link checkers and uptime probes ask with HEAD; a client route must not look missing to them.
    const head = await t.app.inject({ method: 'HEAD', url: '/users/view?id=3' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.headers['cache-control']).toBe('no-cache');
    expect(head.body).toBe('');

    const missing = await t.app.inject({ method: 'HEAD', url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/users' });
    expect(post.statusCode).toBe(404);
  });
});

describe("a signed-in page load carries its first screen's reads (decision 083)", () => {
  const USERS_READ = FIRST_READS['/users']![0]!;
  const ROLES_READ = FIRST_READS['/users']![1]!;

  const page = (url: string, token: string, acceptEncoding = 'gzip, deflate, br') =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${TOKEN_COOKIE}=${token}`, 'accept-encoding': acceptEncoding },
    });

  /** The page's HTML, and the reads in its JSON element (null when it has none). */
  function readsOf(res: Awaited<ReturnType<typeof page>>) {
    const encoding = res.headers['content-encoding'];
    const html =
      encoding === 'br'
        ? brotliDecompressSync(res.rawPayload).toString()
        : encoding === 'gzip'
          ? gunzipSync(res.rawPayload).toString()
          : res.body;
    const element = new RegExp(
      `<script type="application/json" id="${FIRST_READS_ELEMENT_ID}">(.*?)</script>`,
      's',
    ).exec(html);
    return {
      html,
      text: element?.[1] ?? null,
      reads: element ? (JSON.parse(element[1]!) as Record<string, FirstRead>) : null,
    };
  }

  it("answers them as the screen's own requests would, in a page no shared cache keeps", async () => {
    const token = await t.login();
    // A name no validation would let in: the JSON must not end its script element early.
    const named = await t.userWith([]);
    await t.db
      .update(users)
      .set({ firstName: '</script><script>alert(1)</script>', lastName: '<!--' })
      .where(eq(users.id, named.id));

    const res = await page('/users', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.etag).toBeUndefined();
    const { html, text, reads } = readsOf(res);
    expect(html.startsWith(INDEX_HTML.replace('</body></html>', ''))).toBe(true);
    expect(text).not.toContain('<');
    expect(Object.keys(reads!).sort()).toEqual([PROFILE_READ, ROLES_READ, USERS_READ].sort());

    for (const url of [PROFILE_READ, ROLES_READ, USERS_READ]) {
      const own = await t.as(token, { method: 'GET', url });
      expect(reads![url]!.body, url).toEqual(own.json());
      expect(reads![url]!.link, url).toBe(own.headers.link);
    }
    expect(JSON.stringify(reads![USERS_READ]!.body)).toContain('</script><script>alert(1)');

    // gzip for a browser without brotli; as it is for one that takes neither.
    expect(readsOf(await page('/users', token, 'gzip')).reads).toEqual(reads);
    expect(readsOf(await page('/users', token, 'identity')).reads).toEqual(reads);
  });

  it('leaves out what the visitor may not read, and a screen opened with a query', async () => {
    const staff = await t.userWith(['teams.view']);
    const own = readsOf(await page('/users', staff.token)).reads!;
    expect(Object.keys(own)).toEqual([PROFILE_READ]);
    expect(readsOf(await page('/teams', staff.token)).reads).toHaveProperty(
      FIRST_READS['/teams']![0]!,
    );

    const admin = await t.login();
    expect(Object.keys(readsOf(await page('/users?page=2', admin)).reads!)).toEqual([PROFILE_READ]);
    expect(Object.keys(readsOf(await page('/roles', admin)).reads!)).toEqual([PROFILE_READ]);
    expect(Object.keys(readsOf(await page('/', admin)).reads!).sort()).toEqual(
      [PROFILE_READ, ...FIRST_READS['/']!].sort(),
    );
  });

  it('sends the plain page to a visitor whose session is gone or who never had one', async () => {
    const stale = readsOf(await page('/users', 'not-a-session'));
    expect(stale.reads).toEqual({});
    const signedOut = await get('/users', 'br');
    expect(signedOut.headers.etag).toBeTruthy();
    expect(brotliDecompressSync(signedOut.rawPayload).toString()).toBe(INDEX_HTML);
  });
});

describe('API responses', () => {
  it('gzips JSON above 1 KB for a client that accepts it, and leaves small ones alone', async () => {
    const token = await t.login();
    for (let i = 0; i < 6; i += 1) await t.userWith([]);

    const plain = await t.as(token, { method: 'GET', url: '/api/users?limit=20' });
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    // gzip even where brotli is offered: per request it costs a fraction of brotli's CPU.
    const compressed = await t.as(token, {
      method: 'GET',
      url: '/api/users?limit=20',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body));
    expect(JSON.parse(gunzipSync(compressed.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/api/health/live', 'gzip, br');
    expect(small.statusCode).toBe(200);
    expect(Buffer.byteLength(small.body)).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
