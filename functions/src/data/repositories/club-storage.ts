/**
 * How many bytes of uploads a club holds: one counter item per club, raised by a conditional
 * `ADD` that refuses to pass the quota (exact under concurrent signs, no read first) and lowered
 * when a file is removed, never below zero.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../client.ts';
import { isConditionFailed, writeIfConditionHolds } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { keys } from '../keys.ts';

const BYTES = 'bytes';

/** The bytes a club holds as counted (0 before its first upload). */
export async function storedBytesOf(clubId: string): Promise<number> {
  const item = await getItem(keys.clubStorage(clubId), { consistent: true });
  const bytes = item?.[BYTES];
  return typeof bytes === 'number' ? bytes : 0;
}

export type StorageReservation = { reserved: true } | { reserved: false; usedBytes: number };

/** Counts `bytes` more for the club unless that would pass `quotaBytes`. */
export async function reserveStorage(
  clubId: string,
  bytes: number,
  quotaBytes: number,
): Promise<StorageReservation> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.clubStorage(clubId),
        UpdateExpression: 'SET #type = :type ADD #bytes :bytes',
        ConditionExpression: 'attribute_not_exists(#bytes) OR #bytes <= :room',
        ExpressionAttributeNames: { '#type': 'type', '#bytes': BYTES },
        ExpressionAttributeValues: { ':type': 'club_storage', ':bytes': bytes, ':room': quotaBytes - bytes },
      }),
    );
    return { reserved: true };
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return { reserved: false, usedBytes: await storedBytesOf(clubId) };
  }
}

/** Counts `bytes` less for the club; a count that holds fewer is left as it is (never negative). */
export async function releaseStorage(clubId: string, bytes: number): Promise<void> {
  if (bytes <= 0) return;
  await writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.clubStorage(clubId),
        UpdateExpression: 'ADD #bytes :less',
        ConditionExpression: '#bytes >= :bytes',
        ExpressionAttributeNames: { '#bytes': BYTES },
        ExpressionAttributeValues: { ':less': -bytes, ':bytes': bytes },
      }),
    ),
  );
}
