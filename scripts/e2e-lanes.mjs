// Which spec files each end-to-end lane of `npm test` walks (scripts/test.mjs). Playwright's own
// --shard cuts the alphabetical list of files into runs of equal test counts, which left the
// stored-XSS walk (as long as about two dozen others) at the end of one lane while the other had
// finished a minute and a half before. Here each file weighs its walks, a walk 1 unless it says
// how many ordinary walks it is worth in a `lane-weight` annotation, and the heaviest files are
// dealt first, each to the lane with the least weight so far.
import { execFile } from 'node:child_process';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

/** The annotation a walk gives, with a number for its description, when it is worth several. */
export const LANE_WEIGHT = 'lane-weight';

/** Each spec file of Playwright's JSON list (`--list --reporter=json`) and its weight. */
export function fileWeights(listReport) {
  const weights = new Map();
  const collect = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const declared = test.annotations?.find((annotation) => annotation.type === LANE_WEIGHT);
        const weight = declared ? Number(declared.description) : 1;
        if (!(weight > 0)) throw new Error(`${here}: a ${LANE_WEIGHT} must be a positive number`);
        weights.set(here, (weights.get(here) ?? 0) + weight);
      }
    }
    for (const child of suite.suites ?? []) collect(child, here);
  };
  for (const suite of listReport.suites ?? []) collect(suite, suite.file);
  return weights;
}

/** `weights`' files dealt into `lanes` lists of about equal weight (longest first, to the lightest). */
export function dealIntoLanes(weights, lanes) {
  const dealt = Array.from({ length: lanes }, () => ({ weight: 0, files: [] }));
  const heaviestFirst = [...weights].sort(([a, wa], [b, wb]) => wb - wa || a.localeCompare(b));
  for (const [file, weight] of heaviestFirst) {
    const lightest = dealt.reduce((best, lane) => (lane.weight < best.weight ? lane : best));
    lightest.weight += weight;
    lightest.files.push(file);
  }
  return dealt.map((lane) => ({ weight: lane.weight, files: lane.files.sort() }));
}

/**
 * Each spec file's weight, by its path from `cwd` (Playwright's file filters), read from
 * Playwright's listing of the walks under `env` (which walks run depends on it: LOCAL_WEB).
 */
export async function walkWeights(config, env, cwd = process.cwd()) {
  const { stdout } = await promisify(execFile)(
    'npx',
    ['playwright', 'test', '-c', config, '--list', '--reporter=json'],
    { env, cwd, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout);
  const testDir = report.config?.rootDir ?? cwd;
  return new Map(
    [...fileWeights(report)].map(([file, weight]) => [relative(cwd, join(testDir, file)), weight]),
  );
}

/** The spec files of each of `lanes` lanes (walkWeights' files, dealt). */
export const laneFiles = async (config, lanes, env, cwd = process.cwd()) =>
  dealIntoLanes(await walkWeights(config, env, cwd), lanes);
