/**
 * The local event bus for tests: the manifest's rules deliver to the real handler modules in this
 * process; failed deliveries retry fast and park in `deadLetterFile`. The handlers' EventBridge
 * client is pointed at it.
 */

import { localSchedulerEnvironment } from '@clubs/infra/local/config.ts';
import { ensureTableStream } from '@clubs/infra/local/dynamodb.ts';
import { type LocalEventBus, startEventBus } from '@clubs/infra/local/event-bus.ts';
import { freePort } from '@clubs/infra/local/ports.ts';
import { EVENT_BUS } from '@clubs/shared';
import { startedForFile } from './per-file.ts';

export async function startBus(
  deadLetterFile?: string,
  routes?: readonly string[],
  targetTimeoutMs?: number,
  /** Attempts of a delivery (or of a batch of the stream) before it is dead-lettered, and the first pause. */
  retry: { maxAttempts: number; retryBaseMs: number } = { maxAttempts: 3, retryBaseMs: 20 },
): Promise<LocalEventBus> {
  const table =
    process.env.DYNAMODB_ENDPOINT && process.env.TABLE_NAME
      ? { endpoint: process.env.DYNAMODB_ENDPOINT, tableName: process.env.TABLE_NAME }
      : undefined;
  // The file's own table (tests/integration/setup.ts) is made without a stream; the bus that
  // hands its change events over turns it on before the file writes.
  if (table) await ensureTableStream(table.endpoint, table.tableName);
  const bus = await startEventBus({
    port: await freePort(),
    ...retry,
    deadLetterFile,
    routes,
    targetTimeoutMs,
    stream: table,
    log: process.env.DEBUG_BUS ? console.log : () => undefined,
  });
  process.env.EVENTBRIDGE_ENDPOINT = bus.url;
  // The Scheduler's API is the bus's own: reminder schedules are made there and fire onto it.
  Object.assign(process.env, localSchedulerEnvironment(bus.url, EVENT_BUS.defaultName));
  // The SDK signs every request (a Lambda has its role's credentials); the local bus ignores them.
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  process.env.AWS_REGION ??= 'us-east-1';
  return bus;
}

/** The bus for the whole test file, started before its tests and stopped after. */
export const useBus = (deadLetterFile?: string): (() => LocalEventBus) =>
  startedForFile('the bus', () => startBus(deadLetterFile));

/**
 * The club's search index for the whole test file: the bus delivering the change events the
 * handlers emit to the search index's consumer only (the SearchIndex route). The answer waits
 * until every change emitted so far is indexed.
 */
export function useSearchIndexing(): () => Promise<void> {
  const bus = startedForFile('the search index bus', () => startBus(undefined, ['SearchIndex']));
  return () => bus().idle();
}
