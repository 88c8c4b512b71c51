/**
 * How many bytes of uploads a club holds: one counter item per club, raised by a conditional
 * `ADD` that refuses to pass the quota (exact under concurrent signs, no read first) and lowered
 * when a file is removed, never below zero. A signed upload's bytes are a reservation until the
 * file is used: the sign writes, in one transaction with the counter and the signer's rate
 * window, the reservation (by media key) and its lapse entry (by the time it lapses). Using the
 * file settles it (the counter takes the stored size, the lapse entry goes, the reservation is
 * marked settled so a second use counts nothing); a lapsed one is reclaimed (the counter gives its
 * bytes back) by the next sign that finds the club full, one query of the lapse entries due.
 * Each of those moves is one transaction conditioned on the lapse entry, so a settle and a
 * reclaim of the same file never both count.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys, STORAGE_LAPSE_PREFIX } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { isConditionFailed, transactionConditionFailures, writeIfConditionHolds } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { queryPage } from '../query.ts';
import {
  type RateWindow,
  rateWindowCount,
  retryOnConflict,
  type WindowsFull,
  windowsFullIn,
} from '../rate-windows.ts';

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

/** The counter's change, refused (ConditionalCheckFailed) when it would pass the quota or go below zero. */
function counterMove(clubId: string, bytes: number, quotaBytes: number) {
  const up = bytes > 0;
  return {
    Update: {
      TableName: tableName(),
      Key: keys.clubStorage(clubId),
      UpdateExpression: 'SET #type = :type ADD #bytes :bytes',
      ConditionExpression: up ? 'attribute_not_exists(#bytes) OR #bytes <= :room' : '#bytes >= :less',
      ExpressionAttributeNames: { '#type': 'type', '#bytes': BYTES },
      ExpressionAttributeValues: {
        ':type': 'club_storage',
        ':bytes': bytes,
        ...(up ? { ':room': quotaBytes - bytes } : { ':less': -bytes }),
      },
    },
  };
}

export interface UploadReservation {
  clubId: string;
  mediaKey: string;
  bytes: number;
  /** When the reservation lapses unless the file is used (ISO). */
  lapsesAt: string;
}

export type ReserveOutcome =
  | { reserved: true }
  | { reserved: false; refused: 'full'; usedBytes: number }
  | ({ reserved: false; refused: 'limited' } & WindowsFull);

/**
 * Reserves an upload's declared bytes within the quota, counting the sign in the signer's rate
 * window; nothing is written when either refuses.
 */
export async function reserveUpload(
  reservation: UploadReservation,
  quotaBytes: number,
  rate: RateWindow,
  now: Date,
): Promise<ReserveOutcome> {
  const { clubId, mediaKey, bytes, lapsesAt } = reservation;
  try {
    await retryOnConflict(() =>
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            rateWindowCount(rate, now),
            counterMove(clubId, bytes, quotaBytes),
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...keys.storageReservation(clubId, mediaKey),
                  type: 'storage_reservation',
                  bytes,
                  lapsesAt,
                },
              },
            },
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...keys.storageLapse(clubId, lapsesAt, mediaKey),
                  type: 'storage_lapse',
                  mediaKey,
                  bytes,
                },
              },
            },
          ],
        }),
      ),
    );
    return { reserved: true };
  } catch (error) {
    const limited = windowsFullIn(error, [rate], now);
    if (limited) return { reserved: false, refused: 'limited', ...limited };
    if (!transactionConditionFailures(error)) throw error;
    return { reserved: false, refused: 'full', usedBytes: await storedBytesOf(clubId) };
  }
}

/**
 * Settles a used file: its open reservation is kept as counted (the upload policy capped the file
 * at the declared size), its lapse entry goes; one that lapsed meanwhile is counted again (refused
 * when the club has no room for it now); one settled before, or a file signed before
 * reservations were kept (counted then), counts nothing.
 */
export async function settleUpload(
  clubId: string,
  mediaKey: string,
  quotaBytes: number,
): Promise<{ settled: true } | { settled: false; usedBytes: number }> {
  const reservationKey = keys.storageReservation(clubId, mediaKey);
  const held = await getItem(reservationKey, { consistent: true });
  if (!held || held.settled === true) return { settled: true };
  const bytes = Number(held.bytes);
  const first =
    held.reclaimed === true
      ? counterMove(clubId, bytes, quotaBytes)
      : {
          Delete: {
            TableName: tableName(),
            Key: keys.storageLapse(clubId, String(held.lapsesAt), mediaKey),
            ConditionExpression: 'attribute_exists(pk)',
          },
        };
  try {
    await retryOnConflict(() =>
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            first,
            {
              Update: {
                TableName: tableName(),
                Key: reservationKey,
                UpdateExpression: 'SET #settled = :true',
                ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#settled)',
                ExpressionAttributeNames: { '#settled': 'settled' },
                ExpressionAttributeValues: { ':true': true },
              },
            },
          ],
        }),
      ),
    );
    return { settled: true };
  } catch (error) {
    if (!transactionConditionFailures(error)) throw error;
    // A reclaim or another settle got there first: settle as it now stands.
    const now = await getItem(reservationKey, { consistent: true });
    if (now?.settled === true) return { settled: true };
    if (now?.reclaimed === true && held.reclaimed !== true) return settleUpload(clubId, mediaKey, quotaBytes);
    return { settled: false, usedBytes: await storedBytesOf(clubId) };
  }
}

/** Lapse entries reclaimed per sign that finds the club full. */
const RECLAIM_PAGE = 25;

/**
 * Gives back the bytes of the club's reservations that lapsed unused (up to RECLAIM_PAGE of them,
 * the oldest first): one query, then one transaction each. Answers how many bytes came back.
 */
export async function reclaimLapsedUploads(clubId: string, now: Date): Promise<number> {
  const lapsed = await queryPage(
    {
      partition: keys.storageLapse(clubId, '', '').pk,
      sortKey: { between: [STORAGE_LAPSE_PREFIX, `${STORAGE_LAPSE_PREFIX}${now.toISOString()}`] },
      consistentRead: true,
    },
    { limit: RECLAIM_PAGE },
    (item) => ({ sk: String(item.sk), mediaKey: String(item.mediaKey), bytes: Number(item.bytes) }),
  );
  let reclaimed = 0;
  for (const entry of lapsed.items) {
    try {
      await retryOnConflict(() =>
        db().send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: tableName(),
                  Key: { pk: keys.storageLapse(clubId, '', '').pk, sk: entry.sk },
                  ConditionExpression: 'attribute_exists(pk)',
                },
              },
              {
                Update: {
                  TableName: tableName(),
                  Key: keys.storageReservation(clubId, entry.mediaKey),
                  UpdateExpression: 'SET #reclaimed = :true',
                  ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#settled)',
                  ExpressionAttributeNames: { '#reclaimed': 'reclaimed', '#settled': 'settled' },
                  ExpressionAttributeValues: { ':true': true },
                },
              },
              counterMove(clubId, -entry.bytes, 0),
            ],
          }),
        ),
      );
      reclaimed += entry.bytes;
    } catch (error) {
      // Settled (or reclaimed) meanwhile: nothing to give back.
      if (!transactionConditionFailures(error)) throw error;
    }
  }
  return reclaimed;
}
