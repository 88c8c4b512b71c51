import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type Membership, type MembershipStatus, membershipSchema, TABLE } from '@clubs/shared';
import { db, tableName } from '../client.ts';
import { transactionConditionFailures } from '../errors.ts';
import { indexKeys, keys, withoutKeys } from '../keys.ts';

const toMembership = (item: Record<string, unknown>): Membership => membershipSchema.parse(withoutKeys(item));

export function membershipItem(membership: Membership) {
  return {
    ...keys.membership(membership.clubId, membership.userId),
    type: 'membership',
    ...indexKeys.userMembership(membership.userId, membership.status, membership.clubId),
    ...membership,
  };
}

export async function getMembership(clubId: string, userId: string): Promise<Membership | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.membership(clubId, userId) }),
  );
  return Item ? toMembership(Item) : null;
}

export type AddMembershipResult =
  | { created: true; membership: Membership }
  | { created: false; reason: 'exists' | 'no_club' };

/**
 * Adds a membership if the person has none in the club. An active membership raises the club's
 * member count in the same transaction, so the count stays exact under concurrent joins.
 */
export async function addMembership(membership: Membership): Promise<AddMembershipResult> {
  const clubCheck =
    membership.status === 'active'
      ? {
          Update: {
            TableName: tableName(),
            Key: keys.club(membership.clubId),
            UpdateExpression: 'ADD memberCount :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':one': 1 },
          },
        }
      : {
          ConditionCheck: {
            TableName: tableName(),
            Key: keys.club(membership.clubId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: membershipItem(membership),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          clubCheck,
        ],
      }),
    );
    return { created: true, membership };
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    return { created: false, reason: failed.includes(0) ? 'exists' : 'no_club' };
  }
}

const USER_INDEX = TABLE.indexes.byUser;

/** A user's memberships, optionally of one status: one query on the user index. */
export async function listMembershipsOfUser(
  userId: string,
  status?: MembershipStatus,
): Promise<Membership[]> {
  const memberships: Membership[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const { Items = [], LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: USER_INDEX.name,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': USER_INDEX.partitionKey, '#sk': USER_INDEX.sortKey },
        ExpressionAttributeValues: {
          ':pk': indexKeys.userMembershipPartition(userId),
          ':prefix': indexKeys.userMembershipPrefix(status),
        },
        ExclusiveStartKey: startKey,
      }),
    );
    memberships.push(...Items.map(toMembership));
    startKey = LastEvaluatedKey;
  } while (startKey);
  return memberships;
}
