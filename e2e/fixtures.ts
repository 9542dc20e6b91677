import { test as base } from '@playwright/test';
import { serverURL } from './servers';

export * from '@playwright/test';

/**
 * Playwright's `test`, pointed at this worker's own server (servers.ts): specs import it from
 * here, never from '@playwright/test', or they would all reach the first server.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo.parallelIndex)),
});
