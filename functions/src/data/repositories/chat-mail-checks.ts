/**
 * The unread e-mail check of a person's side of a conversation, kept on their chat entry: armed
 * (mailDueAt, and the entry in the sparse due index of its shard) by a message to them when none
 * is armed, disarmed when they read the conversation or write in it, and taken by the sweep once
 * it falls due. `lastMailedAt` remembers the last e-mail, which keeps them an hour apart.
 */

import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CHAT_UNREAD_MAIL, TABLE } from '@clubs/shared';
import { indexKeys, keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { writeIfConditionHolds } from '../errors.ts';
import { queryPage } from '../query.ts';

/** The SET clauses that arm a check (:due, :g1pk, :g1sk), leaving one already armed as it is. */
export const ARM =
  'mailDueAt = if_not_exists(mailDueAt, :due), gsi1pk = if_not_exists(gsi1pk, :g1pk), gsi1sk = if_not_exists(gsi1sk, :g1sk)';
/** The attributes a REMOVE takes away to disarm it. */
export const DISARMED = 'mailDueAt, gsi1pk, gsi1sk';

/** A person's conversations spread over the shards by a hash of the two ids (the same shard every time). */
export function shardOf(userId: string, conversationId: string): number {
  let hash = 0;
  for (const char of `${userId}#${conversationId}`) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash % CHAT_UNREAD_MAIL.shards;
}

/** The attributes of a check falling due at `at`. */
export function mailCheckDue(userId: string, conversationId: string, at: Date) {
  const dueAt = at.toISOString();
  return {
    mailDueAt: dueAt,
    ...indexKeys.chatMailDue(shardOf(userId, conversationId), dueAt, userId, conversationId),
  };
}

/** A check that fell due, with what the sweep decides on. */
export interface DueCheck {
  userId: string;
  conversationId: string;
  /** Its place in the due index, which a disarm or a move is conditioned on. */
  dueKey: string;
  unread: boolean;
  lastMessageId: string | null;
  lastMailedAt: string | null;
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The checks of one shard due by `now`, the earliest first. */
export async function dueChecks(shard: number, now: Date, limit: number): Promise<DueCheck[]> {
  // A due key starts with its ISO time and then '#': every one due by now sorts below now + '$'.
  const page = await queryPage(
    {
      index: TABLE.indexes.byStatus,
      partition: indexKeys.chatMailDuePartition(shard),
      sortKey: { below: `${now.toISOString()}$` },
    },
    { limit },
    (item) => ({
      userId: String(item.userId),
      conversationId: String(item.conversationId),
      dueKey: String(item.gsi1sk),
      unread: item.gsi3pk !== undefined,
      lastMessageId: str(item.lastMessageId),
      lastMailedAt: str(item.lastMailedAt),
    }),
  );
  return page.items;
}

const update = (check: DueCheck, expression: string, values: Record<string, unknown> = {}) =>
  writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.chatEntry(check.userId, check.conversationId),
        UpdateExpression: expression,
        ConditionExpression: 'gsi1sk = :seen',
        ExpressionAttributeValues: { ':seen': check.dueKey, ...values },
      }),
    ),
  );

/** Disarms a check still armed as the sweep saw it: false when it moved (or went) since. */
export const disarmCheck = (check: DueCheck): Promise<boolean> => update(check, `REMOVE ${DISARMED}`);

/** Moves a check still armed as the sweep saw it to fall due at `at`. */
export function moveCheck(check: DueCheck, at: Date): Promise<boolean> {
  const due = mailCheckDue(check.userId, check.conversationId, at);
  return update(check, 'SET mailDueAt = :due, gsi1sk = :g1sk', {
    ':due': due.mailDueAt,
    ':g1sk': due.gsi1sk,
  });
}

/** Remembers when the last unread e-mail of this conversation went to this person. */
export function markMailed(userId: string, conversationId: string, at: Date): Promise<boolean> {
  return writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.chatEntry(userId, conversationId),
        UpdateExpression: 'SET lastMailedAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    ),
  );
}
