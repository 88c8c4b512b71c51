/**
 * Notifications: one item per person and change (keys.notification), and per person one state
 * item holding the unread count and a watermark (`readBefore`): every notification whose id sorts
 * below it counts as read ("mark all read" is one write). A notification is written only where
 * none is, with the count moved in the same transaction, so a change delivered twice notifies
 * once and counts once; one written below the watermark (a late delivery) is stored read and not
 * counted.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { idSchema, isoDateTime, type NotificationContent, notificationContentSchema } from '@clubs/shared';
import { keys, prefixes } from '@clubs/shared/table-keys';
import { encodeTime } from 'ulid';
import * as z from 'zod';
import { db, tableName } from '../client.ts';
import type { TransactItem } from '../counted-write.ts';
import { writeIfConditionHolds } from '../errors.ts';
import { type Page, queryPage } from '../query.ts';
import { backoff, cancellationReasons } from '../transaction-retry.ts';

/** How long a notification is kept (TTL). */
export const NOTIFICATION_DAYS = 90;
/** A like batch names at most this many likers; more only count in the total shown. */
const MAX_LIKERS = 100;
/** A transaction holds at most 100 actions: a notification and its counter update each. */
const RECIPIENTS_PER_TRANSACTION = 50;
const CONFLICT_ATTEMPTS = 12;

export const storedNotificationSchema = notificationContentSchema.extend({
  recipientId: idSchema,
  /** Likes only: everyone who liked the post that day. */
  actorIds: z.set(z.string()).optional(),
  updatedAt: isoDateTime.optional(),
  readAt: isoDateTime.optional(),
});
export type StoredNotification = z.infer<typeof storedNotificationSchema>;

/** What a notification says, before it is addressed to anyone. */
export type { NotificationContent };

export interface NotificationState {
  unread: number;
  /** Ids below this count as read. */
  readBefore: string | null;
}

const toNotification = (item: Record<string, unknown>): StoredNotification =>
  storedNotificationSchema.parse(item);

const expiresAt = (createdAt: string) =>
  Math.floor(Date.parse(createdAt) / 1000) + NOTIFICATION_DAYS * 24 * 3600;

function notificationItem(
  content: NotificationContent,
  recipientId: string,
  extra: Record<string, unknown> = {},
) {
  return {
    ...keys.notification(recipientId, content.id),
    type: 'notification',
    ...content,
    recipientId,
    expiresAt: expiresAt(content.createdAt),
    ...extra,
  };
}

const putNew = (item: Record<string, unknown>): TransactItem => ({
  Put: { TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' },
});

/** Counts one more unread, unless the notification sorts below the watermark (already read). */
const countUnread = (recipientId: string, id: string): TransactItem => ({
  Update: {
    TableName: tableName(),
    Key: keys.notificationState(recipientId),
    UpdateExpression: 'ADD unread :one',
    ConditionExpression: 'attribute_not_exists(readBefore) OR readBefore < :id',
    ExpressionAttributeValues: { ':one': 1, ':id': id },
  },
});

export interface WriteOutcome {
  /** Notifications written now (a repeat of an earlier delivery is not). */
  readonly written: string[];
  /** DynamoDB requests made. */
  readonly requests: number;
}

/**
 * Writes one notification per recipient, 50 recipients per transaction. A transaction that a
 * condition refused names the refused actions: recipients already notified are dropped,
 * recipients whose watermark covers the notification get it stored read and uncounted, and the
 * rest are written again; one lost to a concurrent transaction is retried after a pause.
 */
export async function writeNotifications(
  content: NotificationContent,
  recipientIds: readonly string[],
): Promise<WriteOutcome> {
  const written: string[] = [];
  let requests = 0;
  const unique = [...new Set(recipientIds)];
  for (let start = 0; start < unique.length; start += RECIPIENTS_PER_TRANSACTION) {
    let counted = unique.slice(start, start + RECIPIENTS_PER_TRANSACTION);
    let uncounted: string[] = [];
    for (let attempt = 0; counted.length + uncounted.length > 0; attempt++) {
      const actions = [
        ...counted.flatMap((id) => [putNew(notificationItem(content, id)), countUnread(id, content.id)]),
        ...uncounted.map((id) => putNew(notificationItem(content, id, { readAt: content.createdAt }))),
      ];
      requests += 1;
      try {
        await db().send(new TransactWriteCommand({ TransactItems: actions }));
        written.push(...counted, ...uncounted);
        break;
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (!reasons || attempt + 1 >= CONFLICT_ATTEMPTS) throw error;
        if (!reasons.includes('ConditionalCheckFailed')) {
          await backoff(attempt);
          continue;
        }
        const failed = (index: number) => reasons[index] === 'ConditionalCheckFailed';
        const exists = new Set([
          ...counted.filter((_, i) => failed(2 * i)),
          ...uncounted.filter((_, i) => failed(2 * counted.length + i)),
        ]);
        const coveredByWatermark = counted.filter((id, i) => !exists.has(id) && failed(2 * i + 1));
        counted = counted.filter((id) => !exists.has(id) && !coveredByWatermark.includes(id));
        uncounted = [...uncounted.filter((id) => !exists.has(id)), ...coveredByWatermark];
      }
    }
  }
  return { written, requests };
}

/**
 * Adds a liker to the day's like notification of a post, creating (and counting) it on the first
 * like: the likers are a set, so a like delivered twice is named once. True when it was created.
 */
export async function recordLike(content: NotificationContent, recipientId: string): Promise<boolean> {
  const created = (await writeNotifications(content, [recipientId])).written.length > 0;
  await addLiker(content, recipientId);
  return created;
}

async function addLiker(content: NotificationContent, recipientId: string): Promise<void> {
  await writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.notification(recipientId, content.id),
        UpdateExpression:
          'ADD actorIds :liker SET actorId = :actorId, actorName = :name, actorAvatar = :avatar, updatedAt = :at',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(actorIds) OR size(actorIds) < :max OR contains(actorIds, :actorId))',
        ExpressionAttributeValues: {
          ':liker': new Set([content.actorId]),
          ':actorId': content.actorId,
          ':name': content.actorName,
          ':avatar': content.actorAvatar,
          ':at': content.createdAt,
          ':max': MAX_LIKERS,
        },
      }),
    ),
  );
}

/**
 * A ULID-shaped id made from a time and a key rather than chance: the same for the same pair, so
 * each thing it names is notified of once however often it is delivered, and ordered by the time.
 */
function derivedNotificationId(at: number, key: string): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let hash = 0n;
  for (const char of key) hash = (hash * 131n + BigInt(char.codePointAt(0) ?? 0)) % 2n ** 80n;
  let tail = '';
  for (let i = 0; i < 16; i++) {
    tail = alphabet[Number(hash % 32n)] + tail;
    hash /= 32n;
  }
  return `${encodeTime(at, 10)}${tail}`;
}

/** The id of a post's like notification for a UTC day: the same for every like of that day. */
export function likeBatchId(postId: string, at: Date): string {
  return derivedNotificationId(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()), postId);
}

/**
 * The id of an event's reminder for the start it was scheduled for, timed when it fell due: a
 * repeated firing names the same notification, and a reminder of the event once moved a new one.
 */
export function reminderNotificationId(eventId: string, startsAt: string, dueAt: Date): string {
  return derivedNotificationId(dueAt.getTime(), `${eventId}@${startsAt}`);
}

const stateOf = (item: Record<string, unknown> | undefined): NotificationState => ({
  unread: Math.max(0, Number(item?.unread ?? 0)),
  readBefore: typeof item?.readBefore === 'string' ? item.readBefore : null,
});

export async function getNotificationState(userId: string, consistent = false): Promise<NotificationState> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.notificationState(userId),
      ConsistentRead: consistent || undefined,
    }),
  );
  return stateOf(Item);
}

/** A page of a person's notifications, newest first. */
export function listNotifications(
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<StoredNotification>> {
  return queryPage(
    {
      partition: keys.notificationState(userId).pk,
      sortKey: { beginsWith: prefixes.notification },
      order: 'descending',
    },
    page,
    toNotification,
  );
}

export const isUnread = (notification: StoredNotification, state: NotificationState): boolean =>
  !notification.readAt && (state.readBefore === null || notification.id > state.readBefore);

/**
 * Marks one notification read: the item and the count in one transaction, counted down only when
 * it was unread (not read before, not below the watermark). False when there is no such
 * notification.
 */
export async function markNotificationRead(userId: string, id: string, now: Date): Promise<boolean> {
  const markItem = {
    Update: {
      TableName: tableName(),
      Key: keys.notification(userId, id),
      UpdateExpression: 'SET readAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(readAt)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    },
  } satisfies TransactItem;
  for (let attempt = 0; ; attempt++) {
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            markItem,
            {
              Update: {
                TableName: tableName(),
                Key: keys.notificationState(userId),
                UpdateExpression: 'ADD unread :minus',
                ConditionExpression:
                  'unread > :zero AND (attribute_not_exists(readBefore) OR readBefore < :id)',
                ExpressionAttributeValues: { ':minus': -1, ':zero': 0, ':id': id },
              },
            },
          ],
        }),
      );
      return true;
    } catch (error) {
      const reasons = cancellationReasons(error);
      if (!reasons || attempt + 1 >= CONFLICT_ATTEMPTS) throw error;
      if (reasons[0] === 'ConditionalCheckFailed') {
        // Read already, or no such notification.
        const { Item } = await db().send(
          new GetCommand({
            TableName: tableName(),
            Key: keys.notification(userId, id),
            ProjectionExpression: 'pk',
          }),
        );
        return Item !== undefined;
      }
      if (reasons[1] === 'ConditionalCheckFailed') {
        // Counted as read by the watermark: mark the item only.
        await writeIfConditionHolds(db().send(new UpdateCommand({ ...markItem.Update })));
        return true;
      }
      await backoff(attempt);
    }
  }
}

/**
 * Marks everything up to now read: the watermark moves to the end of this millisecond and the
 * count to zero, in one write. A notification of an earlier change delivered later is stored read.
 */
export async function markAllNotificationsRead(userId: string, now: Date): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.notificationState(userId),
        UpdateExpression: 'SET unread = :zero, readBefore = :mark',
        ConditionExpression: 'attribute_not_exists(readBefore) OR readBefore < :mark',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':mark': `${encodeTime(now.getTime(), 10)}${'Z'.repeat(16)}`,
        },
      }),
    )
    .catch((error: unknown) => {
      // A later watermark is already there: everything up to now is read already.
      if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
    });
}
