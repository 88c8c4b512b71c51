/**
 * Contact-form messages and the per-address limit on them. The message and its sender's window
 * counter are written in one transaction, so the counter counts exactly the stored messages: of
 * any number of concurrent sends from one address, at most `limit` per window are stored.
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
  /** What is limited, e.g. "contact". */
  scope: string;
  /** Who is limited, e.g. the sender's address. */
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
  rate: RateWindow,
  now = new Date(),
): Promise<StoreResult> {
  const window = windowOf(now, rate.windowSeconds);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await write(message, rate, window);
      return { stored: true };
    } catch (error) {
      const failed = transactionConditionFailures(error);
      if (failed?.includes(0)) {
        return {
          stored: false,
          retryAfterSeconds: Math.max(1, window.endEpochSeconds - Math.floor(now.getTime() / 1000)),
        };
      }
      // Concurrent sends from one address touch the same counter: DynamoDB cancels all but one
      // transaction with TransactionConflict. Those are retried, with jitter.
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

async function write(message: StoredContactMessage, rate: RateWindow, window: ReturnType<typeof windowOf>) {
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
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
        },
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
