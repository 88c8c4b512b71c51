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

/**
 * Up to `window` clubs of one status starting at a random point of the status index, wrapping
 * around to the oldest when the tail is short: at most two queries and `window` items read,
 * however many clubs exist.
 */
export async function sampleClubsByStatus(
  status: ClubStatus,
  window: number,
  random: () => number = Math.random,
  now = Date.now(),
): Promise<Club[]> {
  const partition = indexKeys.clubStatusPartition(status);
  const pivotTime = SAMPLE_EPOCH + Math.floor(random() * Math.max(1, now - SAMPLE_EPOCH));
  const pivot = new Date(pivotTime).toISOString();
  const query = (condition: string, values: Record<string, string>, limit: number) =>
    db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: STATUS_INDEX.name,
        KeyConditionExpression: condition,
        ExpressionAttributeNames: { '#pk': STATUS_INDEX.partitionKey, '#sk': STATUS_INDEX.sortKey },
        ExpressionAttributeValues: { ':pk': partition, ...values },
        Limit: limit,
      }),
    );
  const tail = await query('#pk = :pk AND #sk >= :pivot', { ':pivot': pivot }, window);
  const items = tail.Items ?? [];
  if (items.length < window) {
    const head = await query('#pk = :pk AND #sk < :pivot', { ':pivot': pivot }, window - items.length);
    items.push(...(head.Items ?? []));
  }
  return items.map(toClub);
}

/** The earliest creation time the featured sample draws its random starting point from. */
const SAMPLE_EPOCH = Date.parse('2024-01-01T00:00:00Z');
