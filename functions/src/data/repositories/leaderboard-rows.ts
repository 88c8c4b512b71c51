/**
 * What a leaderboard row shows of each person beyond the period's points, in one batch of key
 * lookups: their membership's card (name and photo) and their points in the periods asked for
 * (all time for their level, and the caller's own period). Nothing here grows with the club.
 */

import { keys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { cardOf, type MemberCard } from './member-cards.ts';
import { pointsIn } from './points.ts';

export interface PersonPoints {
  /** Their membership's card: null when not filled yet or when they are no longer a member. */
  card: MemberCard | null;
  isMember: boolean;
  /** Points by period key ('ALL', 'D7#…'); 0 where they have none. */
  points: Map<string, number>;
}

export async function pointsAndCards(
  clubId: string,
  userIds: readonly string[],
  periods: readonly string[],
): Promise<Map<string, PersonPoints>> {
  const found = await batchGet(
    userIds.flatMap((userId) => [
      keys.membership(clubId, userId),
      ...periods.map((period) => keys.points(clubId, userId, period)),
    ]),
  );
  const people = new Map<string, PersonPoints>();
  for (const userId of userIds) {
    const membership = found.get(keyId(keys.membership(clubId, userId)));
    const points = new Map<string, number>();
    for (const period of periods) {
      points.set(period, pointsIn(found.get(keyId(keys.points(clubId, userId, period)))));
    }
    people.set(userId, {
      card: membership ? cardOf(membership) : null,
      isMember: membership?.status === 'active',
      points,
    });
  }
  return people;
}
