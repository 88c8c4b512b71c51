/**
 * What the super-admin index of a club is derived from (repositories/admin-clubs.ts reads and
 * rewrites it): the words of the club's name and of its owner's name, and the owner's e-mail
 * whole, as term items beside one entry per club that carries the owner's name and e-mail.
 */
import type { Club } from '@clubs/shared';
import { adminKeys } from '@clubs/shared/table-keys';
import { directoryTerms, searchWords } from './directory-index.ts';
import { queryAll } from './query.ts';

/** Terms per club at most: name and owner-name words, then the e-mail (keeps rewrites far below 100 actions). */
const MAX_ADMIN_TERMS = 24;

/** The owner as the portal shows them. */
export interface OwnerCard {
  name: string;
  email: string;
}

/** What a club is found by in the portal: its name's and its owner's words, and the e-mail whole. */
export function adminTerms(clubName: string, owner: OwnerCard): string[] {
  const email = owner.email.trim().toLowerCase();
  const words = directoryTerms(clubName, owner.name).filter((word) => word !== email);
  return [...words.slice(0, MAX_ADMIN_TERMS - 1), ...(email ? [email] : [])];
}

/** A search text's words: e-mail addresses whole (lower case), anything else as normalized words. */
export function adminSearchWords(query: string): string[] {
  const tokens = query.trim().split(/\s+/).filter(Boolean);
  const words = tokens.flatMap((token) => (token.includes('@') ? [token.toLowerCase()] : searchWords(token)));
  return [...new Set(words)];
}

/** The entry and term items of a club whose owner is `owner` (a new club's transaction puts them). */
export function adminEntryItems(club: Pick<Club, 'id' | 'name' | 'createdAt' | 'ownerId'>, owner: OwnerCard) {
  const terms = adminTerms(club.name, owner);
  const entry = {
    ...adminKeys.entry(club.createdAt, club.id),
    type: 'admin_club',
    clubId: club.id,
    createdAt: club.createdAt,
    ownerId: club.ownerId,
    ownerName: owner.name,
    ownerEmail: owner.email,
    terms,
    version: 0,
  };
  return { entry, terms: terms.map((term) => termItem(term, club)) };
}

/** A term item names its club and the club's creation time, so the club and its entry are one batch away. */
const termItem = (term: string, club: Pick<Club, 'id' | 'createdAt'>) => ({
  ...adminKeys.term(term, club.id),
  type: 'admin_term',
  clubId: club.id,
  createdAt: club.createdAt,
});

/**
 * Every club's id, from the super-admin index's entries (one per club from its creation), read
 * strongly consistently: what the operators' rebuilds go through.
 */
export const everyClubId = (): Promise<string[]> =>
  queryAll({ partition: adminKeys.entryPartition, consistentRead: true }, (item) => String(item.clubId));
