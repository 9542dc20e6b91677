import { test } from '@playwright/test';

/**
 * The run's servers. Each has its own embedded database, SMTP catcher and WhatsApp stand-in,
 * and one Playwright worker drives each (its `parallelIndex` picks it), so a server still sees
 * one test at a time while two run side by side. E2E_PORT moves them all, so runs in several
 * worktrees of this repo coexist on one machine.
 */
export const E2E_SERVERS = Number(process.env.E2E_SERVERS ?? 2);
const basePort = Number(process.env.E2E_PORT ?? 3100);

/** Server `index`'s port; its catcher and stand-in ports follow it (smtp-catcher, whatsapp-standin). */
export const serverPort = (index: number) => basePort + 5 * index;
export const serverIndexes = () => Array.from({ length: E2E_SERVERS }, (_, index) => index);
export const serverURL = (index: number) => `http://127.0.0.1:${serverPort(index)}`;

/** The port of the server the running test talks to (its worker's), for its catcher and stand-in. */
export const currentServerPort = () => serverPort(test.info().parallelIndex);
