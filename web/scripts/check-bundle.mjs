/**
 * Checks the built SPA (web/dist): the JavaScript needed for the first paint of `/` (the entry,
 * its modulepreloads and the landing page chunk, with their static imports) stays within the
 * budget, and Amplify's Authenticator is not part of it.
 *
 *   npm run build -w web && npm run size -w web      (BUDGET_KB overrides the 170 KB budget)
 *   npm run bench:web                                 (both, from the repository root)
 *
 * It also reports the largest chunk of the build, lazy route chunks included.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const assets = join(dist, 'assets');
const budgetBytes = Number(process.env.BUDGET_KB ?? 170) * 1000;
/** A string literal of Amplify's authenticator state machine; it survives minification. */
const AUTHENTICATOR_MARKER = 'signInActor';

if (!existsSync(join(dist, 'index.html'))) {
  console.error('web/dist/index.html is missing: run `npm run build -w web` first.');
  process.exit(1);
}

// What `/` loads is its entry document (web/build/entry-documents.ts): the shell's code, the
// landing page's chunk graph, the API client and the early-data script.
const html = readFileSync(
  join(dist, existsSync(join(dist, 'home.html')) ? 'home.html' : 'index.html'),
  'utf8',
);
// The document's own scripts and preloads, and the app's code it names to fetch when the app starts
// (web/src/start-on-demand.ts): on a phone the featured clubs are in view at once, so that is the
// JavaScript of the page's first minute whichever way it starts.
const roots = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const named = html.match(/<meta name="clubs:app-modules" content="([^"]*)">/)?.[1] ?? '';
const beforeStart = new Set(roots);
roots.push(
  ...named
    .split(' ')
    .filter(Boolean)
    .map((file) => file.replace(/^\/assets\//, '')),
);
const landing = readdirSync(assets).find((f) => /^LandingPage-.*\.js$/.test(f));
if (!landing) {
  console.error('No LandingPage chunk found in web/dist/assets.');
  process.exit(1);
}

/** `files` and everything they import statically. */
const graph = (files, into = new Set()) => {
  for (const file of files) {
    if (into.has(file)) continue;
    into.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    graph(
      [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]),
      into,
    );
  }
  return into;
};
const initial = graph([...roots, landing]);
const untilStartFiles = graph(beforeStart);

let total = 0;
let untilStart = 0;
const problems = [];
for (const file of initial) {
  const code = readFileSync(join(assets, file));
  const gzipped = gzipSync(code, { level: 9 }).length;
  total += gzipped;
  if (untilStartFiles.has(file)) untilStart += gzipped;
  console.log(`${(gzipped / 1000).toFixed(1).padStart(8)} KB  ${file}`);
  if (code.includes(AUTHENTICATOR_MARKER)) problems.push(`${file} contains the Authenticator`);
}
console.log(
  `${(untilStart / 1000).toFixed(1).padStart(8)} KB  of it before the app starts (the document's own scripts and their imports)`,
);
console.log(
  `${(total / 1000).toFixed(1).padStart(8)} KB  initial JS of / (gzip), budget ${budgetBytes / 1000} KB`,
);
// The largest chunk of the whole build (lazy ones included): what one route can cost on its own.
const chunks = readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((file) => ({ file, gzipped: gzipSync(readFileSync(join(assets, file)), { level: 9 }).length }))
  .sort((a, b) => b.gzipped - a.gzipped);
const largest = chunks[0];
if (largest) {
  console.log(
    `${(largest.gzipped / 1000).toFixed(1).padStart(8)} KB  largest chunk (gzip): ${largest.file}, of ${chunks.length} chunks`,
  );
}
if (total > budgetBytes)
  problems.push(`initial JS of / is over budget by ${((total - budgetBytes) / 1000).toFixed(1)} KB`);
for (const problem of problems) console.error(`✗ ${problem}`);
process.exit(problems.length ? 1 : 0);
