/**
 * The super-admin index (table-keys.ts, adminKeys): one entry per club of any status, newest first in
 * one partition, holding the owner's name and e-mail and the club's search terms; and one term
 * item per term (words of the club's name and of the owner's name, and the owner's e-mail), so a
 * search is one begins_with query of one partition. Every read is one query plus one batch of
 * key lookups, whatever the number of clubs.
 *
 * The entry is written with the club (createClubWithOwner) and rewritten when what it is derived
 * from changes: the club's name (Edit club) and the owner's name or e-mail (the profile
 * service), each time conditioned on the entry's version as read.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type AdminClubRow, type Club, type ClubStatus, TABLE } from '@clubs/shared';
import { adminKeys, indexKeys, keys } from '@clubs/shared/table-keys';
import { adminEntryItems, type OwnerCard } from '../admin-index.ts';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { encodeCursor } from '../cursor.ts';
import { getEntity } from '../get-item.ts';
import { type Page, queryAll, queryPage } from '../query.ts';
import { cancellationReasons } from '../transaction-retry.ts';
import { listClubsByStatus } from './clubs.ts';
import { clubFromItem } from './stored-club.ts';

/** Term items a search reads per request at most (plus their clubs and entries by key). */
export const ADMIN_SEARCH_CANDIDATES = 40;
const WRITE_ATTEMPTS = 6;

interface AdminEntry {
  clubId: string;
  createdAt: string;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  terms: string[];
  version: number;
}

const matches = (terms: readonly string[], words: readonly string[]) =>
  words.every((word) => terms.some((term) => term.startsWith(word)));

function toEntry(item: Record<string, unknown>): AdminEntry {
  return {
    clubId: String(item.clubId),
    createdAt: String(item.createdAt),
    ownerId: String(item.ownerId),
    ownerName: String(item.ownerName ?? ''),
    ownerEmail: String(item.ownerEmail ?? ''),
    terms: Array.isArray(item.terms) ? item.terms.map(String) : [],
    version: typeof item.version === 'number' ? item.version : 0,
  };
}

async function readEntry(club: Pick<Club, 'id' | 'createdAt'>): Promise<AdminEntry | null> {
  return getEntity(adminKeys.entry(club.createdAt, club.id), toEntry, { consistent: true });
}

/**
 * Writes a club's entry and term items as they should be for its current name and `owner`
 * (null: keep the owner card stored), deleting terms that no longer apply, in one transaction
 * conditioned on the entry's version as read; a concurrent rewrite makes it read again.
 */
export async function refreshAdminEntry(
  club: Pick<Club, 'id' | 'name' | 'createdAt' | 'ownerId'>,
  owner: OwnerCard | null,
): Promise<void> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const stored = await readEntry(club);
    const card =
      owner ?? (stored ? { name: stored.ownerName, email: stored.ownerEmail } : { name: '', email: '' });
    const { entry, terms } = adminEntryItems(club, card);
    const oldTerms = new Set(stored?.terms ?? []);
    const newTerms = new Set(entry.terms);
    if (
      stored &&
      stored.ownerName === card.name &&
      stored.ownerEmail === card.email &&
      stored.terms.join('\u0000') === entry.terms.join('\u0000')
    ) {
      return;
    }
    const version = stored?.version ?? -1;
    try {
      await db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: { ...entry, version: version + 1 },
                ConditionExpression: stored ? '#version = :version' : 'attribute_not_exists(pk)',
                ...(stored
                  ? {
                      ExpressionAttributeNames: { '#version': 'version' },
                      ExpressionAttributeValues: { ':version': version },
                    }
                  : {}),
              },
            },
            ...[...oldTerms]
              .filter((term) => !newTerms.has(term))
              .map((term) => ({ Delete: { TableName: tableName(), Key: adminKeys.term(term, club.id) } })),
            ...terms
              .filter((item) => !oldTerms.has(item.sk.slice(0, item.sk.lastIndexOf('#'))))
              .map((Item) => ({ Put: { TableName: tableName(), Item } })),
          ],
        }),
      );
      return;
    } catch (error) {
      if (!cancellationReasons(error)) throw error;
    }
  }
  throw new Error(`the admin entry of club ${club.id} changed too often to update`);
}

/** Every club `ownerId` owns gets the owner's new name and e-mail (the owner index; rare). */
export async function refreshOwnerAdminEntries(ownerId: string, owner: OwnerCard): Promise<void> {
  const owned = await queryAll(
    { index: TABLE.indexes.byOwner, partition: indexKeys.clubOwnerPartition(ownerId) },
    (item) => ({
      id: String(item.id),
      name: String(item.name),
      createdAt: String(item.createdAt),
      ownerId: String(item.ownerId),
    }),
  );
  for (const club of owned) await refreshAdminEntry(club, owner);
}

function toRow(club: Club, entry: AdminEntry | undefined): AdminClubRow {
  return {
    id: club.id,
    name: club.name,
    status: club.status,
    ownerName: entry?.ownerName ?? '',
    ownerEmail: entry?.ownerEmail ?? '',
    createdAt: club.createdAt,
    memberCount: club.memberCount,
    suspended: Boolean(club.suspendedAt),
  };
}

/** One page of every club, newest first: one query of the entries, one batch of the clubs. */
async function listAll(page: { limit: number; cursor?: string }): Promise<Page<AdminClubRow>> {
  const read = await queryPage({ partition: adminKeys.entryPartition, order: 'descending' }, page, toEntry);
  const found = await batchGet(read.items.map((entry) => keys.club(entry.clubId)));
  const items = read.items.flatMap((entry) => {
    const item = found.get(keyId(keys.club(entry.clubId)));
    return item ? [toRow(clubFromItem(item), entry)] : [];
  });
  return { items, nextCursor: read.nextCursor };
}

/** One page of the clubs of a status, newest first: the status index, then the entries by key. */
async function listStatus(
  status: ClubStatus,
  page: { limit: number; cursor?: string },
): Promise<Page<AdminClubRow>> {
  const read = await listClubsByStatus(status, page);
  const found = await batchGet(read.items.map((club) => adminKeys.entry(club.createdAt, club.id)));
  const items = read.items.map((club) => {
    const item = found.get(keyId(adminKeys.entry(club.createdAt, club.id)));
    return toRow(club, item ? toEntry(item) : undefined);
  });
  return { items, nextCursor: read.nextCursor };
}

/** The search word whose term partition is read: an e-mail if there is one, else the longest word. */
function anchorOf(words: readonly string[]): string | null {
  const candidates = words.filter((word) => Array.from(word).length >= 2);
  if (candidates.length === 0) return null;
  return candidates.reduce((best, word) => {
    if (best.includes('@') !== word.includes('@')) return word.includes('@') ? word : best;
    return Array.from(word).length > Array.from(best).length ? word : best;
  });
}

/**
 * One page of a search: at most ADMIN_SEARCH_CANDIDATES term items of the anchor word, their
 * clubs and entries in one batch, kept when every word is a prefix of one of the club's terms and
 * the status matches. A club is shown from its first matching term read, so never twice.
 */
async function search(
  words: readonly string[],
  status: ClubStatus | null,
  page: { limit: number; cursor?: string },
): Promise<Page<AdminClubRow>> {
  const anchor = anchorOf(words);
  if (!anchor) return status ? listStatus(status, page) : listAll(page);
  const read = await queryPage(
    { partition: adminKeys.termPartition(anchor), sortKey: { beginsWith: anchor } },
    { limit: ADMIN_SEARCH_CANDIDATES, cursor: page.cursor },
    (item) => ({
      pk: String(item.pk),
      sk: String(item.sk),
      clubId: String(item.clubId),
      createdAt: String(item.createdAt),
    }),
  );
  const found = await batchGet(
    read.items.flatMap((term) => [keys.club(term.clubId), adminKeys.entry(term.createdAt, term.clubId)]),
  );
  const items: AdminClubRow[] = [];
  for (const [index, term] of read.items.entries()) {
    const clubItem = found.get(keyId(keys.club(term.clubId)));
    const entryItem = found.get(keyId(adminKeys.entry(term.createdAt, term.clubId)));
    if (!clubItem || !entryItem) continue;
    const club = clubFromItem(clubItem);
    const entry = toEntry(entryItem);
    // A club with several terms under the anchor ("yoga", "yogis") shows from the first one only.
    const first = entry.terms.filter((t) => t.startsWith(anchor)).sort()[0];
    if (first === undefined || term.sk !== adminKeys.term(first, club.id).sk) continue;
    if (!matches(entry.terms, words) || (status && club.status !== status)) continue;
    items.push(toRow(club, entry));
    if (items.length === page.limit) {
      const more = index < read.items.length - 1 || read.nextCursor !== null;
      return { items, nextCursor: more ? encodeCursor({ pk: term.pk, sk: term.sk }) : null };
    }
  }
  return { items, nextCursor: read.nextCursor };
}

/** The 'All Clubs' table: a search, a status, or every club; pages by cursor. */
export function listAdminClubs(
  query: { words: readonly string[]; status: ClubStatus | null },
  page: { limit: number; cursor?: string },
): Promise<Page<AdminClubRow>> {
  if (query.words.length > 0) return search(query.words, query.status, page);
  return query.status ? listStatus(query.status, page) : listAll(page);
}
