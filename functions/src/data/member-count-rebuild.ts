/**
 * Recounting clubs' members from their stored memberships, for data whose counts were not kept
 * with the memberships (memberships loaded in batches, as the demo seed does) or after a repair.
 * An operator command (scripts/rebuild-figures.ts, before the figures it feeds), never a request
 * path: per club one strongly consistent count of its active memberships.
 *
 * A club whose count differs is corrected in one transaction with everything a membership change
 * moves with the count (member-count.ts): the club's member count and members version (moved by
 * the number of memberships counted in or out, as their own writes would have moved it), the
 * directory's size entries when the count lands in another size bucket, the platform figures'
 * members, and the club's analytics, which count the difference as joins (or leaves) of the day
 * of the correction so that the members over time still add up to the count. The transaction is
 * conditioned on the club's count and members version as read before counting: every membership
 * change moves the version, so one committed meanwhile makes the club read and counted again.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { sizeBucket } from '@clubs/shared';
import { keys, prefixes } from '@clubs/shared/table-keys';
import { everyClubId } from './admin-index.ts';
import { db, tableName } from './client.ts';
import { statsActions } from './club-stats.ts';
import type { TransactItem } from './counted-write.ts';
import { indexActions, indexChanges, sameIndexState } from './directory-index.ts';
import { figure, figuresAction } from './platform-figures.ts';
import { countItems } from './query.ts';
import { MEMBERS_VERSION, type StoredClub, writeClubAsRead } from './repositories/stored-club.ts';

/** The club's active memberships, counted with strongly consistent reads. */
const activeMemberships = (clubId: string) =>
  countItems({
    partition: keys.club(clubId).pk,
    sortKey: { beginsWith: prefixes.member },
    filter: {
      expression: '#status = :active',
      names: { '#status': 'status' },
      values: { ':active': 'active' },
    },
    consistentRead: true,
  });

/** The transaction that takes the club, as read, to `counted` members. */
function correction(stored: StoredClub, counted: number): TransactItem[] {
  const { club, membersVersion: version } = stored;
  const delta = counted - club.memberCount;
  const names: Record<string, string> = { '#memberCount': 'memberCount', '#membersVersion': MEMBERS_VERSION };
  const values: Record<string, unknown> = {
    ':count': club.memberCount,
    ':counted': counted,
    ':moved': Math.abs(delta),
  };
  const conditions = ['attribute_exists(pk)', '#memberCount = :count'];
  if (version === undefined) conditions.push('attribute_not_exists(#membersVersion)');
  else {
    conditions.push('#membersVersion = :version');
    values[':version'] = version;
  }
  const sets = ['#memberCount = :counted'];
  let moves: TransactItem[] = [];
  if (sizeBucket(counted) !== sizeBucket(club.memberCount)) {
    names['#status'] = 'status';
    values[':active'] = 'active';
    if (club.status === 'active') {
      // Listed: its size entries move, conditioned on the index state they were derived from.
      const state = sameIndexState({ memberCount: club.memberCount, indexVersion: stored.indexVersion });
      Object.assign(names, state.names);
      Object.assign(values, state.values, { ':nextVersion': state.nextVersion });
      conditions.push('#status = :active', state.condition);
      sets.push('#indexVersion = :nextVersion');
      moves = indexActions(tableName(), indexChanges(club, { ...club, memberCount: counted }));
    } else {
      // Not listed: an activation meanwhile would have listed it at the old size.
      conditions.push('#status <> :active');
    }
  }
  const now = new Date();
  return [
    {
      Update: {
        TableName: tableName(),
        Key: keys.club(club.id),
        UpdateExpression: `SET ${sets.join(', ')} ADD #membersVersion :moved`,
        ConditionExpression: conditions.join(' AND '),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      },
    },
    ...moves,
    ...figuresAction(club.id, { [figure.members]: delta }, now),
    ...statsActions(club.id, now, delta > 0 ? { joins: delta } : { leaves: -delta }),
  ];
}

/**
 * Recounts one club's members and corrects its count (with all that moves with it) when it
 * differs; answers the correction (0 when the count was right or the club is missing).
 */
export async function rebuildMemberCount(clubId: string): Promise<number> {
  return writeClubAsRead(
    clubId,
    async (stored) => {
      const counted = await activeMemberships(clubId);
      const delta = counted - stored.club.memberCount;
      if (delta === 0) return 0;
      await db().send(
        new TransactWriteCommand({
          TransactItems: correction(stored, counted),
        }),
      );
      return delta;
    },
    { ifMissing: 0, tooOftenMessage: `club ${clubId}'s members changed too often to be counted` },
  );
}

export interface MemberCountReport {
  clubs: number;
  /** Clubs whose count was corrected. */
  corrected: number;
}

/** Recounts the given clubs' members, or every club's (the super-admin index's entries). */
export async function rebuildMemberCounts(clubIds?: readonly string[]): Promise<MemberCountReport> {
  const ids = clubIds ?? (await everyClubId());
  let corrected = 0;
  for (const clubId of ids) if ((await rebuildMemberCount(clubId)) !== 0) corrected += 1;
  return { clubs: ids.length, corrected };
}
