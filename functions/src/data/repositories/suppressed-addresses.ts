/**
 * Suppressed e-mail addresses: one item per address SES reported as bouncing for good or as
 * complaining (keys.suppressedAddress). Every e-mail checks it before it goes (notification
 * e-mail a whole batch of readers at once, when it is queued); a person who
 * confirms an address as theirs (a Cognito e-mail change) lifts its suppression.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { getItem } from '../get-item.ts';

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

/** Which of `emails` are suppressed: one BatchGetItem per 100 addresses. */
export async function suppressedAmong(emails: readonly string[]): Promise<Set<string>> {
  const found = await batchGet(emails.map((email) => keys.suppressedAddress(email)));
  return new Set(emails.filter((email) => found.has(keyId(keys.suppressedAddress(email)))));
}

/** Lifts the address's suppression (nothing happens when there is none). */
export async function clearSuppression(email: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.suppressedAddress(email) }));
}
