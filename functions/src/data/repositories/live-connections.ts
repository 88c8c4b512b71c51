/**
 * Live WebSocket connections in the table, every item with a TTL a little past API Gateway's
 * 2-hour limit on a connection: the connection (who opened it, the clubs it follows), one item
 * per club it follows in the club's live partition (what a fan-out queries, page by page) and one
 * in its person's live partition (what a removal from a club looks through).
 */
import { DeleteCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { LIVE, TABLE } from '@clubs/shared';
import { keys, liveClubPartition, liveUserPartition, prefixes } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { transactionConditionFailures } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { type Page, queryAll, queryPage } from '../query.ts';

export interface LiveConnection {
  connectionId: string;
  userId: string;
  isSuperAdmin: boolean;
  clubIds: string[];
}

/** One connection following a club, as a fan-out reads it. */
export interface LiveSubscriber {
  connectionId: string;
  userId: string;
  isSuperAdmin: boolean;
}

const expiresAtFrom = (now: Date) => Math.floor(now.getTime() / 1000) + LIVE.connectionTtlSeconds;
const connectionIdOf = (sk: unknown) => String(sk).slice(prefixes.liveConnection.length);

/** Records a connection that passed $connect, and its person's pointer to it. */
export async function putConnection(
  connection: Omit<LiveConnection, 'clubIds'>,
  now = new Date(),
): Promise<void> {
  const common = {
    connectionId: connection.connectionId,
    userId: connection.userId,
    isSuperAdmin: connection.isSuperAdmin,
    [TABLE.ttlAttribute]: expiresAtFrom(now),
  };
  await Promise.all([
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...keys.liveConnection(connection.connectionId), type: 'LiveConnection', ...common },
      }),
    ),
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.liveUserConnection(connection.userId, connection.connectionId),
          type: 'LiveUserConnection',
          ...common,
        },
      }),
    ),
  ]);
}

export async function getConnection(connectionId: string): Promise<LiveConnection | null> {
  const item = await getItem(keys.liveConnection(connectionId), { consistent: true });
  if (!item || typeof item.userId !== 'string') return null;
  const clubs = item.clubIds instanceof Set ? [...item.clubIds] : [];
  return {
    connectionId,
    userId: item.userId,
    isSuperAdmin: item.isSuperAdmin === true,
    clubIds: clubs.filter((id): id is string => typeof id === 'string'),
  };
}

export type SubscribeResult = 'subscribed' | 'gone' | 'too_many';

/**
 * Adds the club to the connection's set and writes its item in the club's live partition, in one
 * transaction: the set holds at most LIVE.maxSubscriptionsPerConnection clubs, and a connection
 * already gone (disconnected) gets nothing.
 */
export async function addSubscription(
  connection: LiveConnection,
  clubId: string,
  now = new Date(),
): Promise<SubscribeResult> {
  if (connection.clubIds.includes(clubId)) return 'subscribed';
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.liveConnection(connection.connectionId),
              UpdateExpression: 'ADD clubIds :club',
              ConditionExpression:
                'attribute_exists(pk) AND (attribute_not_exists(clubIds) OR size(clubIds) < :max)',
              ExpressionAttributeValues: {
                ':club': new Set([clubId]),
                ':max': LIVE.maxSubscriptionsPerConnection,
              },
            },
          },
          {
            Put: {
              TableName: tableName(),
              Item: {
                ...keys.liveSubscription(clubId, connection.connectionId),
                type: 'LiveSubscription',
                connectionId: connection.connectionId,
                userId: connection.userId,
                isSuperAdmin: connection.isSuperAdmin,
                [TABLE.ttlAttribute]: expiresAtFrom(now),
              },
            },
          },
        ],
      }),
    );
    return 'subscribed';
  } catch (error) {
    if (!transactionConditionFailures(error)) throw error;
    const current = await getConnection(connection.connectionId);
    if (!current) return 'gone';
    return current.clubIds.includes(clubId) ? 'subscribed' : 'too_many';
  }
}

/** Stops the connection following the club (nothing when it did not). */
export async function removeSubscription(connectionId: string, clubId: string): Promise<void> {
  await db()
    .send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: keys.liveConnection(connectionId),
              UpdateExpression: 'DELETE clubIds :club',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeValues: { ':club': new Set([clubId]) },
            },
          },
          { Delete: { TableName: tableName(), Key: keys.liveSubscription(clubId, connectionId) } },
        ],
      }),
    )
    .catch((error: unknown) => {
      // A connection already gone has nothing left to stop; its subscription item is removed anyway.
      if (!transactionConditionFailures(error)) throw error;
      return db().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.liveSubscription(clubId, connectionId) }),
      );
    });
}

/** Removes a connection and everything it left: its clubs' items and its person's pointer. */
export async function deleteConnection(connectionId: string): Promise<void> {
  const connection = await getConnection(connectionId);
  const deletes = [
    keys.liveConnection(connectionId),
    ...(connection
      ? [
          keys.liveUserConnection(connection.userId, connectionId),
          ...connection.clubIds.map((clubId) => keys.liveSubscription(clubId, connectionId)),
        ]
      : []),
  ];
  await Promise.all(deletes.map((key) => db().send(new DeleteCommand({ TableName: tableName(), Key: key }))));
}

const toSubscriber = (item: Record<string, unknown>): LiveSubscriber => ({
  connectionId: connectionIdOf(item.sk),
  userId: String(item.userId),
  isSuperAdmin: item.isSuperAdmin === true,
});

/** The connections of a live partition (a club's or a person's) not yet past their TTL. */
const liveConnectionsIn = (partition: string, now: Date) => ({
  partition,
  sortKey: { beginsWith: prefixes.liveConnection },
  filter: {
    expression: '#ttl > :now',
    names: { '#ttl': TABLE.ttlAttribute },
    values: { ':now': Math.floor(now.getTime() / 1000) },
  },
});

/** One page of the connections following a club, leaving out those past their TTL. */
export function listSubscribersPage(
  clubId: string,
  page: { limit: number; cursor?: string },
  now = new Date(),
): Promise<Page<LiveSubscriber>> {
  return queryPage(liveConnectionsIn(liveClubPartition(clubId), now), page, toSubscriber);
}

/**
 * How many connections a person has open (those past their TTL, left by a socket whose
 * $disconnect never came, do not count): their partition holds a handful, read whole.
 */
export async function countOpenConnectionsOfUser(userId: string, now = new Date()): Promise<number> {
  return (await queryAll(liveConnectionsIn(liveUserPartition(userId), now), (item) => item.sk)).length;
}

/** The connections a person has open (a handful: one per tab). */
export function listConnectionsOfUser(userId: string): Promise<string[]> {
  return queryAll(
    { partition: liveUserPartition(userId), sortKey: { beginsWith: prefixes.liveConnection } },
    (item) => connectionIdOf(item.sk),
  );
}
