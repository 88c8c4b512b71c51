// `npm run typecheck`: each workspace's tsconfig and the root one (tests, scripts), checked by
// tsc side by side up to the machine's cores: tsc is single-threaded, and one after another they
// left the other core of a 2-core CI machine idle for two minutes. Each project's output is
// printed whole once it ends, so errors never interleave; any failure fails the run.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const projects = ['shared', 'functions', 'infra', 'web', 'tsconfig.json'];
const tsc = join(import.meta.dirname, '..', 'node_modules', 'typescript', 'bin', 'tsc');
const queue = [...projects];
const failed = [];

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code !== 0) failed.push(project);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'FAILED'} (${seconds} s)\n${output}`);
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
