/**
 * What a browser downloads for the sign-in screen and for a signed-in `/users`, and how
 * Lighthouse scores both. Run: `npx tsx bench/web-size.ts` (not part of `npm test`).
 *
 * It builds the web app, starts the real API on a throwaway embedded database (as the e2e
 * tests do), warms it with ten visits of each page, and loads each page in Chromium with an
 * empty cache. "Transferred" is what the
 * network panel counts: the encoded bytes on the wire (CDP `Network.loadingFinished`
 * encodedDataLength, headers included), so brotli or gzip as the server sent them; "encoded
 * body" is the same without the response headers. "gzip -9" is each script's and
 * stylesheet's decoded body gzipped here, for comparison with figures taken that way. A second visit in the same browser shows what the HTTP cache saves.
 *
 *   WEB_SIZE_PORT        port of the API (default 3204)
 *   WEB_SIZE_NO_BUILD    1: use the existing apps/web/dist
 *   WEB_SIZE_RUNS        Lighthouse runs per page; the median by Performance is shown (default 3)
 *   WEB_SIZE_LIGHTHOUSE  0: skip Lighthouse
 *   WEB_SIZE_REPORT      a folder to write each Lighthouse report to (JSON, one per run)
 *   CHROMIUM_PATH        browser (default /usr/bin/chromium)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Cookie } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { ADMIN, logIn, startApi } from './lib';

const PORT = Number(process.env.WEB_SIZE_PORT ?? 3204);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.WEB_SIZE_RUNS ?? 3);
const repoRoot = path.resolve(import.meta.dirname, '..');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The production entry (the e2e tests' way) on a throwaway embedded database with the demo seed. */
async function startServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'web-size-'));
  const api = await startApi({
    module: path.join(repoRoot, 'apps/api/src/server.ts'),
    port: PORT,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  return {
    async stop() {
      await api.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session cookies the API sets on sign-in, shaped for a browser context. */
async function signIn(): Promise<Cookie[]> {
  const res = await logIn(BASE);
  return res.headers.getSetCookie().map((line) => {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    return {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      domain: '127.0.0.1',
      path: '/',
      expires: -1,
      httpOnly: /;\s*httponly/i.test(line),
      secure: false,
      sameSite: 'Lax',
    };
  });
}

type Kind = 'JS' | 'CSS' | 'other';
interface Loaded {
  url: string;
  kind: Kind;
  /** Encoded bytes received, headers included: the network panel's "transferred". */
  transferred: number;
  /** The encoded body alone (brotli or gzip as sent). */
  body: number;
}

function kindOf(type: string, url: string): Kind {
  if (type === 'Script' || url.endsWith('.js')) return 'JS';
  if (type === 'Stylesheet' || url.endsWith('.css')) return 'CSS';
  return 'other';
}

/** Loads `pathname` twice in a new browser context; returns what went over the wire each time. */
async function load(browser: Browser, pathname: string, cookies: Cookie[]) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  if (cookies.length) await context.addCookies(cookies);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');

  const visit = async () => {
    const seen = new Map<string, { url: string; type: string; headers: number }>();
    const loaded: Loaded[] = [];
    const onResponse = (e: {
      requestId: string;
      type: string;
      response: { url: string; encodedDataLength: number };
    }) =>
      seen.set(e.requestId, {
        url: e.response.url,
        type: e.type,
        headers: e.response.encodedDataLength,
      });
    const onFinished = (e: { requestId: string; encodedDataLength: number }) => {
      const r = seen.get(e.requestId);
      if (!r) return;
      loaded.push({
        url: r.url,
        kind: kindOf(r.type, r.url),
        transferred: e.encodedDataLength,
        body: Math.max(0, e.encodedDataLength - r.headers),
      });
    };
    cdp.on('Network.responseReceived', onResponse);
    cdp.on('Network.loadingFinished', onFinished);
    await page.goto(`${BASE}${pathname}`, { waitUntil: 'networkidle' });
    if (new URL(page.url()).pathname !== pathname) {
      throw new Error(`${pathname} ended on ${page.url()}`);
    }
    cdp.off('Network.responseReceived', onResponse);
    cdp.off('Network.loadingFinished', onFinished);
    return loaded;
  };

  const first = await visit();
  const repeat = await visit();
  await context.close();
  return { first, repeat };
}

/**
 * A production server has been up for a while; this one started seconds ago, and its first
 * requests run cold (code not yet optimised, the embedded database's caches empty) on the same
 * two cores as the browser. Ten visits of each page first, so the figures are about the page
 * (signed-in /users: 0.69-0.74 without them, 0.77-0.79 with them, on the same build).
 */
async function warmUp(browser: Browser, cookies: Cookie[]) {
  for (let i = 0; i < 10; i += 1) {
    for (const [pathname, signedIn] of [
      ['/login', false],
      ['/users', true],
    ] as const) {
      const context = await browser.newContext();
      if (signedIn) await context.addCookies(cookies);
      const page = await context.newPage();
      await page.goto(`${BASE}${pathname}`, { waitUntil: 'networkidle' });
      await context.close();
    }
  }
}

async function gzipOf(url: string) {
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
}

const sum = (rows: Loaded[], field: 'transferred' | 'body') =>
  rows.reduce((total, r) => total + r[field], 0);

async function printTransfer(title: string, run: { first: Loaded[]; repeat: Loaded[] }) {
  console.log(`\n${title}`);
  console.log('  kind    files  transferred  encoded body   gzip -9 of body');
  const line = async (label: string, rows: Loaded[], withGzip: boolean) => {
    const gzip = withGzip
      ? kb((await Promise.all(rows.map((r) => gzipOf(r.url)))).reduce((a, b) => a + b, 0))
      : '-';
    console.log(
      `  ${label.padEnd(6)} ${String(rows.length).padStart(6)} ${kb(sum(rows, 'transferred')).padStart(12)} ` +
        `${kb(sum(rows, 'body')).padStart(13)}   ${gzip.padStart(10)}`,
    );
  };
  for (const kind of ['JS', 'CSS', 'other'] as const) {
    await line(
      kind,
      run.first.filter((r) => r.kind === kind),
      kind !== 'other',
    );
  }
  await line(
    'JS+CSS',
    run.first.filter((r) => r.kind !== 'other'),
    true,
  );
  await line('all', run.first, false);
  console.log(
    `  second visit, same browser: ${run.repeat.length} requests, ${kb(sum(run.repeat, 'transferred'))} transferred`,
  );
  for (const r of run.first.filter((x) => x.kind !== 'other')) {
    console.log(`    ${kb(r.transferred).padStart(9)}  ${new URL(r.url).pathname}`);
  }
}

interface Scores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  failing: string[];
}

/** The first few offending items of an audit, so a failure says where to look. */
function detailOf(details: unknown): string {
  const items = (details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const shown = items.slice(0, 3).map((item) => {
    const node = item.node as { snippet?: string } | undefined;
    const sub = (item.subItems as { items?: { url?: string }[] } | undefined)?.items?.[0];
    return (
      node?.snippet ??
      item.issueType ??
      item.description ??
      sub?.url ??
      JSON.stringify(item).slice(0, 160)
    );
  });
  return shown.length ? ` (${shown.join('; ')})` : '';
}

/** One Lighthouse run (mobile emulation, simulated throttling: its defaults) in a fresh browser. */
async function lighthouseOnce(pathname: string, cookies: Cookie[]): Promise<Scores> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_ARGS,
  });
  try {
    if (cookies.length) {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await cdp.contexts()[0]!.addCookies(cookies);
      await cdp.close();
    }
    const result = await lighthouse(`${BASE}${pathname}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      // Keeps the session cookie set above; the browser is new, so its cache is empty anyway.
      disableStorageReset: cookies.length > 0,
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    if (process.env.WEB_SIZE_REPORT) {
      mkdirSync(process.env.WEB_SIZE_REPORT, { recursive: true });
      const name = `${pathname.replace(/\W+/g, '') || 'root'}-${Date.now()}.json`;
      writeFileSync(path.join(process.env.WEB_SIZE_REPORT, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(lhr.runtimeError.message);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== pathname) throw new Error(`Lighthouse ended on ${finalPath}`);
    const failing = Object.values(lhr.categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) => c.auditRefs)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id}: ${a.title}${detailOf(a.details)}`);
    return {
      performance: lhr.categories.performance?.score ?? 0,
      accessibility: lhr.categories.accessibility?.score ?? 0,
      bestPractices: lhr.categories['best-practices']?.score ?? 0,
      fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
      lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

async function printLighthouse(title: string, pathname: string, cookies: Cookie[]) {
  const runs: Scores[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    // A loaded machine now and then loses Lighthouse's trace (NO_NAVSTART); one retry.
    runs.push(
      await lighthouseOnce(pathname, cookies).catch(() => lighthouseOnce(pathname, cookies)),
    );
  }
  runs.sort((a, b) => a.performance - b.performance);
  const median = runs[Math.floor(runs.length / 2)]!;
  const perf = runs.map((r) => r.performance.toFixed(2)).join(' ');
  console.log(
    `  ${title.padEnd(16)} Performance ${median.performance.toFixed(2)} (runs: ${perf})  ` +
      `Accessibility ${median.accessibility.toFixed(2)}  Best Practices ${median.bestPractices.toFixed(2)}  ` +
      `FCP ${(median.fcp / 1000).toFixed(2)} s  LCP ${(median.lcp / 1000).toFixed(2)} s  TBT ${Math.round(median.tbt)} ms`,
  );
  for (const audit of median.failing) console.log(`      not passed: ${audit}`);
}

async function main() {
  if (process.env.WEB_SIZE_NO_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const server = await startServer();
  try {
    const cookies = await signIn();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      await warmUp(browser, cookies);
      console.log(`\nDownloads in Chromium, empty cache, 1440×900 (${BASE})`);
      await printTransfer('/login (signed out)', await load(browser, '/login', []));
      await printTransfer('/users (signed in)', await load(browser, '/users', cookies));
    } finally {
      await browser.close();
    }
    if (process.env.WEB_SIZE_LIGHTHOUSE !== '0') {
      console.log(
        `\nLighthouse 12, mobile emulation, simulated throttling; median of ${RUNS} by Performance`,
      );
      await printLighthouse('/login', '/login', []);
      await printLighthouse('/users signed in', '/users', cookies);
    }
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
