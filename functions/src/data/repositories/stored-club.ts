/**
 * A club item read as the entity, and the read-then-write that club writes are made of. It
 * stands apart from clubs.ts because memberships.ts needs it too, and clubs.ts imports
 * memberships.ts (a club is created with its owner's membership): a module imported by both
 * keeps the import graph free of cycles.
 */
import { type Club, clubSchema } from '@clubs/shared';
import { keys, withoutKeys } from '@clubs/shared/table-keys';
import { CLUB_WRITE_ATTEMPTS } from '../directory-index.ts';
import { getItem } from '../get-item.ts';
import { backoff, cancellationReasons } from '../transaction-retry.ts';

/** The club item's count of changes of who is an active member (member-faces.ts says what it guards). */
export const MEMBERS_VERSION = 'membersVersion';

/** A club item as the entity (key and index attributes left out). */
export const clubFromItem = (item: Record<string, unknown>): Club => clubSchema.parse(withoutKeys(item));

export interface StoredClub {
  club: Club;
  indexVersion: number | undefined;
  /** Counted up by every change of who is an active member (member-faces.ts). */
  membersVersion: number | undefined;
}

const numberOrUndefined = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** Reads a club strongly consistently, for a read-then-write that must see the latest state. */
export async function readClubForUpdate(clubId: string): Promise<StoredClub | null> {
  const item = await getItem(keys.club(clubId), { consistent: true });
  if (!item) return null;
  return {
    club: clubFromItem(item),
    indexVersion: numberOrUndefined(item.indexVersion),
    membersVersion: numberOrUndefined(item[MEMBERS_VERSION]),
  };
}

/**
 * A read-then-write of a club: `write` gets the club as read (strongly consistently) and sends
 * one transaction conditioned on that state. A transaction cancelled by a concurrent writer is
 * tried again after a pause, on a fresh read, up to CLUB_WRITE_ATTEMPTS times; `write` returns
 * instead of throwing for a cancellation that is an answer (its own condition failed).
 */
export async function writeClubAsRead<T>(
  clubId: string,
  write: (stored: StoredClub) => Promise<T>,
  options: { ifMissing: T; tooOftenMessage: string },
): Promise<T> {
  for (let attempt = 0; attempt < CLUB_WRITE_ATTEMPTS; attempt++) {
    const stored = await readClubForUpdate(clubId);
    if (!stored) return options.ifMissing;
    try {
      return await write(stored);
    } catch (error) {
      if (!cancellationReasons(error)) throw error;
      await backoff(attempt);
    }
  }
  throw new Error(options.tooOftenMessage);
}
