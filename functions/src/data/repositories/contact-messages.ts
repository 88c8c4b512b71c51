/**
 * Contact-form messages and the limits on them. The message and every window counter it counts
 * against are written in one transaction, so each counter counts exactly the stored messages: of
 * any number of concurrent sends, at most `limit` per counter and window are stored, and a
 * refused send counts nowhere.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type ContactMessage, TABLE } from '@clubs/shared';
import { db, tableName } from '../client.ts';
import { transactionConditionFailures } from '../errors.ts';
import { keys } from '../keys.ts';

export interface StoredContactMessage extends ContactMessage {
  id: string;
  receivedAt: string;
}

export interface RateWindow {
  /** What is limited, e.g. "contact-source". */
  scope: string;
  /** Who is limited, e.g. the sender's network address. */
  subject: string;
  limit: number;
  windowSeconds: number;
}

export type StoreResult = { stored: true } | { stored: false; retryAfterSeconds: number };

/** The fixed window `now` falls in: its start (the key) and its end (the TTL, retry time). */
export function windowOf(now: Date, windowSeconds: number) {
  const size = windowSeconds * 1000;
  const start = Math.floor(now.getTime() / size) * size;
  return { start: new Date(start).toISOString(), endEpochSeconds: Math.floor((start + size) / 1000) };
}

export async function storeContactMessage(
  message: StoredContactMessage,
  rates: readonly RateWindow[],
  now = new Date(),
): Promise<StoreResult> {
  const windows = rates.map((rate) => ({ rate, window: windowOf(now, rate.windowSeconds) }));
  for (let attempt = 1; ; attempt += 1) {
    try {
      await write(message, windows);
      return { stored: true };
    } catch (error) {
      const full = (transactionConditionFailures(error) ?? []).flatMap((index) => windows[index] ?? []);
      if (full.length > 0) {
        // Sending again is useful once every full window has ended.
        const end = Math.max(...full.map(({ window }) => window.endEpochSeconds));
        return { stored: false, retryAfterSeconds: Math.max(1, end - Math.floor(now.getTime() / 1000)) };
      }
      // Concurrent sends touch the same counters: DynamoDB cancels all but one transaction with
      // TransactionConflict. Those are retried, with jitter.
      if (attempt >= MAX_ATTEMPTS || !isTransactionConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 40));
    }
  }
}

const MAX_ATTEMPTS = 6;

function isTransactionConflict(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') return false;
  const reasons = (error as Error & { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.some((reason) => reason.Code === 'TransactionConflict');
}

type CountedWindow = { rate: RateWindow; window: ReturnType<typeof windowOf> };

async function write(message: StoredContactMessage, windows: readonly CountedWindow[]) {
  await db().send(
    new TransactWriteCommand({
      // The counters come first: a failed condition's index is the index of its window.
      TransactItems: [
        ...windows.map(({ rate, window }) => ({
          Update: {
            TableName: tableName(),
            Key: keys.rateWindow(rate.scope, rate.subject, window.start),
            UpdateExpression: 'SET #count = if_not_exists(#count, :zero) + :one, #type = :type, #ttl = :ttl',
            ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
            ExpressionAttributeNames: { '#count': 'count', '#type': 'type', '#ttl': TABLE.ttlAttribute },
            ExpressionAttributeValues: {
              ':zero': 0,
              ':one': 1,
              ':limit': rate.limit,
              ':type': 'rate_window',
              // Kept a window longer than needed; expired windows are never read (new key each window).
              ':ttl': window.endEpochSeconds + rate.windowSeconds,
            },
          },
        })),
        {
          Put: {
            TableName: tableName(),
            Item: {
              ...keys.contactMessage(message.receivedAt, message.id),
              type: 'contact_message',
              ...message,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
}
