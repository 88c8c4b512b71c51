/**
 * Counting a member active in a club for the day (data/club-stats.ts), after the write that made
 * them so (a post, a comment, a like, a completed section). The write has happened; a failure to
 * count is logged and the request still succeeds.
 */
import { recordActiveMember } from '../../data/club-stats.ts';
import { logger } from '../../logger.ts';

export async function countActive(clubId: string, userId: string, at = new Date()): Promise<void> {
  try {
    await recordActiveMember(clubId, userId, at);
  } catch (error) {
    logger.error('active member not counted', {
      clubId,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
