/**
 * Members' levels beside their names (the feed, comments, the members page): 1 to 9 from their
 * all-time points in the club (shared/src/domain/levels.ts), read for a whole list at once.
 */
import { levelOf } from '@clubs/shared';
import { ALL_TIME, pointsOf } from '../data/repositories/points.ts';

/** Members' levels from their all-time points as read (someone without an item is level 1). */
export const levelsFrom = (allTimePoints: ReadonlyMap<string, number>): Map<string, number> =>
  new Map([...allTimePoints].map(([userId, points]) => [userId, levelOf(points)]));

/** Members' levels in a club: one batch of their all-time points items. */
export async function authorLevels(clubId: string, userIds: readonly string[]): Promise<Map<string, number>> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return new Map();
  const points = await pointsOf(clubId, ALL_TIME, unique);
  return new Map(unique.map((userId) => [userId, levelOf(points.get(userId) ?? 0)]));
}
