/**
 * The local event bus's dead-letter file (JSON lines of events no target accepted after its
 * retries) and the command that replays it: each parked event goes to its rule's handler again;
 * the ones applied leave the file, the ones that fail again stay for the next replay (listing them
 * first shows each one's rule, event and error, e-mail SES kept refusing included). A queued
 * rule's event goes back as its queue hands it over (an SQS record), as a redrive from its
 * dead-letter queue does in AWS. Handlers apply an event at most once (the Stripe handler keeps
 * an idempotency record per event id), so replaying an event that was in fact applied, or
 * replaying twice, changes nothing more.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { matchEventRoutes } from '@clubs/shared';
import { type EventBridgeEvent, queueEventOf } from './event-bus.ts';
import { HandlerRegistry, invokeHandler } from './lambda-runtime.ts';

export interface DeadLetter {
  failedAt: string;
  rule: string;
  /** Deliveries tried before it was parked. */
  attempts?: number;
  error: string;
  event: EventBridgeEvent;
}

export interface ReplayResult {
  replayed: number;
  failed: number;
  /** Lines that are no dead letter of a known rule; kept untouched. */
  unreadable: number;
}

const TARGET_TIMEOUT_MS = 30_000;

function parseLine(line: string): DeadLetter | null {
  try {
    const value = JSON.parse(line) as Partial<DeadLetter>;
    if (typeof value.rule !== 'string' || !value.event || typeof value.event !== 'object') return null;
    return value as DeadLetter;
  } catch {
    return null;
  }
}

async function readLines(file: string): Promise<string[]> {
  try {
    return (await readFile(file, 'utf8')).split('\n').filter((l) => l.trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The parked events, oldest first, without replaying them (unreadable lines are left out). */
export async function listDeadLetters(file: string): Promise<DeadLetter[]> {
  return (await readLines(file)).map(parseLine).filter((letter) => letter !== null);
}

/** One line saying what a parked event is, where it was going and why it failed. */
export const describeDeadLetter = (letter: DeadLetter): string =>
  `${letter.failedAt} ${letter.rule} ${letter.event['detail-type']} (${letter.event.id}), ` +
  `${letter.attempts ?? '?'} attempts: ${letter.error}`;

export async function replayDeadLetters(
  file: string,
  options: { handlersDir?: string; log?: (message: string) => void } = {},
): Promise<ReplayResult> {
  const log = options.log ?? (() => undefined);
  const lines = await readLines(file);
  if (lines.length === 0) return { replayed: 0, failed: 0, unreadable: 0 };
  const registry = new HandlerRegistry(options.handlersDir);
  const keep: string[] = [];
  const result: ReplayResult = { replayed: 0, failed: 0, unreadable: 0 };
  for (const line of lines) {
    const letter = parseLine(line);
    const rule = letter
      ? matchEventRoutes(letter.event.source, letter.event['detail-type']).find((r) => r.id === letter.rule)
      : undefined;
    if (!letter || !rule) {
      result.unreadable += 1;
      keep.push(line);
      continue;
    }
    try {
      const handler = await registry.get(rule.group);
      const queued = 'queued' in rule && rule.queued === true;
      const input = queued ? queueEventOf(letter.event, (letter.attempts ?? 0) + 1) : letter.event;
      const answer = (await invokeHandler(handler, input, `clubs-local-${rule.group}`, TARGET_TIMEOUT_MS)) as
        | { batchItemFailures?: unknown[] }
        | undefined;
      if ((answer?.batchItemFailures?.length ?? 0) > 0) throw new Error('the batch reported a failure');
      result.replayed += 1;
      log(`replayed ${letter.event['detail-type']} (${letter.event.id}) to ${rule.id}`);
    } catch (error) {
      result.failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      log(`failed again: ${letter.event['detail-type']} (${letter.event.id}): ${message}`);
      keep.push(JSON.stringify({ ...letter, failedAt: new Date().toISOString(), error: message }));
    }
  }
  // Written aside and renamed, so a crash mid-replay never loses the file.
  const next = `${file}.replaying`;
  await writeFile(next, keep.length ? `${keep.join('\n')}\n` : '');
  await rename(next, file);
  return result;
}
