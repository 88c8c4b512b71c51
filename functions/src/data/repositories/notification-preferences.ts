/**
 * Notification preferences: one item per person for the account and one per club they chose
 * differently for (keys.notificationPreference); an item that chose a digest is also listed in
 * its cadence's sparse partition of subscribers (indexKeys.digestSubscriber), by the same Put. Reading a person's choice for a club, or a whole
 * batch of people's, is one BatchGetItem per 50 people (both of each person's items together).
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_NOTIFICATION_PREFERENCE,
  DIGEST_CADENCES,
  type DigestCadence,
  type NotificationPreference,
  notificationPreferenceSchema,
} from '@clubs/shared';
import { indexKeys, keys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { isConditionFailed } from '../errors.ts';

export interface StoredPreferences {
  /** The account's choice, if the person made one. */
  account: NotificationPreference | null;
  /** The club's own choice, if any. */
  club: NotificationPreference | null;
}

const preferenceOf = (item: Record<string, unknown> | undefined): NotificationPreference | null => {
  const parsed = notificationPreferenceSchema.safeParse(item?.preference);
  return parsed.success ? parsed.data : null;
};

/** Whether a choice is a digest's cadence. */
export const isDigest = (preference: NotificationPreference | null): preference is DigestCadence =>
  (DIGEST_CADENCES as readonly string[]).includes(preference ?? '');

/** The choice in effect: the club's, else the account's, else the default. */
export const effectivePreference = (stored: StoredPreferences): NotificationPreference =>
  stored.club ?? stored.account ?? DEFAULT_NOTIFICATION_PREFERENCE;

/** Each person's stored choices for a club (or for the account alone when clubId is null). */
export async function getPreferences(
  userIds: readonly string[],
  clubId: string | null,
  consistent = false,
): Promise<Map<string, StoredPreferences>> {
  const wanted = userIds.flatMap((id) => [
    keys.notificationPreference(id, null),
    ...(clubId ? [keys.notificationPreference(id, clubId)] : []),
  ]);
  const found = await batchGet(wanted, ['preference'], consistent);
  return new Map(
    userIds.map((id) => [
      id,
      {
        account: preferenceOf(found.get(keyId(keys.notificationPreference(id, null)))),
        club: clubId ? preferenceOf(found.get(keyId(keys.notificationPreference(id, clubId)))) : null,
      },
    ]),
  );
}

/** Stores a choice for the account or a club; null clears a club's (it follows the account again). */
export async function setPreference(
  userId: string,
  clubId: string | null,
  preference: NotificationPreference | null,
  now: Date,
): Promise<void> {
  const key = keys.notificationPreference(userId, clubId);
  if (preference === null) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: key }));
    return;
  }
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...key,
        type: 'notificationPreference',
        userId,
        clubId,
        preference,
        updatedAt: now.toISOString(),
        // A digest choice lists the item among its cadence's subscribers; any other leaves them.
        ...(isDigest(preference) ? indexKeys.digestSubscriber(preference, clubId, userId) : {}),
      },
    }),
  );
}

/**
 * Writes again, with their index keys, the digest choices among these people's account items and
 * their items for the club that are missing from their cadence's partition (stored before it
 * existed); each only if its choice is unchanged since it was read. Answers how many.
 */
export async function relistDigestChoices(userIds: readonly string[], clubId: string): Promise<number> {
  const wanted = userIds.flatMap((id) => [
    keys.notificationPreference(id, null),
    keys.notificationPreference(id, clubId),
  ]);
  const found = await batchGet(wanted);
  let listed = 0;
  for (const item of found.values()) {
    const preference = preferenceOf(item);
    if (!isDigest(preference) || item.gsi1pk !== undefined) continue;
    const owner = String(item.userId);
    const club = typeof item.clubId === 'string' ? item.clubId : null;
    await db()
      .send(
        new PutCommand({
          TableName: tableName(),
          Item: { ...item, ...indexKeys.digestSubscriber(preference, club, owner) },
          ConditionExpression: '#preference = :preference',
          ExpressionAttributeNames: { '#preference': 'preference' },
          ExpressionAttributeValues: { ':preference': preference },
        }),
      )
      .then(
        () => {
          listed += 1;
        },
        (error: unknown) => {
          if (!isConditionFailed(error)) throw error;
        },
      );
  }
  return listed;
}
