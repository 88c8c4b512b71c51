// `npm run typecheck`: two programs of TypeScript 7's native compiler side by side: the root
// tsconfig (shared, functions, infra, tests, scripts: one set of compiler options, so one program
// checks each file once) and web's (the DOM and JSX). Checking each workspace as a program of its
// own checked shared in five of them and functions in three (386 s on a loaded CI machine). Each
// program's output is printed whole once it ends, so errors never interleave; any failure fails
// the run. Each keeps its .tsbuildinfo in node_modules/.cache/typecheck, so a second run re-checks
// only what changed.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const cache = join(root, 'node_modules', '.cache', 'typecheck');
// The larger program first, so the two end close together.
const projects = [
  { name: 'root (shared, functions, infra, tests, scripts)', config: 'tsconfig.json', info: 'root' },
  { name: 'web', config: 'web/tsconfig.json', info: 'web' },
];
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const queue = [...projects];
const failed = [];
mkdirSync(cache, { recursive: true });

function check({ name, config, info }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const args = [
      tsc,
      '-p',
      join(root, config),
      '--incremental',
      '--tsBuildInfoFile',
      join(cache, `${info}.tsbuildinfo`),
    ];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code !== 0) failed.push(name);
      process.stdout.write(`tsc ${name}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${output}`);
      resolve();
    });
  });
}

async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) await check(project);
}

await Promise.all(Array.from({ length: Math.min(availableParallelism(), projects.length) }, worker));
if (failed.length) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
