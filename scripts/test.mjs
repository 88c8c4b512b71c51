// `npm test`: lint, typecheck, the build of what ships (`npm run build`: the SPA and every
// function bundle, as `cdk deploy` makes them) and every suite (unit, integration, security, CDK
// and web in vitest, the prod stage's deploy check among the CDK tests; end-to-end in E2E_LANES
// lanes, one per core up to four unless set), the checks in two lanes and the suites after them, each
// printing its own summary, then one closing line with the totals. Exits non-zero on any failure.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { laneFiles } from './e2e-lanes.mjs';
import { canStartEarly, startE2eStack } from './e2e-stack.mjs';
import { skippedTests, timeTable } from './test-times.mjs';

const results = [];
const totals = { passed: 0, failed: 0, skipped: 0 };
const reports = mkdtempSync(join(tmpdir(), 'clubs-test-'));
const env = { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', FORCE_COLOR: '0' };

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * A step whose output is held until it ends, so steps that run side by side print whole, one
 * after the other. Its result takes the place `slot` keeps for it in the summary.
 */
function quietStep(name, command, args) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')} (started)`);
  const slot = results.push({ name, ok: false, seconds: '…' }) - 1;
  const started = Date.now();
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\n=== ${name} (${seconds} s):`);
      process.stdout.write(Buffer.concat(output));
      results[slot] = { name, ok: code === 0, seconds };
      resolve(code === 0);
    }),
  );
}

// The checks run in two lanes: lint then typecheck, beside the build. Then vitest, then the walks.
// The deploy check of the prod stage (`npm run deploy:check`: cdk-nag, cfn-lint and the quotas)
// is not a step of its own: tests/infra/deployable.test.ts runs the same check (checkStage, failing
// on what failuresOf lists) for a concrete account and region, so a step would synthesize and lint
// the stage a second time. TEST_SIDE_BY_SIDE=1 starts vitest with the checks and runs the walks
// beside it, for a machine with cores to spare: on two cores every step is CPU-bound, so side by
// side vitest took 989 s instead of about 520 s and a walk ran out of its time.
const serial = process.env.TEST_SIDE_BY_SIDE !== '1';
const runStarted = Date.now();
const vitestReport = join(reports, 'vitest.json');
const runVitest = () =>
  quietStep('vitest (shared, functions, web, infra, integration, security)', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]);
const checks = Promise.all([
  quietStep('lint', 'npm', ['run', '--silent', 'lint']).then(() =>
    quietStep('typecheck', 'npm', ['run', '--silent', 'typecheck']),
  ),
  quietStep('build (the SPA, then cdk synth bundling every function)', 'npm', ['run', '--silent', 'build']),
]);
// The walks run in lanes: each lane walks its own spec files (scripts/e2e-lanes.mjs) against a
// whole local stack of its own (its own ports and data folder), so no walk ever sees another lane's
// writes. Each lane's lines carry its number when there are several. One lane (its stack, DynamoDB
// Local and the headless shell) kept 57% of a 2-core machine busy, waiting on the stack and the
// page the rest of the time, so there is a lane per core, up to four: each lane is a whole stack,
// and beyond about five the stored-XSS walk alone (a sixth of the walks' weight) is the longest.
const lanes = Math.max(1, Number(process.env.E2E_LANES ?? Math.min(4, availableParallelism())));
const e2eConfig = 'tests/e2e/playwright.config.ts';
const laneEnv = { ...env };
// Each lane's config makes a data folder of its own; one given from outside would be shared.
delete laneEnv.E2E_LOCAL_DIR;
const lanePort = (index) => Number(process.env.E2E_PORT ?? 5273) + 100 * index;
// The walks' stacks start while vitest runs (scripts/e2e-stack.mjs), once the build has made the
// SPA they serve. E2E_EARLY_STACK=0 leaves their start to Playwright, after vitest.
const earlyStacks =
  serial && canStartEarly() && process.env.E2E_EARLY_STACK !== '0'
    ? checks.then(() =>
        Array.from({ length: lanes }, (_, index) =>
          startE2eStack(lanePort(index), { ...laneEnv, LOCAL_WEB: 'dist' }),
        ),
      )
    : Promise.resolve([]);
const vitestDone = serial ? earlyStacks.then(runVitest) : runVitest();

const checksDone = checks.then(() =>
  console.log(`\n=== the checks took ${((Date.now() - runStarted) / 1000).toFixed(1)} s`),
);

async function lane(index, stack, files) {
  // More lanes than spec files: this one has none to walk (no filter would walk them all).
  if (files?.length === 0) {
    await stack?.stop();
    return { ok: true, report: null };
  }
  const report = join(reports, `playwright-${index}.json`);
  const args = ['playwright', 'test', '-c', e2eConfig];
  // Playwright's own shards where the files could not be dealt.
  if (lanes > 1) args.push(...(files ?? [`--shard=${index + 1}/${lanes}`]));
  const prefix = lanes > 1 ? `[lane ${index + 1}] ` : '[e2e] ';
  let early = {};
  if (stack) {
    stack.show(`${prefix}[early stack] `);
    if (await stack.ready()) {
      console.log(
        `${prefix}the stack started while vitest ran answers (${stack.seconds()} s after its start)`,
      );
      early = { E2E_STACK_STARTED: '1', E2E_LOCAL_DIR: stack.localDir };
    } else {
      console.log(`${prefix}the stack started while vitest ran does not answer: Playwright starts one`);
      await stack.stop();
    }
  }
  const child = spawn('npx', args, {
    env: {
      ...laneEnv,
      ...early,
      PLAYWRIGHT_JSON_OUTPUT_NAME: report,
      E2E_PORT: String(lanePort(index)),
      // The walks load the SPA the build step has just made (Vite's preview server, same proxy),
      // as users get it: a few hashed bundles per fresh browser context instead of every module.
      LOCAL_WEB: 'dist',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${prefix}${line}`));
  }
  const code = await new Promise((resolve) => child.on('close', resolve));
  await stack?.stop();
  return { ok: code === 0, report };
}
/** Each lane's spec files, or none (Playwright's shards then) if the walks could not be listed. */
async function dealLanes() {
  try {
    const dealt = await laneFiles(e2eConfig, lanes, {
      ...laneEnv,
      LOCAL_WEB: 'dist',
      E2E_LOCAL_DIR: reports,
    });
    for (const [index, lane] of dealt.entries()) {
      console.log(`[lane ${index + 1}] ${lane.files.length} spec files, weight ${lane.weight}`);
    }
    return dealt;
  } catch (error) {
    console.log(
      `the walks could not be listed (${error.message.split('\n')[0]}): Playwright's shards instead`,
    );
    return [];
  }
}
const e2eName = `end-to-end (Playwright, headless Chromium, ${lanes} lane${lanes > 1 ? 's' : ''})`;
const walksDone = (serial ? vitestDone.then(() => checks) : checks).then(async () => {
  console.log(`\n=== ${e2eName} (started)`);
  const e2eStarted = Date.now();
  const slot = results.push({ name: e2eName, ok: false, seconds: '…' }) - 1;
  const stacks = await earlyStacks;
  const dealt = lanes > 1 ? await dealLanes() : [];
  const runs = await Promise.all(
    Array.from({ length: lanes }, (_, index) => lane(index, stacks[index], dealt[index]?.files)),
  );
  results[slot] = {
    name: e2eName,
    ok: runs.every((run) => run.ok),
    seconds: ((Date.now() - e2eStarted) / 1000).toFixed(1),
  };
  return runs;
});
const [laneRuns] = await Promise.all([walksDone, vitestDone, checksDone]);
console.log(`\n=== the whole run took ${((Date.now() - runStarted) / 1000).toFixed(1)} s`);

const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
}
// One report of all lanes: their counts added, their spec files side by side.
const laneReports = laneRuns.filter((run) => run.report).map((run) => readJson(run.report));
const playwright = laneReports.every(Boolean)
  ? {
      stats: Object.fromEntries(
        ['expected', 'unexpected', 'flaky', 'skipped'].map((key) => [
          key,
          laneReports.reduce((sum, report) => sum + (report.stats?.[key] ?? 0), 0),
        ]),
      ),
      suites: laneReports.flatMap((report) => report.suites ?? []),
    }
  : null;
if (!playwright) results.push({ name: 'every end-to-end lane left its report', ok: false, seconds: '0.0' });
if (playwright?.stats) {
  totals.passed += playwright.stats.expected;
  totals.failed += playwright.stats.unexpected + playwright.stats.flaky;
  totals.skipped += playwright.stats.skipped;
}
rmSync(reports, { recursive: true, force: true });

for (const line of timeTable(vitest, playwright, process.cwd())) console.log(line);

// Every skipped test must be declared with its reason in tests/declared-skips.json ("file › full
// name": reason) or, for a walk, by the reason its test.skip gives: a skip nobody declared is a
// test that silently stopped running, and fails the run like a failure.
const declaredSkips = readJson(join(import.meta.dirname, '..', 'tests', 'declared-skips.json')) ?? {};
const skips = skippedTests(vitest, playwright, process.cwd());
const undeclared = skips.filter((name) => !declaredSkips[name]);
for (const name of skips.filter((name) => declaredSkips[name]))
  console.log(`skipped (declared): ${name}: ${declaredSkips[name]}`);
results.push({
  name: 'no undeclared skip (tests/declared-skips.json)',
  ok: undeclared.length === 0,
  seconds: '0.0',
});
if (undeclared.length > 0) {
  console.log('\n=== skipped without a declared reason (tests/declared-skips.json)');
  for (const name of undeclared) console.log(`- ${name}`);
}

// The failures again, briefly, just above the summary: a CI log read from its end shows what
// failed and why without the hundreds of lines the suites print before.
const plain = (text) => stripVTControlCharacters(String(text ?? ''));
const brief = (text, lines = 14) => plain(text).split('\n').slice(0, lines).join('\n');
const failures = [];
for (const file of vitest?.testResults ?? []) {
  for (const test of file.assertionResults ?? []) {
    if (test.status === 'failed') failures.push(`${test.fullName}\n${brief(test.failureMessages?.[0])}`);
  }
}
const walk = (suite, path) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const last = test.results?.at(-1);
      if (last && !['passed', 'skipped'].includes(last.status)) {
        const errors = (last.errors ?? []).map((e) => brief(e.message, 24)).join('\n');
        failures.push(`${path}${spec.title} (${last.status})\n${errors}`);
      }
    }
  }
  for (const child of suite.suites ?? []) walk(child, `${path}${child.title} › `);
};
for (const suite of playwright?.suites ?? []) walk(suite, '');
if (failures.length > 0) {
  console.log('\n=== failures (first lines of each)');
  for (const failure of failures.slice(0, 10)) console.log(`\n- ${failure}`);
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds} s)`);
const failedSteps = results.filter((r) => !r.ok).length;
console.log(`\n${totals.passed} passed, ${totals.failed + failedSteps} failed, ${totals.skipped} skipped`);
process.exit(failedSteps === 0 && totals.failed === 0 ? 0 : 1);
