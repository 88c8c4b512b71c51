/**
 * `npm run bench:load`: a sustained mixed load on the whole local stack, then the books.
 *
 * 1. Starts the local stack (scripts/local-stack.ts) on eight ports from LOAD_PORT (default 5373)
 *    with a fresh data folder and the demo data; loopback only.
 * 2. Builds a world through the API (scripts/load/world.ts): LOAD_CLUBS new free clubs (default 4,
 *    each paid for on the Stripe simulator) beside the demo owner's, and LOAD_MEMBERS members
 *    (default 300) signed up and in through cognito-local, who ask to join and are approved.
 * 3. For LOAD_MINUTES (default 10), and at most LOAD_MAX_REQUESTS requests, LOAD_CONCURRENCY
 *    workers (default 8) run the mix of scripts/load/mix.ts through the local gateway.
 * 4. Prints throughput, p50/p95/p99 per route group, every answer that is neither 2xx nor 4xx,
 *    the stack's memory at the start and the end of the load, and the machine's load average.
 * 5. Once the bus is quiet, checks the books in DynamoDB Local and the simulator
 *    (scripts/load/books.ts).
 *
 * Any 5xx (or other answer neither 2xx nor 4xx) or any mismatch exits with 1. With
 * SECURITY_REPORT_DIR set, its counts go to `npm run test:security`'s summary.
 */
import '@clubs/infra/local/quiet-sdk.ts';
import { loadavg } from 'node:os';
import { loadLocalConfig } from '@clubs/infra/local/config.ts';
import { writeReport } from '../tests/security/support/summary.ts';
import { percentile, printTable, seededRandom } from './bench-support.ts';
import { LoadApi } from './load/api.ts';
import { checkBooks, unsettledStripeEvents } from './load/books.ts';
import { formatMemory, stackMemory } from './load/memory.ts';
import { type MixContext, runOne, stripeOn } from './load/mix.ts';
import { RECORDER_HEADER, Recorder } from './load/recorder.ts';
import { buildWorld, until } from './load/world.ts';
import { startLocalStack } from './local-stack.ts';

const numberFrom = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

const MINUTES = numberFrom('LOAD_MINUTES', 10);
const MEMBERS = numberFrom('LOAD_MEMBERS', 300);
const CLUBS = numberFrom('LOAD_CLUBS', 4);
const CONCURRENCY = numberFrom('LOAD_CONCURRENCY', 8);
/** The count bound: far above what this machine reaches, so the clock ends a normal run. */
const MAX_REQUESTS = numberFrom('LOAD_MAX_REQUESTS', MINUTES * 60 * 1000);
const PORT = numberFrom('LOAD_PORT', 5373);

const log = (line: string) => console.log(`[load] ${line}`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

/** The 1-minute load average, sampled every 5 s while the load runs. */
function sampleLoadAverage(): { stop(): number[] } {
  const samples = [loadavg()[0] ?? 0];
  const timer = setInterval(() => samples.push(loadavg()[0] ?? 0), 5000);
  return {
    stop() {
      clearInterval(timer);
      samples.push(loadavg()[0] ?? 0);
      return samples;
    },
  };
}

async function main(): Promise<number> {
  log(`starting the local stack on ports ${PORT}-${PORT + 7}…`);
  const stack = await startLocalStack(PORT, 'clubs-load-');
  try {
    const recorder = new Recorder();
    const api = new LoadApi(stack, recorder);
    const setupStarted = performance.now();
    const world = await buildWorld(api, { members: MEMBERS, clubs: CLUBS }, log);
    log(`world built in ${seconds(performance.now() - setupStarted)} s`);

    const pid = stack.child.pid as number;
    const memoryAtStart = stackMemory(pid);
    const stripe = stripeOn(stack.stripeUrl);
    const ctx: MixContext = {
      api,
      world,
      random: seededRandom(numberFrom('LOAD_SEED', 39)),
      stripe,
      webhookUrl: `${stack.gatewayUrl}/api/webhooks/stripe`,
    };
    log(`${CONCURRENCY} workers for ${MINUTES} min (at most ${MAX_REQUESTS} requests)…`);
    recorder.startMeasuring();
    const load = sampleLoadAverage();
    const started = performance.now();
    const deadline = started + MINUTES * 60_000;
    let progressAt = started;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < deadline && recorder.requests < MAX_REQUESTS) {
          await runOne(ctx);
          if (performance.now() - progressAt > 60_000) {
            progressAt = performance.now();
            log(
              `${seconds(progressAt - started)} s: ${recorder.requests} requests, ${recorder.fiveHundreds} 5xx`,
            );
          }
        }
      }),
    );
    const elapsed = performance.now() - started;
    const loadAverages = load.stop();
    const memoryAtEnd = stackMemory(pid);

    const requests = recorder.requests;
    const all = recorder.allLatencies();
    console.log(
      `\n${requests} requests in ${seconds(elapsed)} s: ${(requests / (elapsed / 1000)).toFixed(1)} requests/s, ` +
        `p50 ${percentile(all, 0.5).toFixed(1)} ms, p95 ${percentile(all, 0.95).toFixed(1)} ms, p99 ${percentile(all, 0.99).toFixed(1)} ms ` +
        `(${CONCURRENCY} workers, ${world.people.length} members, ${world.free.length} free and ${world.paid.length} paid clubs)\n`,
    );
    printTable(RECORDER_HEADER, recorder.rows());
    const sorted = [...loadAverages].sort((a, b) => a - b);
    console.log(
      `\nmachine load average (1 min) during the load: min ${sorted[0]?.toFixed(2)}, median ${percentile(sorted, 0.5).toFixed(2)}, max ${sorted.at(-1)?.toFixed(2)}`,
    );
    console.log(`memory at the start of the load: ${formatMemory(memoryAtStart)}`);
    console.log(`memory at the end of the load:   ${formatMemory(memoryAtEnd)}`);
    console.log(`\nanswers neither 2xx nor 4xx: ${recorder.oddities.length} (${recorder.fiveHundreds} 5xx)`);
    for (const oddity of recorder.oddities) {
      console.log(`  ${oddity.status} ${oddity.what} [${oddity.group}] ${oddity.body}`);
    }

    const table = loadLocalConfig().tableName;
    log('waiting for the Stripe events in flight to be applied…');
    let unsettled: string[] = [];
    await until('the Stripe events to be applied', async () => {
      unsettled = await unsettledStripeEvents(stack.dynamodbEndpoint, table, stripe);
      return unsettled.length === 0;
    }).catch(() => log(`still not applied: ${unsettled.join(', ')}`));
    const books = await checkBooks(stack.dynamodbEndpoint, table, stripe, world);
    const counters = Object.values(books.checked).reduce((sum, n) => sum + n, 0);
    console.log(
      `\nbooks: ${counters} counters checked (${Object.entries(books.checked)
        .map(([kind, n]) => `${n} ${kind}`)
        .join(', ')}), ${books.mismatches.length} mismatches`,
    );
    for (const mismatch of books.mismatches) console.log(`  ${mismatch}`);
    console.log(`checkouts paid on the simulator during the load: ${world.checkouts.length}`);

    if (process.env.SECURITY_REPORT_DIR) {
      writeReport(process.env.SECURITY_REPORT_DIR, 'load', {
        load: {
          minutes: MINUTES,
          requests,
          perSecond: Math.round(requests / (elapsed / 1000)),
          fiveHundreds: recorder.fiveHundreds,
          oddities: recorder.oddities.length,
          counters,
          mismatches: books.mismatches.length,
        },
      });
    }
    return recorder.oddities.length === 0 && books.mismatches.length === 0 ? 0 : 1;
  } finally {
    await stack.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
