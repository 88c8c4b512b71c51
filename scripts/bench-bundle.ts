/**
 * `npm run bench:bundle`: the size and the module-initialisation time of every Lambda bundle the
 * stack deploys. The list of functions comes from the stack itself (built with bundling skipped,
 * so it takes seconds): every HandlerFunction of ClubsStack, whichever construct made it. Each
 * entry is then bundled with exactly the settings `cdk deploy` uses (BUNDLE_SETTINGS of
 * infra/lib/handler-function.ts).
 *
 * Prints, per function, the minified and gzipped size of the JavaScript file Lambda loads, the
 * median time a fresh Node process takes to import it (INIT_RUNS processes; the import loads the
 * AWS SDK modules the bundle leaves to the runtime from node_modules, as Lambda loads its own),
 * and the largest contributors to the bundle (node_modules grouped by package, project files one
 * by one). The numbers are reported, never judged; only a failing build or import ends the script
 * with an error.
 */

import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { bundleHandler } from '@clubs/infra/lib/bundle.ts';
import { ClubsStack } from '@clubs/infra/lib/clubs-stack.ts';
import { loadConfig } from '@clubs/infra/lib/config.ts';
import { BUNDLE_SETTINGS, HandlerFunction } from '@clubs/infra/lib/handler-function.ts';
import { REPO_ROOT } from '@clubs/infra/lib/paths.ts';
import { App } from 'aws-cdk-lib';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';

const TOP_CONTRIBUTORS = 5;
/** Fresh Node processes per bundle whose import times give the median. */
const INIT_RUNS = 10;
/**
 * Where the bundles are written to be imported: inside the repository, so that the packages they
 * leave external resolve from its node_modules.
 */
const IMPORT_DIR = path.join(REPO_ROOT, 'node_modules/.cache/clubs-bench-bundle');
/** Run by each fresh process: the time, in milliseconds, its import of the bundle took. */
const TIME_IMPORT =
  'const start = performance.now(); await import(process.argv[1]); ' +
  'process.stdout.write(String(performance.now() - start)); process.exit(0);';

const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} KB`;

/** The stack as `cdk synth` builds it (cdk.json's context), without bundling anything. */
function deployedFunctions(): HandlerFunction[] {
  const cdkJson = JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  const app = new App({
    outdir: path.join(tmpdir(), 'clubs-bench-bundle.out'),
    context: { ...cdkJson.context, [BUNDLING_STACKS]: [] },
  });
  const config = loadConfig(app.node);
  new ClubsStack(app, config.stackName, { config });

  const all = app.node.findAll();
  const handlers = all.filter((construct) => construct instanceof HandlerFunction);
  // A NodejsFunction made some other way would be deployed but not measured: say so loudly.
  const unmeasured = all.filter(
    (construct) =>
      construct instanceof NodejsFunction && !handlers.some((handler) => handler.function === construct),
  );
  if (unmeasured.length > 0) {
    throw new Error(
      `NodejsFunctions outside HandlerFunction cannot be measured: ${unmeasured.map((c) => c.node.path).join(', ')}`,
    );
  }
  if (handlers.length === 0) throw new Error('the stack deploys no HandlerFunction');
  return handlers.sort((a, b) => a.handler.localeCompare(b.handler));
}

/** `node_modules/@scope/name/…` → `@scope/name`; a project file → its path from the repository root. */
function contributorOf(input: string): string {
  const marker = 'node_modules/';
  const at = input.lastIndexOf(marker);
  if (at < 0) return input;
  const [first, second] = input.slice(at + marker.length).split('/');
  return first?.startsWith('@') && second ? `${first}/${second}` : (first ?? input);
}

interface Measurement {
  readonly handler: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly initMs: number;
  readonly contributors: readonly (readonly [string, number])[];
  readonly externals: readonly string[];
}

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * The median time a fresh Node process takes to import the bundle: the module initialisation a
 * cold start pays before the first invocation. The process gets the environment the function
 * reads at load time in no form (no table name, no secrets), as a handler must load without them.
 */
function initTimeMs(handler: string, contents: Uint8Array): number {
  const dir = path.join(IMPORT_DIR, handler);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'index.mjs');
  writeFileSync(file, contents);
  const times: number[] = [];
  for (let run = 0; run < INIT_RUNS; run++) {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', TIME_IMPORT, file], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1' },
    });
    times.push(Number(out));
  }
  return median(times);
}

async function measure(fn: HandlerFunction): Promise<Measurement> {
  const { js, output } = await bundleHandler(fn.handler, fn.entry);

  const byContributor = new Map<string, number>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    const name = contributorOf(input);
    byContributor.set(name, (byContributor.get(name) ?? 0) + bytesInOutput);
  }
  const contributors = [...byContributor.entries()]
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP_CONTRIBUTORS);
  const externals = [
    ...new Set(
      output.imports
        .filter((imported) => imported.external && !builtins.has(imported.path))
        .map((imported) => imported.path),
    ),
  ].sort();

  return {
    handler: fn.handler,
    bytes: js.contents.byteLength,
    gzipBytes: gzipSync(js.contents).byteLength,
    initMs: initTimeMs(fn.handler, js.contents),
    contributors,
    externals,
  };
}

async function main(): Promise<void> {
  const functions = deployedFunctions();
  const results: Measurement[] = [];
  try {
    for (const fn of functions) results.push(await measure(fn));
  } finally {
    rmSync(IMPORT_DIR, { recursive: true, force: true });
  }

  const width = Math.max(...results.map((r) => r.handler.length), 'function'.length);
  const row = (cells: readonly string[]) =>
    `${cells[0]?.padEnd(width)}  ${cells[1]?.padStart(10)}  ${cells[2]?.padStart(9)}  ${cells[3]?.padStart(9)}`;

  console.log(
    `Lambda bundles (esbuild ${BUNDLE_SETTINGS.format}, minified, target ${BUNDLE_SETTINGS.target}; ` +
      `external: ${BUNDLE_SETTINGS.external.join(', ')}); 1 KB = 1000 bytes. ` +
      `init: median of ${INIT_RUNS} imports of the bundle, each in a fresh Node ${process.version} process.\n`,
  );
  console.log(row(['function', 'minified', 'gzip', 'init']));
  console.log(row(['-'.repeat(width), '-'.repeat(10), '-'.repeat(9), '-'.repeat(9)]));
  for (const r of results) {
    console.log(row([r.handler, kb(r.bytes), kb(r.gzipBytes), `${r.initMs.toFixed(0)} ms`]));
  }

  for (const r of results) {
    console.log(`\n${r.handler}: ${kb(r.bytes)}; largest contributors`);
    for (const [name, bytes] of r.contributors) {
      const share = ((bytes / r.bytes) * 100).toFixed(0).padStart(3);
      console.log(`  ${kb(bytes).padStart(9)}  ${share} %  ${name}`);
    }
    if (r.externals.length > 0) console.log(`  imported from the runtime: ${r.externals.join(', ')}`);
  }
}

await main();
