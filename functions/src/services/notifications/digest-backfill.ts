/**
 * Lists in the digests' partitions the digest choices stored before it existed: every club is
 * found through the club-status index and its active members through the members' order index
 * (never a Scan); each member's account choice and their choice for the club are read in one
 * BatchGetItem per 50 members and a digest choice missing from its partition is written again
 * with its index keys (only if unchanged since it was read). Safe to run more than once.
 */
import { CLUB_STATUSES, TABLE } from '@clubs/shared';
import { indexKeys } from '@clubs/shared/table-keys';
import { queryAll } from '../../data/query.ts';
import { listClubMembers } from '../../data/repositories/club-members.ts';
import { relistDigestChoices } from '../../data/repositories/notification-preferences.ts';

const MEMBERS_PER_READ = 500;

/** Answers how many choices it listed. */
export async function backfillDigestSubscribers(): Promise<number> {
  let listed = 0;
  for (const status of CLUB_STATUSES) {
    const query = { index: TABLE.indexes.byStatus, partition: indexKeys.clubStatusPartition(status) };
    for (const clubId of await queryAll(query, (item) => String(item.id))) {
      let cursor: string | undefined;
      do {
        const page = await listClubMembers(
          clubId,
          { by: 'all' },
          { limit: MEMBERS_PER_READ, cursor, activeOnly: true },
        );
        listed += await relistDigestChoices(
          page.items.map(({ membership }) => membership.userId),
          clubId,
        );
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    }
  }
  return listed;
}
