import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2ePort, STACK_COMMAND, stackEnvironment } from './stack.ts';

/**
 * End-to-end suite: boots the whole local stack (`npm start`) on its own ports with a fresh data
 * folder and demo data, then drives the real UI in the system's headless Chromium.
 */
const port = e2ePort();
const baseURL = `http://localhost:${port}`;
// Set once in the runner's environment so that workers (which load this file again) and specs
// see the same data folder, e.g. to read a confirmation code cognito-local stored.
process.env.E2E_LOCAL_DIR ??= mkdtempSync(join(tmpdir(), 'clubs-e2e-'));
const localDir = process.env.E2E_LOCAL_DIR;
// The walks run in Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright
// itself uses for headless runs): the same Blink and V8 without the full browser's UI layer, which
// cost the walks about 60% more CPU on a 2-core machine. The full browser stands in where the
// shell is not installed.
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    trace: 'off',
    // The walks that take Playwright's own `page` reuse one browser context per worker, which
    // Playwright resets between tests (cookies, cache, local storage and IndexedDB cleared, extra
    // pages closed, routes and init scripts removed, the page back on about:blank): a fresh context
    // costs a new renderer process and every bundle compiled again, about 1 s of CPU per walk on
    // a 2-core machine. No walk changes what the reset leaves (permissions, geolocation, offline,
    // extra headers) on that context; the walks that need a second person open contexts of their
    // own, and each demo account's pages share one context of its own (club-support.ts).
    reuseContext: true,
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: STACK_COMMAND,
    cwd: join(import.meta.dirname, '..', '..'),
    url: `${baseURL}/api/health`,
    // The stack seeds its demo data before it answers; on a loaded 2-core machine that takes minutes.
    timeout: 360_000,
    // `npm test` starts the stack while vitest runs and says so (scripts/test.mjs); else it is ours.
    reuseExistingServer: process.env.E2E_STACK_STARTED === '1',
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...stackEnvironment(port, localDir), E2E_PORT: String(port), E2E_LOCAL_DIR: localDir },
  },
});
