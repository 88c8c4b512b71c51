/**
 * `npm run bench:lighthouse`: Lighthouse on the production build of the SPA, served the way
 * CloudFront serves it, in front of the whole local stack with its demo data.
 *
 * 1. Builds the SPA (`vite build`).
 * 2. Starts the local stack (`infra/local/start.ts`) on free ports with a fresh data folder.
 * 3. Serves web/dist as the distribution does (infra/local/site-server.ts: HTTP/2 over TLS with a
 *    certificate of its own), /api, /config.json, /cognito and /media going to the local stack.
 * 4. Runs Lighthouse (its default mobile emulation and throttling, the system Chromium) RUNS
 *    times on `/`, `/clubs`, a public club page and `/login`, and prints the median of each
 *    category score and of FCP, LCP, TBT and CLS per page.
 *
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, listenOn } from '@clubs/infra/local/ports.ts';
import { createSiteServer } from '@clubs/infra/local/site-server.ts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { percentile } from './bench-support.ts';
import { startLocalStack } from './local-stack.ts';

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** `--serve`: build and serve the site as Lighthouse sees it, for a look in a browser, and run nothing. */
const SERVE_ONLY = process.argv.includes('--serve');
/** A folder to keep each run's full report in (JSON, readable in the Lighthouse viewer). */
const REPORTS = process.env.LIGHTHOUSE_REPORTS;
const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'web', 'dist');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = [
  ['FCP', 'first-contentful-paint', 'ms'],
  ['LCP', 'largest-contentful-paint', 'ms'],
  ['TBT', 'total-blocking-time', 'ms'],
  ['CLS', 'cumulative-layout-shift', ''],
] as const;

/**
 * A self-signed certificate for localhost, made for this run: the site is served over HTTP/2 as
 * the distribution serves it (HTTP/2 and 3), and browsers speak HTTP/2 only over TLS.
 */
function localCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'clubs-lighthouse-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
}

type Row = { scores: Record<string, number>; metrics: Record<string, number>; failing: string[] };

/** The non-performance audits a page lost points on, by id (what to fix to reach 100). */
const FAILING_CATEGORIES = ['accessibility', 'best-practices', 'seo'] as const;

async function audit(url: string, port: number, name: string): Promise<Row> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (REPORTS) {
    mkdirSync(REPORTS, { recursive: true });
    writeFileSync(path.join(REPORTS, `${name}.json`), JSON.stringify(result.lhr));
  }
  const { categories, audits } = result.lhr;
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)])),
    metrics: Object.fromEntries(METRICS.map(([name, id]) => [name, audits[id]?.numericValue ?? Number.NaN])),
    failing: FAILING_CATEGORIES.flatMap((category) =>
      (categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id}`),
    ),
  };
}

async function main(): Promise<void> {
  console.log('Building the SPA…');
  execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'ignore' });
  console.log('Starting the local stack…');
  const stack = await startLocalStack(await freePort(), 'clubs-lighthouse-');
  const site = createSiteServer(DIST, stack.appUrl, localCertificate());
  const sitePort = await listenOn(site, 0, '127.0.0.1');
  const origin = `https://localhost:${sitePort}`;
  if (SERVE_ONLY) {
    console.log(`Serving the production build on ${origin} (Ctrl-C stops it)`);
    process.once('SIGINT', () => {
      site.close();
      void stack.stop();
    });
    return;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    // The certificate is this run's own (localCertificate).
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--ignore-certificate-errors'],
  });
  try {
    const clubs = (await (await fetch(`${stack.appUrl}/api/clubs?limit=1`)).json()) as {
      items: { id: string }[];
    };
    const clubId = clubs.items[0]?.id;
    if (!clubId) throw new Error('the demo data has no club');
    const pages = ['/', '/clubs', `/c/${clubId}`, '/login'];
    console.log(`Lighthouse ${RUNS}× per page (mobile emulation, default throttling) on ${origin}\n`);
    const header = [
      'page',
      ...CATEGORIES,
      ...METRICS.map(([name, , unit]) => (unit ? `${name} ${unit}` : name)),
    ];
    console.log(header.map((cell, i) => (i === 0 ? cell.padEnd(10) : cell.padStart(16))).join(''));
    for (const page of pages) {
      const label = page.startsWith('/c/') ? '/c/{id}' : page;
      const rows: Row[] = [];
      for (let run = 0; run < RUNS; run++)
        rows.push(await audit(`${origin}${page}`, chrome.port, `${label.replace(/\W+/g, '_')}-${run + 1}`));
      const cells = [
        ...CATEGORIES.map((id) => String(median(rows.map((r) => r.scores[id] ?? 0)))),
        ...METRICS.map(([name]) => {
          const value = median(rows.map((r) => r.metrics[name] ?? Number.NaN));
          return name === 'CLS' ? value.toFixed(3) : value.toFixed(0);
        }),
      ];
      console.log([label.padEnd(10), ...cells.map((cell) => cell.padStart(16))].join(''));
      const failing = [...new Set(rows.flatMap((r) => r.failing))];
      if (failing.length > 0) console.log(`${''.padEnd(10)}failing: ${failing.join(', ')}`);
    }
    console.log('\nMedians; scores out of 100, times in ms.');
  } finally {
    chrome.kill();
    site.close();
    await stack.stop();
  }
}

await main();
