/**
 * A club item read as the entity, and the strongly consistent read that club writes start from.
 * It stands apart from clubs.ts because memberships.ts needs it too, and clubs.ts imports
 * memberships.ts (a club is created with its owner's membership): a module imported by both
 * keeps the import graph free of cycles.
 */
import { type Club, clubSchema } from '@clubs/shared';
import { getItem } from '../get-item.ts';
import { keys, withoutKeys } from '../keys.ts';

/** A club item as the entity (key and index attributes left out). */
export const clubFromItem = (item: Record<string, unknown>): Club => clubSchema.parse(withoutKeys(item));

export interface StoredClub {
  club: Club;
  indexVersion: number | undefined;
}

/** Reads a club strongly consistently, for a read-then-write that must see the latest state. */
export async function readClubForUpdate(clubId: string): Promise<StoredClub | null> {
  const item = await getItem(keys.club(clubId), { consistent: true });
  if (!item) return null;
  const version = item.indexVersion;
  return { club: clubFromItem(item), indexVersion: typeof version === 'number' ? version : undefined };
}
