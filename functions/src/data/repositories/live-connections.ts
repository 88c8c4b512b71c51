/**
 * Live WebSocket connections in the table, every item with a TTL a little past API Gateway's
 * 2-hour limit on a connection: the connection (who opened it, the clubs it follows), one item
 * per club it follows in the club's live partition (what a fan-out queries, page by page), one
 * in its person's live partition (what a removal from a club looks through), and the person's
 * set of open connections (what a message to many people reads, a hundred people a request).
 */
import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LIVE, TABLE } from '@clubs/shared';
import { keys, liveClubPartition, liveUserPartition, prefixes } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { transactionConditionFailures, writeIfConditionHolds } from '../errors.ts';
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

/** The attribute of a person's sockets item (keys.liveUserSockets) holding their connections' ids. */
const SOCKET_IDS = 'connectionIds';

/** Records a connection that passed $connect, and its person's pointer to it and set of them. */
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
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.liveUserSockets(connection.userId),
        // The newest connection expires last: the set lives as long as it.
        UpdateExpression: 'ADD #ids :id SET #type = :type, #ttl = :ttl',
        ExpressionAttributeNames: { '#ids': SOCKET_IDS, '#type': 'type', '#ttl': TABLE.ttlAttribute },
        ExpressionAttributeValues: {
          ':id': new Set([connection.connectionId]),
          ':type': 'LiveUserSockets',
          ':ttl': common[TABLE.ttlAttribute],
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

/**
 * Removes a connection and everything it left: its clubs' items, its person's pointer and its
 * place in their set. `userId`, when the caller knows whose it was, takes it out of the set even
 * if the connection's own item is gone already (past its TTL).
 */
export async function deleteConnection(connectionId: string, userId?: string): Promise<void> {
  const connection = await getConnection(connectionId);
  const owner = connection?.userId ?? userId;
  const deletes = [
    keys.liveConnection(connectionId),
    ...(owner ? [keys.liveUserConnection(owner, connectionId)] : []),
    ...(connection?.clubIds ?? []).map((clubId) => keys.liveSubscription(clubId, connectionId)),
  ];
  await Promise.all([
    ...deletes.map((key) => db().send(new DeleteCommand({ TableName: tableName(), Key: key }))),
    ...(owner ? [forgetSocket(owner, connectionId)] : []),
  ]);
}

/** Takes a connection out of its person's set (nothing when the set is gone). */
const forgetSocket = (userId: string, connectionId: string) =>
  writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.liveUserSockets(userId),
        UpdateExpression: 'DELETE #ids :id',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#ids': SOCKET_IDS },
        ExpressionAttributeValues: { ':id': new Set([connectionId]) },
      }),
    ),
  );

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

/**
 * The connections each of `userIds` has open, by person (those with none left out): their sets,
 * a hundred people to a BatchGetItem. A set past its TTL but not yet removed counts as none; an
 * id whose socket closed without a $disconnect is in it until a post to it answers Gone.
 */
export async function openConnectionsOf(
  userIds: readonly string[],
  now = new Date(),
): Promise<Map<string, string[]>> {
  const found = await batchGet(userIds.map((id) => keys.liveUserSockets(id)));
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const open = new Map<string, string[]>();
  for (const userId of new Set(userIds)) {
    const item = found.get(keyId(keys.liveUserSockets(userId)));
    const ids = item?.[SOCKET_IDS];
    if (!(ids instanceof Set) || Number(item?.[TABLE.ttlAttribute]) <= nowSeconds) continue;
    const connectionIds = [...ids].filter((id): id is string => typeof id === 'string');
    if (connectionIds.length > 0) open.set(userId, connectionIds);
  }
  return open;
}
