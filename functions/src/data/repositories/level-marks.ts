/**
 * The level a member was last told they reached in a club (keys.levelTold): moved only upwards,
 * by a conditional write, so each (person, club, level) is announced once however points go down
 * and up again, and however often the like that crossed it is delivered.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { writeIfConditionHolds } from '../errors.ts';
import { ALL_TIME, pointsIn } from './points.ts';

export interface LevelStanding {
  /** All-time points in the club, as they stand now. */
  points: number;
  /** The highest level announced so far (1: none), the notification that did, and the level before it. */
  told: number;
  toldBy: string | null;
  toldFrom: number;
}

/** A member's all-time points and the level they were told of: one strongly consistent batch. */
export async function levelStanding(clubId: string, userId: string): Promise<LevelStanding> {
  const pointsKey = keys.points(clubId, userId, ALL_TIME);
  const toldKey = keys.levelTold(clubId, userId);
  const found = await batchGet([pointsKey, toldKey], undefined, true);
  const told = found.get(keyId(toldKey));
  return {
    points: pointsIn(found.get(keyId(pointsKey))),
    told: typeof told?.level === 'number' ? told.level : 1,
    toldBy: typeof told?.notificationId === 'string' ? told.notificationId : null,
    toldFrom: typeof told?.from === 'number' ? told.from : 1,
  };
}

/**
 * Claims the announcement of `level` (up from `from`) for notification `notificationId`: true
 * when no level as high was announced, or when this same notification claimed it before (a
 * delivery again, which then writes the notification it may not have finished).
 */
export function claimLevel(
  clubId: string,
  userId: string,
  claim: { level: number; from: number; notificationId: string },
): Promise<boolean> {
  return writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.levelTold(clubId, userId),
        UpdateExpression: 'SET #level = :level, #from = :from, notificationId = :id',
        ConditionExpression:
          'attribute_not_exists(#level) OR #level < :level OR (#level = :level AND notificationId = :id)',
        ExpressionAttributeNames: { '#level': 'level', '#from': 'from' },
        ExpressionAttributeValues: {
          ':level': claim.level,
          ':from': claim.from,
          ':id': claim.notificationId,
        },
      }),
    ),
  );
}
