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
const roots = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const landing = readdirSync(assets).find((f) => /^LandingPage-.*\.js$/.test(f));
if (!landing) {
  console.error('No LandingPage chunk found in web/dist/assets.');
  process.exit(1);
}

const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  initial.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(m[1]);
};
for (const file of [...roots, landing]) visit(file);

let total = 0;
const problems = [];
for (const file of initial) {
  const code = readFileSync(join(assets, file));
  const gzipped = gzipSync(code, { level: 9 }).length;
  total += gzipped;
  console.log(`${(gzipped / 1000).toFixed(1).padStart(8)} KB  ${file}`);
  if (code.includes(AUTHENTICATOR_MARKER)) problems.push(`${file} contains the Authenticator`);
}
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
