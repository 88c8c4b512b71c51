/**
 * `npm run bench:bundle`: the size of every Lambda bundle the stack deploys, measured with
 * esbuild's metafile. The list of functions comes from the stack itself (built with bundling
 * skipped, so it takes seconds): every HandlerFunction of ClubsStack, whichever construct made it.
 * Each entry is then bundled with exactly the settings `cdk deploy` uses (BUNDLE_SETTINGS of
 * infra/lib/handler-function.ts), in memory.
 *
 * Prints, per function, the minified and gzipped size of the JavaScript file Lambda loads, whether
 * it is within TARGET_BYTES, and the largest contributors to it (node_modules grouped by package,
 * project files one by one). The numbers are for the notes: a bundle over the target is reported,
 * not failed; only a failing build ends the script with an error.
 */

import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { App } from 'aws-cdk-lib';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { bundleHandler } from '../infra/lib/bundle.ts';
import { ClubsStack } from '../infra/lib/clubs-stack.ts';
import { loadConfig } from '../infra/lib/config.ts';
import { BUNDLE_SETTINGS, HandlerFunction } from '../infra/lib/handler-function.ts';
import { REPO_ROOT } from '../infra/lib/paths.ts';

/** At most 250 KB of minified JavaScript per function (1 KB = 1000 bytes). */
const TARGET_BYTES = 250_000;
const TOP_CONTRIBUTORS = 5;

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
  readonly contributors: readonly (readonly [string, number])[];
  readonly externals: readonly string[];
}

const builtins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

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
    contributors,
    externals,
  };
}

async function main(): Promise<void> {
  const functions = deployedFunctions();
  const results: Measurement[] = [];
  for (const fn of functions) results.push(await measure(fn));

  const width = Math.max(...results.map((r) => r.handler.length), 'function'.length);
  const row = (cells: readonly string[]) =>
    `${cells[0]?.padEnd(width)}  ${cells[1]?.padStart(10)}  ${cells[2]?.padStart(9)}  ${cells[3]}`;

  console.log(
    `Lambda bundles (esbuild ${BUNDLE_SETTINGS.format}, minified, target ${BUNDLE_SETTINGS.target}; ` +
      `external: ${BUNDLE_SETTINGS.external.join(', ')}. Target: at most ${kb(TARGET_BYTES)} ` +
      'minified per function; 1 KB = 1000 bytes.\n',
  );
  console.log(row(['function', 'minified', 'gzip', `≤ ${kb(TARGET_BYTES)}`]));
  console.log(row(['-'.repeat(width), '-'.repeat(10), '-'.repeat(9), '-'.repeat(10)]));
  for (const r of results) {
    console.log(row([r.handler, kb(r.bytes), kb(r.gzipBytes), r.bytes <= TARGET_BYTES ? 'pass' : 'FAIL']));
  }

  for (const r of results) {
    console.log(`\n${r.handler}: ${kb(r.bytes)}; largest contributors`);
    for (const [name, bytes] of r.contributors) {
      const share = ((bytes / r.bytes) * 100).toFixed(0).padStart(3);
      console.log(`  ${kb(bytes).padStart(9)}  ${share} %  ${name}`);
    }
    if (r.externals.length > 0) console.log(`  imported from the runtime: ${r.externals.join(', ')}`);
  }

  const over = results.filter((r) => r.bytes > TARGET_BYTES);
  console.log(
    over.length === 0
      ? `\nAll ${results.length} functions are within ${kb(TARGET_BYTES)}.`
      : `\nOVER THE TARGET: ${over.map((r) => `${r.handler} (${kb(r.bytes)})`).join(', ')}.`,
  );
}

await main();
