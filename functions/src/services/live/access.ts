/**
 * Who may follow a club live: whoever may read its feed (LIVE_SUBSCRIBE_ACCESS, the feed's own
 * declaration), decided by the same rule the HTTP access check applies. A fan-out asks for all of
 * a page's readers at once: the club and their memberships in one batch of key lookups, each
 * person read once per fan-out.
 */
import { type AccessVerdict, type Club, decideClubAccess, LIVE_SUBSCRIBE_ACCESS } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../../data/batch-get.ts';
import { toMembership } from '../../data/repositories/memberships.ts';
import { clubFromItem } from '../../data/repositories/stored-club.ts';

export interface Reader {
  userId: string;
  isSuperAdmin: boolean;
}

const verdictOf = (club: Club | null, reader: Reader, item: Record<string, unknown> | undefined) =>
  decideClubAccess(LIVE_SUBSCRIBE_ACCESS, {
    method: 'GET',
    userId: reader.userId,
    isSuperAdmin: reader.isSuperAdmin,
    club,
    membership: item ? toMembership(item) : null,
  });

/** Each reader's verdict on the club, read in one batch (the club item and their memberships). */
export async function readVerdicts(
  clubId: string,
  readers: readonly Reader[],
): Promise<Map<string, AccessVerdict>> {
  const found = await batchGet([
    keys.club(clubId),
    ...readers.map((reader) => keys.membership(clubId, reader.userId)),
  ]);
  const clubItem = found.get(keyId(keys.club(clubId)));
  const club = clubItem ? clubFromItem(clubItem) : null;
  return new Map(
    readers.map((reader) => [
      reader.userId,
      verdictOf(club, reader, found.get(keyId(keys.membership(clubId, reader.userId)))),
    ]),
  );
}

/**
 * Remembers verdicts for one fan-out: a person with several tabs open is read once, and a page
 * of subscribers costs one batch for the people not read yet.
 */
export class ReaderCache {
  private readonly verdicts = new Map<string, boolean>();

  constructor(private readonly clubId: string) {}

  async mayRead(readers: readonly Reader[]): Promise<(reader: Reader) => boolean> {
    const unknown = [
      ...new Map(readers.filter((r) => !this.verdicts.has(r.userId)).map((r) => [r.userId, r])).values(),
    ];
    if (unknown.length > 0) {
      for (const [userId, verdict] of await readVerdicts(this.clubId, unknown)) {
        this.verdicts.set(userId, verdict === 'allow');
      }
    }
    return (reader) => this.verdicts.get(reader.userId) === true;
  }
}
