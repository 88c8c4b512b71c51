/**
 * Contact-form messages and the limits on them: the message and every window counter it counts
 * against (rate-windows.ts) are written in one transaction.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage } from '@clubs/shared';
import { db, tableName } from '../client.ts';
import { transactionConditionFailures } from '../errors.ts';
import { keys } from '../keys.ts';
import {
  type RateWindow,
  rateWindowCount,
  retryOnConflict,
  secondsLeftIn,
  windowOf,
} from '../rate-windows.ts';

export type { RateWindow } from '../rate-windows.ts';
export { windowOf } from '../rate-windows.ts';

export interface StoredContactMessage extends ContactMessage {
  id: string;
  receivedAt: string;
}

export type StoreResult = { stored: true } | { stored: false; retryAfterSeconds: number };

export async function storeContactMessage(
  message: StoredContactMessage,
  rates: readonly RateWindow[],
  now = new Date(),
): Promise<StoreResult> {
  try {
    await retryOnConflict(() => write(message, rates, now));
    return { stored: true };
  } catch (error) {
    const full = (transactionConditionFailures(error) ?? []).flatMap((index) => rates[index] ?? []);
    if (full.length === 0) throw error;
    // Sending again is useful once every full window has ended.
    const waits = full.map((rate) => secondsLeftIn(windowOf(now, rate.windowSeconds), now));
    return { stored: false, retryAfterSeconds: Math.max(...waits) };
  }
}

async function write(message: StoredContactMessage, rates: readonly RateWindow[], now: Date) {
  await db().send(
    new TransactWriteCommand({
      // The counters come first: a failed condition's index is the index of its window.
      TransactItems: [
        ...rates.map((rate) => rateWindowCount(rate, now)),
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
