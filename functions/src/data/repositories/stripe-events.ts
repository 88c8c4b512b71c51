import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@clubs/shared';
import { db, tableName } from '../client.ts';
import { isConditionFailed } from '../errors.ts';
import { keys } from '../keys.ts';

/** Stripe retries for up to three days; the marker outlives that. */
export const PROCESSED_EVENT_TTL_SECONDS = 7 * 24 * 60 * 60;

/**
 * Claims a Stripe event for processing with a conditional write: of any number of concurrent
 * deliveries of one event, exactly one gets true.
 */
export async function claimStripeEvent(eventId: string, type: string, now = new Date()): Promise<boolean> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.stripeEvent(eventId),
          type: 'stripe_event',
          eventType: type,
          processedAt: now.toISOString(),
          [TABLE.ttlAttribute]: Math.floor(now.getTime() / 1000) + PROCESSED_EVENT_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** Gives the claim back when processing failed, so EventBridge's retry can process it. */
export async function releaseStripeEvent(eventId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.stripeEvent(eventId) }));
}
