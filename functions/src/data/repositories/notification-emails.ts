/**
 * Which notification e-mails went out: one item per (person, notification), keys.notificationEmail.
 * A sender claims it with a conditional write just before it calls SES and marks it sent once
 * SES took the message; a claim older than a function's time limit belongs to an invocation
 * that is gone and may be taken over. A failed send gives its claim back, so it is tried again.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FUNCTION_TIMEOUT_SECONDS } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { isConditionFailed } from '../errors.ts';

/** How long a claim holds: an event function's time limit (it cannot still be sending after that). */
export const EMAIL_CLAIM_MS = FUNCTION_TIMEOUT_SECONDS.consumer * 1000;
/** How long the record of a sent e-mail is kept (TTL): longer than any queue keeps a message. */
const KEPT_DAYS = 30;

/** 'claimed': send it now; 'sent': it went already; 'in-flight': another sender holds it. */
export type EmailClaim = 'claimed' | 'sent' | 'in-flight';

export async function claimNotificationEmail(
  userId: string,
  notificationId: string,
  now: Date,
): Promise<EmailClaim> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.notificationEmail(userId, notificationId),
          type: 'notificationEmail',
          claimedAt: now.toISOString(),
          expiresAt: Math.floor(now.getTime() / 1000) + KEPT_DAYS * 24 * 3600,
        },
        ConditionExpression:
          'attribute_not_exists(pk) OR (attribute_not_exists(sentAt) AND claimedAt < :stale)',
        ExpressionAttributeValues: { ':stale': new Date(now.getTime() - EMAIL_CLAIM_MS).toISOString() },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return 'claimed';
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // The refusal carries the item as stored (in DynamoDB's own attribute format).
    const old = (error as { Item?: Record<string, unknown> }).Item;
    return old && 'sentAt' in old ? 'sent' : 'in-flight';
  }
}

/** Records that SES took the e-mail: no later delivery of its message sends it again. */
export async function markNotificationEmailSent(
  userId: string,
  notificationId: string,
  at: Date,
): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.notificationEmail(userId, notificationId),
      UpdateExpression: 'SET sentAt = :at',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    }),
  );
}

/** Gives the claim back after SES refused the e-mail, so the next delivery sends it. */
export async function releaseNotificationEmail(userId: string, notificationId: string): Promise<void> {
  await db()
    .send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.notificationEmail(userId, notificationId),
        ConditionExpression: 'attribute_not_exists(sentAt)',
      }),
    )
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}
