/** A person's own clubs, read through the owner index (gsi2: OWNER#{ownerId}, newest first). */
import { type Club, type ClubStatus, TABLE } from '@clubs/shared';
import { indexKeys } from '@clubs/shared/table-keys';
import { queryFirst } from '../query.ts';
import { clubFromItem } from './stored-club.ts';

const OWNER_INDEX = TABLE.indexes.byOwner;
/** Clubs read per query while looking for the newest one of a status. */
const PAGE = 25;
/** An owner with more clubs than this in other statuses is not searched further. */
const MAX_PAGES = 8;

/** The owner's newest club of a status, or null: queries of the owner's partition only. */
export function newestOwnedClubWithStatus(ownerId: string, status: ClubStatus): Promise<Club | null> {
  return queryFirst(
    {
      index: OWNER_INDEX,
      partition: indexKeys.clubOwnerPartition(ownerId),
      order: 'descending',
      filter: {
        expression: '#status = :status',
        names: { '#status': 'status' },
        values: { ':status': status },
      },
    },
    clubFromItem,
    { pageSize: PAGE, maxPages: MAX_PAGES },
  );
}
