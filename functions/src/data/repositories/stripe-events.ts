/**
 * Exactly-once effects of Stripe events. An invocation claims an event with a lease that lasts
 * until its own deadline; the claim becomes `processed` only after the event was applied. An
 * invocation that fails gives the claim back; one that is killed (a timeout) cannot, but its lease
 * has ended by the time Lambda retries it, so the retry claims the event again and applies it.
 */
import { DeleteCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { db, tableName } from '../client.ts';
import { isConditionFailed, writeIfConditionHolds } from '../errors.ts';

/** Stripe retries for up to three days; the marker outlives that. */
export const PROCESSED_EVENT_TTL_SECONDS = 7 * 24 * 60 * 60;

export type StripeEventClaim =
  | { claimed: true; token: string }
  | { claimed: false; state: 'processed' | 'in_progress' };

/**
 * Claims a Stripe event until `leaseUntil` with a conditional write: of any number of concurrent
 * deliveries of one event, exactly one gets the claim; an expired lease can be claimed again.
 */
export async function claimStripeEvent(
  eventId: string,
  type: string,
  leaseUntil: Date,
  now = new Date(),
): Promise<StripeEventClaim> {
  const token = ulid(now.getTime());
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.stripeEvent(eventId),
          type: 'stripe_event',
          eventType: type,
          state: 'in_progress',
          claimToken: token,
          claimedAt: now.toISOString(),
          leaseUntil: leaseUntil.getTime(),
          [TABLE.ttlAttribute]: Math.floor(now.getTime() / 1000) + PROCESSED_EVENT_TTL_SECONDS,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#state = :inProgress AND leaseUntil < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':inProgress': 'in_progress', ':now': now.getTime() },
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    return { claimed: true, token };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // The held item comes back in DynamoDB's own shape ({ S: '…' }): the document client does not
    // convert errors. Markers written before leases existed have no state: they were processed.
    const held = (error as { Item?: { state?: { S?: string } } }).Item;
    return { claimed: false, state: held?.state?.S === 'in_progress' ? 'in_progress' : 'processed' };
  }
}

/** Records that the claim holder applied the event; later deliveries are duplicates. */
export async function completeStripeEvent(eventId: string, token: string, now = new Date()): Promise<void> {
  await onlyWhileHeld(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.stripeEvent(eventId),
      UpdateExpression: 'SET #state = :processed, processedAt = :now REMOVE leaseUntil',
      ConditionExpression: 'claimToken = :token',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':processed': 'processed', ':now': now.toISOString(), ':token': token },
    }),
  );
}

/** Gives the claim back when applying failed, so EventBridge's retry can process it. */
export async function releaseStripeEvent(eventId: string, token: string): Promise<void> {
  await onlyWhileHeld(
    new DeleteCommand({
      TableName: tableName(),
      Key: keys.stripeEvent(eventId),
      ConditionExpression: 'claimToken = :token',
      ExpressionAttributeValues: { ':token': token },
    }),
  );
}

/** A claim taken over after its lease ended belongs to the new holder: it is left alone. */
async function onlyWhileHeld(command: UpdateCommand | DeleteCommand): Promise<void> {
  await writeIfConditionHolds(db().send(command));
}
