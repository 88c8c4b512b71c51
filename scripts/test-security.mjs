// `npm run test:security`: the hostile-world suite. First the stored-XSS spec in headless
// Chromium (Playwright starts its own local stack on E2E_PORT), then the vitest `security`
// project (access matrix, generated bad input, races, faults). Both leave their counts in one
// folder (SECURITY_REPORT_DIR) and the project's teardown prints one summary of all of them,
// told how the browser run ended so it never reports counts that run did not measure.
// Arguments are passed to vitest. Exits non-zero if either run failed.
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

console.log('\n=== access matrix, generated bad input, races, faults: vitest --project security');
const suite = spawnSync('npx', ['vitest', 'run', '--project', 'security', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...env, SECURITY_XSS_RUN: xssRun },
});

rmSync(reportDir, { recursive: true, force: true });
process.exit(browser.status === 0 && suite.status === 0 ? 0 : 1);
