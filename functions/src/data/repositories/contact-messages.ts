/**
 * Contact-form messages and the limits on them: the message and every window counter it counts
 * against (rate-windows.ts) are written in one transaction.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ContactMessage } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { type RateWindow, rateWindowCount, retryOnConflict, windowsFullIn } from '../rate-windows.ts';

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
    const full = windowsFullIn(error, rates, now);
    if (!full) throw error;
    return { stored: false, retryAfterSeconds: full.retryAfterSeconds };
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
