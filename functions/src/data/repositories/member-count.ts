/**
 * A club's member count moved by one in the same transaction as the membership change that
 * moves it, with the directory's size buckets, the platform figures and the club's analytics.
 */

import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { SIZE_BUCKETS, sizeBucket } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { type StatsSteps, statsActions } from '../club-stats.ts';
import type { TransactItem } from '../counted-write.ts';
import { indexActions, indexChanges, sameIndexState } from '../directory-index.ts';
import { figure, figuresAction } from '../platform-figures.ts';
import { cancellationReasons } from '../transaction-retry.ts';
import { MEMBERS_VERSION } from './member-faces.ts';
import { type StoredClub, writeClubAsRead } from './stored-club.ts';

const MEMBERS_VERSION_NAME = { '#membersVersion': MEMBERS_VERSION };

/** Member counts from which one step of `delta` lands in another size bucket. */
const crossingCounts = (delta: 1 | -1) =>
  delta === 1
    ? [SIZE_BUCKETS.mediumFrom - 1, SIZE_BUCKETS.largeFrom - 1]
    : [SIZE_BUCKETS.mediumFrom, SIZE_BUCKETS.largeFrom];

/**
 * The writes that change a club's member count by one, as read in `stored`:
 * - a step within the size bucket is an ADD conditioned only on not standing at a bucket edge,
 *   so concurrent joins do not have to retry each other;
 * - a step over a bucket edge of an active club sets the exact count, moves its size list items
 *   (directory-index.ts) and is conditioned on the exact state read;
 * - over an edge of a club that is not listed, only the exact count is conditioned (activation
 *   re-checks the bucket itself).
 */
function countChange(stored: StoredClub, delta: 1 | -1) {
  const { club } = stored;
  const next = club.memberCount + delta;
  const key = keys.club(club.id);
  if (sizeBucket(next) === sizeBucket(club.memberCount)) {
    const [edgeA, edgeB] = crossingCounts(delta);
    const clubAction: TransactItem = {
      Update: {
        TableName: tableName(),
        Key: key,
        UpdateExpression: 'ADD #memberCount :delta, #membersVersion :one',
        ConditionExpression:
          'attribute_exists(pk) AND #memberCount > :floor AND NOT (#memberCount IN (:edgeA, :edgeB))',
        ExpressionAttributeNames: { '#memberCount': 'memberCount', ...MEMBERS_VERSION_NAME },
        ExpressionAttributeValues: {
          ':delta': delta,
          ':one': 1,
          ':floor': delta === 1 ? -1 : 0,
          ':edgeA': edgeA,
          ':edgeB': edgeB,
        },
      },
    };
    return [clubAction];
  }
  if (club.status !== 'active') {
    return [
      {
        Update: {
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET #memberCount = :next ADD #membersVersion :one',
          ConditionExpression: 'attribute_exists(pk) AND #memberCount = :count AND #status <> :active',
          ExpressionAttributeNames: {
            '#memberCount': 'memberCount',
            '#status': 'status',
            ...MEMBERS_VERSION_NAME,
          },
          ExpressionAttributeValues: {
            ':next': next,
            ':count': club.memberCount,
            ':active': 'active',
            ':one': 1,
          },
        },
      } satisfies TransactItem,
    ];
  }
  const state = sameIndexState({ memberCount: club.memberCount, indexVersion: stored.indexVersion });
  const clubAction: TransactItem = {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #memberCount = :next, #indexVersion = :nextVersion ADD #membersVersion :one',
      ConditionExpression: `attribute_exists(pk) AND #memberCount = :count AND #status = :active AND ${state.condition}`,
      ExpressionAttributeNames: { ...state.names, '#status': 'status', ...MEMBERS_VERSION_NAME },
      ExpressionAttributeValues: {
        ...state.values,
        ':one': 1,
        ':next': next,
        ':count': club.memberCount,
        ':active': 'active',
        ':nextVersion': state.nextVersion,
      },
    },
  };
  return [clubAction, ...indexActions(tableName(), indexChanges(club, { ...club, memberCount: next }))];
}

export type CountedWrite = 'done' | 'no_club' | 'refused';

/**
 * Writes `action` (a membership change) together with a member count change of `delta` in one
 * transaction, with the `alongside` items that must hold or happen with it (e.g. an invitation
 * used up by the membership it grants). 'refused' when the action's own condition or one of the
 * alongside items' failed; a club changed concurrently is read again and the transaction retried.
 */
export async function writeWithCount(
  clubId: string,
  delta: 1 | -1,
  action: TransactItem,
  alongside: readonly TransactItem[] = [],
  /** What the club's analytics count besides the join or leave (an approval). */
  stats: StatsSteps = {},
): Promise<CountedWrite> {
  return writeClubAsRead<CountedWrite>(
    clubId,
    async (stored) => {
      const [clubAction, ...moves] = countChange(stored, delta);
      try {
        await db().send(
          new TransactWriteCommand({
            TransactItems: [
              action,
              ...alongside,
              clubAction as TransactItem,
              ...moves,
              // The platform's count of active memberships moves with the club's (platform-figures.ts).
              ...figuresAction(clubId, { [figure.members]: delta }),
              // The club's analytics count the join or leave on its day (club-stats.ts).
              ...statsActions(clubId, new Date(), { ...stats, [delta === 1 ? 'joins' : 'leaves']: 1 }),
            ],
          }),
        );
        return 'done';
      } catch (error) {
        const ownConditionFailed = cancellationReasons(error)
          ?.slice(0, 1 + alongside.length)
          .includes('ConditionalCheckFailed');
        if (ownConditionFailed) return 'refused';
        throw error;
      }
    },
    { ifMissing: 'no_club', tooOftenMessage: `club ${clubId} changed too often to count a membership` },
  );
}
