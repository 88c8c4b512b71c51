/**
 * How many of a person's conversations are unread: one item under the person
 * (keys.chatUnreadCount), read with one GetItem however many conversations they have.
 *
 * An entry is unread while it carries the unread index's mark (gsi3pk). Every write that may change
 * the mark goes through `writeEntry`, conditioned on the mark as it is: a write that takes the
 * entry from read to unread (or back) moves the count by one in the same transaction, and one that
 * finds the entry already as it leaves it counts nothing (a plain update, or a transaction with only
 * the outbox item the write carries). So each change of
 * an entry is counted exactly once however many messages and reads race, and a count is never
 * taken below 0.
 *
 * Entries stored without a count (loaded in bulk, as the demo seed does, or before the count
 * existed) are counted by the first read: strongly consistent reads of the person's entries, the
 * count stored only if none of them changed meanwhile. Every change of an entry moves the item's
 * `version`, counted or not, and the count is stored conditioned on the version read before
 * counting, so a change that raced the counting makes it count again.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CHAT_ENTRY_PREFIX, keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import type { TransactItem } from '../counted-write.ts';
import { isConditionFailed } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { countItems } from '../query.ts';
import { backoff, cancellationReasons } from '../transaction-retry.ts';

type Item = Record<string, unknown>;

/** The attribute an entry holds exactly while it is unread (its unread index partition). */
const UNREAD_MARK = 'gsi3pk';
const HAS_MARK = `attribute_exists(${UNREAD_MARK})`;
const NO_MARK = `attribute_not_exists(${UNREAD_MARK})`;

/** Tries after losing only to concurrent transactions on the same count (fifty senders at once). */
const CONFLICT_ATTEMPTS = 16;
/** Tries after the entry's mark or the count changed under the write (each one a real concurrent change). */
const STATE_ATTEMPTS = 16;
/** Countings of a person's entries that a concurrent change may make void before the read gives up storing one. */
const COUNT_ATTEMPTS = 4;

/** One write of a person's entry: its update and its own condition (the mark's condition is added). */
export interface EntryWrite {
  userId: string;
  conversationId: string;
  /** The update expression, which sets the mark when the entry becomes unread or removes it when read. */
  expression: string;
  condition: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
  /** What the entry is once written. */
  leaves: 'read' | 'unread';
  /** The likelier state it is found in: 'changes' (the other one) or 'stays' (the one it leaves). */
  likely: 'changes' | 'stays';
  /**
   * Further changes written with the entry's, in its transaction, only when it is written (the
   * outbox item announcing it): a write refused by its own condition writes none of them.
   */
  also?: readonly TransactItem[];
}

/** What came of the write: made, or refused by its own condition (the entry as it is), or no entry. */
export type EntryWritten = { written: boolean; unread: boolean } | null;

/** The count's move in the transaction of an entry's change: counted, or only the version when there is no count to move. */
function countMove(userId: string, delta: 1 | -1, counted: boolean): TransactItem {
  const movable = delta > 0 ? 'attribute_exists(#count)' : '#count > :zero';
  return {
    Update: {
      TableName: tableName(),
      Key: keys.chatUnreadCount(userId),
      UpdateExpression: counted ? 'ADD #count :delta, #version :one' : 'ADD #version :one',
      ConditionExpression: counted ? movable : `NOT (${movable})`,
      ExpressionAttributeNames: {
        '#count': 'conversations',
        '#version': 'version',
      },
      ExpressionAttributeValues: {
        ':one': 1,
        ...(counted ? { ':delta': delta } : {}),
        ...(delta < 0 ? { ':zero': 0 } : {}),
      },
    },
  };
}

/** The entry a refused condition returned (ALL_OLD, in DynamoDB's attribute format): its mark is all that is read. */
const oldItem = (value: unknown): Item | null =>
  value && typeof value === 'object' ? (value as Item) : null;

/**
 * Writes one entry, moving the count in the same transaction when the entry goes from read to
 * unread or back. A refusal returns the entry as stored: found in the other state than the one
 * tried, the write is tried the other way; found in the state tried, its own condition refused it.
 */
export async function writeEntry(write: EntryWrite): Promise<EntryWritten> {
  const unreadAfter = write.leaves === 'unread';
  const delta = unreadAfter ? 1 : -1;
  let changes = write.likely === 'changes';
  let counted = true;
  let conflicts = 0;
  for (let state = 0; state < STATE_ATTEMPTS; ) {
    const update = {
      TableName: tableName(),
      Key: keys.chatEntry(write.userId, write.conversationId),
      UpdateExpression: write.expression,
      ConditionExpression: `(${write.condition}) AND ${changes === unreadAfter ? NO_MARK : HAS_MARK}`,
      ExpressionAttributeNames: write.names,
      ExpressionAttributeValues: write.values,
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const,
    };
    let refused: Item | null;
    const also = write.also ?? [];
    try {
      // The entry's update comes first and the count's move second, in every transaction.
      if (changes) {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [{ Update: update }, countMove(write.userId, delta, counted), ...also],
          }),
        );
      } else if (also.length > 0) {
        await db().send(new TransactWriteCommand({ TransactItems: [{ Update: update }, ...also] }));
      } else {
        await db().send(new UpdateCommand(update));
      }
      return { written: true, unread: unreadAfter };
    } catch (error) {
      if (isConditionFailed(error)) {
        refused = oldItem((error as { Item?: unknown }).Item);
      } else {
        const reasons = cancellationReasons(error);
        if (!reasons) throw error;
        if (reasons[0] === 'ConditionalCheckFailed') {
          const cancellations = (error as { CancellationReasons?: { Item?: unknown }[] }).CancellationReasons;
          refused = oldItem(cancellations?.[0]?.Item);
        } else if (changes && reasons[1] === 'ConditionalCheckFailed') {
          // The count was counted (or emptied) since the last try: move it the other way.
          counted = !counted;
          state += 1;
          continue;
        } else if (reasons.includes('TransactionConflict') && ++conflicts < CONFLICT_ATTEMPTS) {
          await backoff(conflicts);
          continue;
        } else {
          throw error;
        }
      }
    }
    if (!refused) return null;
    const unreadNow = UNREAD_MARK in refused;
    // Found in the state the write was conditioned on: its own condition refused it.
    if (unreadNow === (changes !== unreadAfter)) return { written: false, unread: unreadNow };
    changes = !changes;
    state += 1;
  }
  throw new Error(`The chat entry ${write.conversationId} of ${write.userId} kept changing under its write`);
}

/**
 * The person's unread conversations: one strongly consistent GetItem of the count (it follows
 * the transactions that move it at once), or, for entries stored without one, the first counting.
 */
export async function readUnreadCount(userId: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const item = await getItem(keys.chatUnreadCount(userId), {
      consistent: true,
    });
    if (typeof item?.conversations === 'number') return Math.max(0, item.conversations);
    const counted = await countItems({
      partition: keys.chatUnreadCount(userId).pk,
      sortKey: { beginsWith: CHAT_ENTRY_PREFIX },
      filter: { expression: HAS_MARK },
      consistentRead: true,
    });
    if ((await storeCount(userId, counted, item)) || attempt >= COUNT_ATTEMPTS) return counted;
  }
}

/** Stores a counting unless an entry of the person's changed since `seen` was read (its version moved). */
async function storeCount(userId: string, counted: number, seen: Item | null): Promise<boolean> {
  const version = typeof seen?.version === 'number' ? seen.version : null;
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.chatUnreadCount(userId),
        UpdateExpression: 'SET #count = :counted',
        ConditionExpression:
          version === null
            ? 'attribute_not_exists(pk)'
            : '#version = :version AND attribute_not_exists(#count)',
        ExpressionAttributeNames: {
          '#count': 'conversations',
          ...(version === null ? {} : { '#version': 'version' }),
        },
        ExpressionAttributeValues: {
          ':counted': counted,
          ...(version === null ? {} : { ':version': version }),
        },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailed(error) || cancellationReasons(error)?.includes('TransactionConflict')) {
      await backoff(0);
      return false;
    }
    throw error;
  }
}
