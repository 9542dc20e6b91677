import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_UNSUBSCRIBE_SECRET } from './helpers';
import { catcherPorts } from './smtp-catcher';
import { whatsappEnv } from './whatsapp-standin';

const repoRoot = path.resolve(import.meta.dirname, '..');
// E2E_PORT lets runs in several worktrees of this repo coexist on one machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
/** A real SMTP server started by globalSetup receives the mail the app sends. */
const smtpPort = catcherPorts(port).smtp;

/** Every run starts from an empty database seeded with the admin below and demo data. */
const dataDir = path.join(import.meta.dirname, '.data');

export default defineConfig({
  testDir: '.',
  // One API process with one embedded database: tests share it, so they run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // No retries, in CI either: a flaky test must fail, not pass on its second try.
  retries: 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  outputDir: path.join(import.meta.dirname, 'test-results'),
  globalSetup: './global-setup.ts',
  // Several runs share two cores: a screen can take longer than the default 5 s to settle,
  // and a test than the default 30 s. These are hang guards, not deadlines.
  expect: { timeout: 15_000 },
  timeout: 60_000,
  use: {
    baseURL,
    // A failed test keeps its trace (DOM snapshots of every step) and a screenshot; the trace's
    // own screencast is left out: recording it for every test took a quarter of the run.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    // The production shape: the API serves the built web app (npm run test:e2e builds it first).
    command: `rm -rf "${dataDir}" && node --import tsx apps/api/src/server.ts`,
    cwd: repoRoot,
    url: `${baseURL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Cricket Support <support@cricket.test>',
      // Sends are picked up within a quarter second, so a test sees 'sent' soon.
      NOTIFY_POLL_MS: '250',
      // Connected to WhatsApp's stand-in (globalSetup): templates are submitted and followed.
      ...whatsappEnv(port),
      PUBLIC_URL: baseURL,
      UNSUBSCRIBE_SECRET: E2E_UNSUBSCRIBE_SECRET,
    },
  },
});
