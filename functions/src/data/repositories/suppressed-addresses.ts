/**
 * Suppressed e-mail addresses: one item per address SES reported as bouncing for good or as
 * complaining (keys.suppressedAddress). Every e-mail checks it before it goes; a person who
 * confirms an address as theirs (a Cognito e-mail change) lifts its suppression.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client.ts';
import { getItem } from '../get-item.ts';
import { keys } from '../keys.ts';

export type SuppressionReason = 'bounce' | 'complaint';

/** Marks the address suppressed; a repeat only updates the reason and time. */
export async function suppressAddress(email: string, reason: SuppressionReason, at: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.suppressedAddress(email),
        type: 'suppressedAddress',
        email: email.trim().toLowerCase(),
        reason,
        suppressedAt: at.toISOString(),
      },
    }),
  );
}

export async function isSuppressed(email: string): Promise<boolean> {
  return (await getItem(keys.suppressedAddress(email))) !== null;
}

/** Lifts the address's suppression (nothing happens when there is none). */
export async function clearSuppression(email: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.suppressedAddress(email) }));
}
