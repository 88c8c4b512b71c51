/**
 * The one way an item and the counter that counts it change together (a like and the post's
 * likeCount, a comment and commentCount, an attendance and attendeeCount): both in one
 * transaction, so counts stay exact under concurrency and a duplicate is never counted twice.
 */
import {
  type DynamoDBDocumentClient,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';

/** One action of a transaction. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

import type { Key } from '@clubs/shared/table-keys';
import { db, tableName } from './client.ts';
import { transactionConditionFailures } from './errors.ts';
import { backoff, cancellationReasons } from './transaction-retry.ts';

/** Attempts of a counted write that lost only to concurrent transactions on the same counter. */
const CONFLICT_ATTEMPTS = 12;

/**
 * Sends the transaction, again after a short random pause when DynamoDB cancelled it only
 * because another transaction held the counter's item at the same moment (TransactionConflict):
 * twenty people liking one post at once must all be counted. A failed condition is an answer,
 * not a conflict, and is thrown at once.
 */
export async function sendRetryingConflicts(
  input: TransactWriteCommandInput,
  client: DynamoDBDocumentClient = db(),
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      const reasons = cancellationReasons(error);
      const conflictOnly =
        reasons?.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed');
      if (!conflictOnly || attempt + 1 >= CONFLICT_ATTEMPTS) throw error;
      await backoff(attempt);
    }
  }
}

export interface Counter {
  /** The item holding the count; it must exist. */
  key: Key;
  attribute: string;
  /**
   * Counted up by every change, in and out (a count can come back to the same number with other
   * items): what a summary kept beside the counter, such as an event's first attendees'
   * faces, was read at.
   */
  version?: string;
  /**
   * The counter's item must not be hidden (a post hidden by reports, a moderator or held for
   * approval takes no likes or comments): a hidden one refuses the write as a missing one does.
   */
  shownOnly?: true;
}

/** The counting-up update of the counter's item, with its condition (it exists, and is shown when asked). */
function countUp(counter: Counter) {
  const update = counterUpdate(counter, 1);
  if (!counter.shownOnly) return { ...update, ConditionExpression: 'attribute_exists(pk)' };
  return {
    ...update,
    ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#hidden': 'hidden' },
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#hidden)',
  };
}

/** The update of the counter's item: the count by `step`, and its version (if any) by one. */
function counterUpdate(counter: Counter, step: 1 | -1) {
  const names: Record<string, string> = { '#count': counter.attribute };
  if (counter.version) names['#version'] = counter.version;
  return {
    UpdateExpression: counter.version ? 'ADD #count :step, #version :one' : 'ADD #count :step',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: { ':step': step, ...(counter.version ? { ':one': 1 } : {}) },
  };
}

/** A counted put's answer, with which of the `also` changes' conditions failed when refused. */
export interface PutCountedOutcome {
  outcome: 'created' | 'exists' | 'no_parent' | 'refused';
  refusedAlso: number[];
}

/**
 * Puts a new item and counts it up: 'exists' if it was there, 'no_parent' if the counter's item
 * is missing (or hidden, for a shownOnly counter), 'refused' if only a condition of an `also`
 * change failed.
 */
export async function putCounted(
  item: Record<string, unknown>,
  counter: Counter,
  /** Further changes that belong to the same write (a like's points, its day's analytics). */
  also: readonly TransactItem[] = [],
): Promise<PutCountedOutcome['outcome']> {
  return (await putCountedOutcome(item, counter, also)).outcome;
}

/** putCounted, naming (by their index in `also`) the further changes whose conditions failed. */
export async function putCountedOutcome(
  item: Record<string, unknown>,
  counter: Counter,
  also: readonly TransactItem[] = [],
): Promise<PutCountedOutcome> {
  try {
    await sendRetryingConflicts({
      TransactItems: [
        { Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
        {
          Update: {
            TableName: tableName(),
            Key: counter.key,
            ...countUp(counter),
          },
        },
        ...also,
      ],
    });
    return { outcome: 'created', refusedAlso: [] };
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    if (failed.includes(0)) return { outcome: 'exists', refusedAlso: [] };
    if (failed.includes(1)) return { outcome: 'no_parent', refusedAlso: [] };
    return { outcome: 'refused', refusedAlso: failed.map((index) => index - 2) };
  }
}

const withZero = (update: ReturnType<typeof counterUpdate>) => ({
  ...update,
  ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':zero': 0 },
});

export interface DeleteCountedOptions {
  /** Deletes only the item as read (e.g. `createdAt = :createdAt`); it must exist in any case. */
  unchanged?: { expression: string; names?: Record<string, string>; values: Record<string, unknown> };
  also?: readonly TransactItem[];
}

/** Deletes an existing item and counts it down (never below zero); false when there was none. */
export async function deleteCounted(
  key: Key,
  counter: Counter,
  options: DeleteCountedOptions = {},
): Promise<boolean> {
  return (await deleteCountedOutcome(key, counter, options)).outcome === 'deleted';
}

/**
 * deleteCounted, telling apart an item that was not there as read ('gone'), a counter's item
 * missing or at zero ('no_parent') and a refused condition of an `also` change ('refused', with
 * their indexes in `also`).
 */
export async function deleteCountedOutcome(
  key: Key,
  counter: Counter,
  options: DeleteCountedOptions = {},
): Promise<{ outcome: 'deleted' | 'gone' | 'no_parent' | 'refused'; refusedAlso: number[] }> {
  const unchanged = options.unchanged;
  try {
    await sendRetryingConflicts({
      TransactItems: [
        {
          Delete: {
            TableName: tableName(),
            Key: key,
            ConditionExpression: unchanged
              ? `attribute_exists(pk) AND ${unchanged.expression}`
              : 'attribute_exists(pk)',
            ...(unchanged?.names ? { ExpressionAttributeNames: unchanged.names } : {}),
            ...(unchanged ? { ExpressionAttributeValues: unchanged.values } : {}),
          },
        },
        {
          Update: {
            TableName: tableName(),
            Key: counter.key,
            ...withZero(counterUpdate(counter, -1)),
            ConditionExpression: 'attribute_exists(pk) AND #count > :zero',
          },
        },
        ...(options.also ?? []),
      ],
    });
    return { outcome: 'deleted', refusedAlso: [] };
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    if (failed.includes(0)) return { outcome: 'gone', refusedAlso: [] };
    if (failed.includes(1)) return { outcome: 'no_parent', refusedAlso: [] };
    return { outcome: 'refused', refusedAlso: failed.map((index) => index - 2) };
  }
}
