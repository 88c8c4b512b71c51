import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type Club, type ClubStatus, clubSchema, type Membership, TABLE } from '@clubs/shared';
import { db, tableName } from '../client.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { isConditionFailed } from '../errors.ts';
import { indexKeys, keys, withoutKeys } from '../keys.ts';
import { membershipItem } from './memberships.ts';

const toClub = (item: Record<string, unknown>): Club => clubSchema.parse(withoutKeys(item));

export function clubItem(club: Club) {
  return {
    ...keys.club(club.id),
    type: 'club',
    ...indexKeys.clubStatus(club.status, club.createdAt, club.id),
    ...indexKeys.clubOwner(club.ownerId, club.createdAt, club.id),
    ...club,
  };
}

export async function getClub(clubId: string): Promise<Club | null> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.club(clubId) }));
  return Item ? toClub(Item) : null;
}

/**
 * Creates a club and its owner's active membership in one transaction: either both exist or
 * neither does, and the member count starts at exactly one.
 */
export async function createClubWithOwner(club: Omit<Club, 'memberCount'>, createdAt = club.createdAt) {
  const stored: Club = { ...club, memberCount: 1 };
  const owner: Membership = {
    clubId: club.id,
    userId: club.ownerId,
    role: 'club_owner',
    status: 'active',
    createdAt,
  };
  await db().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName(),
            Item: clubItem(stored),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: tableName(),
            Item: membershipItem(owner),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
  return { club: stored, owner };
}

/**
 * Moves a club to another status; its directory index entry moves with it. With `from`, only a
 * club in that status moves (a conditional write), so concurrent transitions cannot interleave.
 */
export async function setClubStatus(
  clubId: string,
  status: ClubStatus,
  from?: ClubStatus,
): Promise<Club | null> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.club(clubId),
        UpdateExpression: 'SET #status = :status, gsi1pk = :gsi1pk',
        ConditionExpression: from ? 'attribute_exists(pk) AND #status = :from' : 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          ':gsi1pk': indexKeys.clubStatusPartition(status),
          ...(from ? { ':from': from } : {}),
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Attributes ? toClub(Attributes) : null;
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}

const STATUS_INDEX = TABLE.indexes.byStatus;

/** Clubs of one status, newest first: one query on the status index. */
export async function listClubsByStatus(status: ClubStatus, page: { limit: number; cursor?: string }) {
  const partition = indexKeys.clubStatusPartition(status);
  const startKey = decodeCursor(page.cursor, {
    attributes: [TABLE.partitionKey, TABLE.sortKey, STATUS_INDEX.partitionKey, STATUS_INDEX.sortKey],
    fixed: { [STATUS_INDEX.partitionKey]: partition },
  });
  const { Items = [], LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: STATUS_INDEX.name,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': STATUS_INDEX.partitionKey },
      ExpressionAttributeValues: { ':pk': partition },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: startKey,
    }),
  );
  return { items: Items.map(toClub), nextCursor: encodeCursor(LastEvaluatedKey) };
}
