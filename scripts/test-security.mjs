// `npm run test:security`: the hostile-world suite. First the stored-XSS spec in headless
// Chromium (Playwright starts its own local stack on E2E_PORT), then a minute of mixed load on a
// local stack of its own (scripts/bench-load.ts, on LOAD_PORT: E2E_PORT + 100 unless set), then
// the vitest `security` project (access matrix, generated bad input, races, faults). All leave
// their counts in one folder (SECURITY_REPORT_DIR) and the project's teardown prints one summary
// of all of them, told how the browser and load runs ended so it never reports counts a run did
// not measure. Arguments are passed to vitest. Exits non-zero if any run failed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const reportDir = mkdtempSync(join(tmpdir(), 'clubs-security-'));
const env = {
  ...process.env,
  SECURITY_REPORT_DIR: reportDir,
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

console.log('=== stored XSS in headless Chromium: tests/e2e/stored-xss.spec.ts');
const browser = spawnSync(
  'npx',
  [
    'playwright',
    'test',
    '-c',
    'tests/e2e/playwright.config.ts',
    '--reporter=list',
    'tests/e2e/stored-xss.spec.ts',
  ],
  { stdio: 'inherit', env },
);
const xssRun = browser.status === 0 ? 'passed' : 'failed';

// A minute of mixed load with a small world (CI time: a minute plus the stack's start), on ports
// a hundred above the browser run's stack, so the two never share one.
console.log('\n=== a minute of mixed load on the local stack, then the books: scripts/bench-load.ts');
const load = spawnSync('npx', ['tsx', 'scripts/bench-load.ts'], {
  stdio: 'inherit',
  env: {
    ...env,
    LOAD_MINUTES: process.env.LOAD_MINUTES ?? '1',
    LOAD_MEMBERS: process.env.LOAD_MEMBERS ?? '60',
    LOAD_PORT: process.env.LOAD_PORT ?? String(Number(process.env.E2E_PORT ?? 5273) + 100),
  },
});
const loadRun = load.status === 0 ? 'passed' : 'failed';

console.log('\n=== access matrix, generated bad input, races, faults: vitest --project security');
const suite = spawnSync('npx', ['vitest', 'run', '--project', 'security', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...env, SECURITY_XSS_RUN: xssRun, SECURITY_LOAD_RUN: loadRun },
});

rmSync(reportDir, { recursive: true, force: true });
process.exit(browser.status === 0 && load.status === 0 && suite.status === 0 ? 0 : 1);
