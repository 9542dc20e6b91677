import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_UNSUBSCRIBE_SECRET } from './helpers';
import { E2E_SERVERS, serverIndexes, serverPort, serverURL } from './servers';
import { catcherPorts } from './smtp-catcher';
import { whatsappEnv } from './whatsapp-standin';

const repoRoot = path.resolve(import.meta.dirname, '..');

/** Every run starts each server from an empty database seeded with the admin below and demo data. */
const dataDir = (index: number) => path.join(import.meta.dirname, '.data', String(index));

export default defineConfig({
  testDir: '.',
  // One worker per server (servers.ts): a server's tests share its database, so they run one
  // at a time, and a file's tests in order on one server unless the file says otherwise.
  workers: E2E_SERVERS,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // No retries, in CI either: a flaky test must fail, not pass on its second try.
  retries: 0,
  // CI keeps only its console: an HTML report there is never opened.
  reporter: 'list',
  outputDir: path.join(import.meta.dirname, 'test-results'),
  globalSetup: './global-setup.ts',
  // Several runs share two cores: a screen can take longer than the default 5 s to settle,
  // and a test than the default 30 s. These are hang guards, not deadlines.
  expect: { timeout: 15_000 },
  timeout: 60_000,
  use: {
    // No baseURL here: fixtures.ts points each worker at its own server.
    // Locally a failed test keeps its trace (DOM snapshots of every step), without the trace's
    // screencast (a quarter of the run). CI records none: its files are never seen there.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: serverIndexes().map((index) => {
    const port = serverPort(index);
    const baseURL = serverURL(index);
    return {
      // The production shape: the API serves the built web app (npm run test:e2e builds it first).
      command: `rm -rf "${dataDir(index)}" && node --import tsx apps/api/src/server.ts`,
      cwd: repoRoot,
      url: `${baseURL}/api/health/ready`,
      reuseExistingServer: false,
      timeout: 300_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir(index),
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        // A real SMTP server started by globalSetup receives the mail the app sends.
        SMTP_URL: `smtp://127.0.0.1:${catcherPorts(port).smtp}`,
        MAIL_FROM: 'Cricket Support <support@cricket.test>',
        // Sends are picked up within a quarter second, so a test sees 'sent' soon.
        NOTIFY_POLL_MS: '250',
        // Connected to WhatsApp's stand-in (globalSetup): templates are submitted and followed.
        ...whatsappEnv(port),
        PUBLIC_URL: baseURL,
        UNSUBSCRIBE_SECRET: E2E_UNSUBSCRIBE_SECRET,
      },
    };
  }),
});
