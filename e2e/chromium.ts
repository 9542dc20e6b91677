/**
 * The system Chromium from Debian (Playwright never downloads a browser here), and the flags
 * it needs on these machines: run as root, no GPU, and no calls home on a closed network.
 * Shared by the e2e tests and bench/web-size.ts.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
