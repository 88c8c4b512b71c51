/**
 * What the benchmarks share: their DynamoDB Local, loading many items fast, timing a request with
 * its DynamoDB cost, and printing the result as a Markdown table; runBench puts them together.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { batchPutAll } from '@clubs/functions/data/batch-write';
import { ensureTable, startDynamoDbLocal } from '@clubs/infra/local/dynamodb.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import { meterRequests, type RequestMeter } from '@clubs/infra/local/request-meter.ts';
import type { Club } from '@clubs/shared';
import { ulid } from 'ulid';
import { type GroupHandler, invoke } from '../tests/support/http-event.ts';

/** Milliseconds, for the benchmarks' made-up dates. */
export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

export interface RunCounts {
  readonly runs: number;
  readonly warmup: number;
}

/** Measured calls per request (BENCH_N) and unmeasured warm-up calls before them (BENCH_WARMUP). */
export function runCounts(defaults: RunCounts = { runs: 200, warmup: 30 }): RunCounts {
  return {
    runs: Number(process.env.BENCH_N ?? defaults.runs),
    warmup: Number(process.env.BENCH_WARMUP ?? defaults.warmup),
  };
}

/**
 * A DynamoDB Local of the benchmark's own (on BENCH_DYNAMODB_PORT or a free port), with the
 * environment the product's data layer reads pointed at it; import the functions' modules after.
 */
export async function startBenchDynamoDb() {
  const port = Number(process.env.BENCH_DYNAMODB_PORT) || (await freePort());
  const dynamodb = await startDynamoDbLocal({ port });
  process.env.DYNAMODB_ENDPOINT = dynamodb.endpoint;
  process.env.AWS_REGION ??= 'us-east-1';
  process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
  return dynamodb;
}

/**
 * Writes benchmark tables' items with the loader the seed uses (functions/src/data/batch-write.ts):
 * BatchWriteItem, 25 a request, `parallel` requests in flight. Only for loading benchmark tables:
 * the product writes items through its repositories (transactions and conditional writes).
 */
export function batchWriteAll(
  client: DynamoDBDocumentClient,
  table: string,
  items: readonly Record<string, unknown>[],
  parallel = 8,
): Promise<void> {
  return batchPutAll(items, { client, table, parallel });
}

/**
 * An active free club owned by a new user id, as a benchmark's table starts with, created at
 * `createdMs` (its id sorts with its creation, as the product's ids do).
 */
export function benchClub(overrides: Partial<Club> = {}, createdMs = Date.now()): Club {
  return {
    id: ulid(createdMs),
    ownerId: ulid(),
    name: 'Bench Club',
    description: 'A club for measuring.',
    logoUrl: null,
    coverImageUrl: null,
    createdAt: new Date(createdMs).toISOString(),
    price: 0,
    currency: 'USD',
    trialPeriod: 0,
    category: null,
    status: 'active',
    memberCount: 1,
    ...overrides,
  };
}

/** A small deterministic generator (an LCG) in [0, 1): every run loads the same kind of data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** The `q` quantile of ascending samples (nearest rank). */
export const percentile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** Like counts per post summing to `total`, uneven (so trending has a real order), each ≤ `max`. */
export function likeCounts(posts: number, total: number, max: number): number[] {
  const weights = Array.from({ length: posts }, (_, i) => 1 + ((i * 7919) % 19));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.min(max, Math.floor((w * total) / sum)));
  let missing = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; missing > 0; i = (i + 1) % posts) {
    if ((counts[i] ?? 0) < max) {
      counts[i] = (counts[i] ?? 0) + 1;
      missing--;
    }
  }
  return counts;
}

/** What one request cost over its measured calls. */
export interface CallCost {
  /** Latency, ms. */
  median: number;
  p95: number;
  /** DynamoDB requests and items read, per call. */
  requests: number;
  items: number;
  /** What the last answer held, as `call` described it. */
  answer: string;
}

/**
 * Calls `call` `warmup` times, then `runs` times timed, counting the DynamoDB requests and items
 * read of the timed calls on `meter`. `call` throws on a failed answer and describes a good one.
 */
export async function measureCalls(
  meter: RequestMeter,
  { runs, warmup }: RunCounts,
  call: () => Promise<string | number>,
): Promise<CallCost> {
  for (let i = 0; i < warmup; i += 1) await call();
  const samples: number[] = [];
  meter.reset();
  let answer: string | number = '';
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    answer = await call();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return {
    median: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    requests: meter.requests / runs,
    items: meter.itemsRead / runs,
    answer: String(answer),
  };
}

/** A table cell: whole numbers with thousands separators, others (latencies) to 0.1. */
const cell = (value: string | number) =>
  typeof value === 'string' ? value : Number.isInteger(value) ? value.toLocaleString('en') : value.toFixed(1);

/** Prints rows under a header as a Markdown table (what docs/MEASUREMENTS.md quotes). */
export function printTable(header: readonly string[], rows: readonly (readonly (string | number)[])[]): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.map(cell).join(' | ')} |`);
}

/** The header and cells of the usual table: a request, the size it ran at, and its cost. */
export const COST_HEADER = ['median ms', 'p95 ms', 'DynamoDB requests / call', 'items read / call'] as const;
export const costCells = (cost: CallCost) =>
  [cost.median.toFixed(1), cost.p95.toFixed(1), cost.requests, cost.items] as const;

/** Invokes a handler in-process and returns its 200 answer's body; any other answer throws. */
export async function okBody<T>(
  label: string,
  handler: GroupHandler,
  event: Parameters<GroupHandler>[0],
): Promise<T> {
  const res = await invoke<T>(handler, event);
  if (res.status !== 200) throw new Error(`${label}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** What a benchmark fills and measures with. */
export interface BenchStore {
  /** The data layer's own document client (functions/src/data/client.ts), metered. */
  readonly db: DynamoDBDocumentClient;
  readonly meter: RequestMeter;
  /**
   * Makes the table if it is new and points the data layer (TABLE_NAME) at it; its load clock
   * starts. With `stream: false` a new table is made without its stream, for a bench whose load
   * is setup: the local bus turns the stream on when it starts (tests/support/bus.ts) and reads
   * only what is written after, and DynamoDB Local, which answers every request more slowly the
   * more stream records it holds, is not slowed by the load's.
   */
  useTable(name: string, options?: { stream?: boolean }): Promise<void>;
  /** Writes items into the current table (batchWriteAll) and says how many, in how long since useTable. */
  load(what: string, items: readonly Record<string, unknown>[], parallel?: number): Promise<void>;
}

/** What a benchmark prints: a table, under a line saying how it was measured. */
export interface BenchReport {
  readonly header: readonly string[];
  readonly rows: readonly (readonly (string | number)[])[];
}

/**
 * Runs a benchmark: its own DynamoDB Local (startBenchDynamoDb), `measure` filling and measuring
 * its tables (it imports the functions' modules itself, after the environment is set), then the
 * run counts it measured with, `how` (what was called, as whom) and the report's table; a failure
 * exits with 1.
 */
export function runBench(
  counts: RunCounts,
  how: string,
  measure: (store: BenchStore) => Promise<BenchReport>,
): void {
  const run = async () => {
    const dynamodb = await startBenchDynamoDb();
    const { db } = await import('@clubs/functions/data/client');
    const meter = meterRequests(db());
    let table = '';
    let started = 0;
    const store: BenchStore = {
      db: db(),
      meter,
      async useTable(name, options) {
        await ensureTable(dynamodb.endpoint, name, { stream: options?.stream });
        process.env.TABLE_NAME = table = name;
        started = performance.now();
      },
      async load(what, items, parallel) {
        await batchWriteAll(db(), table, items, parallel);
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(`${what}: ${items.length} items written in ${seconds} s`);
      },
    };
    let report: BenchReport;
    try {
      report = await measure(store);
    } finally {
      meter.stop();
      await dynamodb.stop();
    }
    console.log(
      `\n${counts.runs} measured calls per request after ${counts.warmup} warm-up calls (${how})\n`,
    );
    printTable(report.header, report.rows);
  };
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
