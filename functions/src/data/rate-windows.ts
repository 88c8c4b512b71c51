/**
 * Fixed-window counters for rate limits. A counter is moved inside the transaction that writes
 * what it counts, conditioned on staying within its limit, so it counts exactly what was stored:
 * of any number of concurrent writers, at most `limit` units per window get through, and a
 * refused write counts nowhere.
 */
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { db, tableName } from './client.ts';
import { transactionConditionFailures } from './errors.ts';

export interface RateWindow {
  /** What is limited, e.g. "contact-source". */
  scope: string;
  /** Who is limited, e.g. the sender's network address. */
  subject: string;
  limit: number;
  windowSeconds: number;
}

/** The fixed window `now` falls in: its start (the key) and its end (the TTL, retry time). */
export function windowOf(now: Date, windowSeconds: number) {
  const size = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return { start: new Date(start).toISOString(), endEpochSeconds: Math.floor((start + size) / 1000) };
}

/** Seconds from `now` until the window ends (at least one). */
export const secondsLeftIn = (window: ReturnType<typeof windowOf>, now: Date) =>
  Math.max(1, window.endEpochSeconds - Math.floor(now.getTime() / 1000));

/**
 * The transaction item that counts `amount` units in the window of `now`, refused
 * (ConditionalCheckFailed) when the window would go over its limit; a negative amount gives
 * units back (a write that was counted and then undone).
 */
export function rateWindowCount(rate: RateWindow, now: Date, amount = 1) {
  const window = windowOf(now, rate.windowSeconds);
  const giveBack = amount < 0;
  return {
    Update: {
      TableName: tableName(),
      Key: keys.rateWindow(rate.scope, rate.subject, window.start),
      UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :amount, #type = :type, #ttl = :ttl',
      ConditionExpression: giveBack
        ? 'attribute_exists(#count)'
        : 'attribute_not_exists(#count) OR #count <= :room',
      ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#ttl': TABLE.ttlAttribute },
      ExpressionAttributeValues: {
        ':zero': 0,
        ':amount': amount,
        ...(giveBack ? {} : { ':room': rate.limit - amount }),
        ':type': 'rate_window',
        // Kept a window longer than needed; expired windows are never read (new key each window).
        ':ttl': window.endEpochSeconds + rate.windowSeconds,
      },
    },
  };
}

/** What a window has counted so far (0 for a window nothing was counted in). */
export function rateWindowKey(rate: RateWindow, now: Date) {
  return keys.rateWindow(rate.scope, rate.subject, windowOf(now, rate.windowSeconds).start);
}

/**
 * Fifty writers on one counter cancel each other for a while: enough tries, spaced out more each
 * time (with jitter, capped), that a writer with room left is never turned away by contention alone.
 */
const MAX_ATTEMPTS = 10;
const backoffMs = (attempt: number) => Math.min(400, 20 * 2 ** attempt) * (0.5 + Math.random());

function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code === 'TransactionConflict');
}

/**
 * Runs a transaction that moves a shared counter. Concurrent writers touch the same counter and
 * DynamoDB cancels all but one with TransactionConflict: those are retried, with jitter; any
 * other error (a limit reached included) is the caller's.
 */
export async function retryOnConflict<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isTransactionConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, backoffMs(attempt)));
    }
  }
}

/** A count refused by full windows: the windows, and when the last of them ends. */
export interface WindowsFull {
  full: RateWindow[];
  retryAfterSeconds: number;
}

/**
 * Which of `rates` refused a transaction whose first items are their counts (in that order), and
 * when trying again is useful (once every full window has ended); null for any other failure.
 */
export function windowsFullIn(error: unknown, rates: readonly RateWindow[], now: Date): WindowsFull | null {
  const full = (transactionConditionFailures(error) ?? []).flatMap((index) => rates[index] ?? []);
  if (full.length === 0) return null;
  const waits = full.map((rate) => secondsLeftIn(windowOf(now, rate.windowSeconds), now));
  return { full, retryAfterSeconds: Math.max(...waits) };
}

/**
 * Counts one unit in every window together (for work that stores nothing of its own, such as a
 * model call), or none when any is full: exact under concurrent callers.
 */
export async function countInWindows(
  rates: readonly RateWindow[],
  now = new Date(),
): Promise<{ counted: true } | ({ counted: false } & WindowsFull)> {
  try {
    await retryOnConflict(() =>
      db().send(new TransactWriteCommand({ TransactItems: rates.map((rate) => rateWindowCount(rate, now)) })),
    );
    return { counted: true };
  } catch (error) {
    const full = windowsFullIn(error, rates, now);
    if (!full) throw error;
    return { counted: false, ...full };
  }
}

/**
 * Writes `items` in one transaction with one unit counted in `rate`'s window (the transaction's
 * first item): the full window when it refused, else null; any other refusal is thrown.
 */
export async function writeCounted(
  rate: RateWindow,
  items: readonly NonNullable<TransactWriteCommandInput['TransactItems']>[number][],
  now: Date,
): Promise<WindowsFull | null> {
  try {
    await retryOnConflict(() =>
      db().send(new TransactWriteCommand({ TransactItems: [rateWindowCount(rate, now), ...items] })),
    );
    return null;
  } catch (error) {
    const full = windowsFullIn(error, [rate], now);
    if (full) return full;
    throw error;
  }
}
