/**
 * Reading the club directory index (functions/src/data/directory-index.ts). Every request reads
 * one index partition (at most a fixed number of entries) and fetches those clubs by key, so
 * its cost does not grow with the number of clubs.
 */
import {
  type Club,
  type DirectorySize,
  type DirectoryTab,
  matchesAll,
  type SearchTerms,
} from '@clubs/shared';
import { directoryKeys } from '@clubs/shared/table-keys';
import { encodeCursor } from '../cursor.ts';
import { inSize, inTab, matchesText } from '../directory-index.ts';
import { type Page, queryPage, type SortKeyCondition } from '../query.ts';
import { DIRECTORY_SCOPE, searchPostings } from '../word-index.ts';
import { getClubs } from './clubs.ts';

/** Index entries a search reads per request at most (plus as many clubs by key). */
export const SEARCH_CANDIDATES = 50;

export interface DirectoryFilter {
  tab: DirectoryTab;
  size: DirectorySize;
  /** Only clubs created at or after this ISO time ("recently added"). */
  since?: string;
}

export type DirectoryPage = Page<Club>;

interface IndexEntry {
  pk: string;
  sk: string;
  clubId: string;
}

const toEntry = (item: Record<string, unknown>): IndexEntry => ({
  pk: item.pk as string,
  sk: item.sk as string,
  clubId: item.clubId as string,
});

/** One page of an index partition, newest (or greatest word) first. */
function readEntries(
  partition: string,
  sortKey: SortKeyCondition | undefined,
  page: { limit: number; cursor?: string },
) {
  return queryPage({ partition, sortKey, order: 'descending' }, page, toEntry);
}

/**
 * The tab × size list's partition; "recently added" is a key range, so a cursor from before
 * the recency window moved lies outside it and is refused.
 */
function listRange(filter: DirectoryFilter) {
  const partition = directoryKeys.listPartition(filter.tab, filter.size);
  return { partition, sortKey: filter.since ? { atLeast: filter.since } : undefined };
}

/** One page of a tab × size list, newest first: one query and one batch of key lookups. */
export async function listDirectory(
  filter: DirectoryFilter,
  page: { limit: number; cursor?: string },
): Promise<DirectoryPage> {
  const { partition, sortKey } = listRange(filter);
  const entries = await readEntries(partition, sortKey, page);
  const clubs = await getClubs(entries.items.map((e) => e.clubId));
  return {
    // The index and the club change in one transaction; the batch read may still lag a moment.
    items: clubs.filter((club) => club.status === 'active'),
    nextCursor: entries.nextCursor,
  };
}

/** Entries a search reads beyond the page size in its first read (words shared by one club's terms). */
export const FIRST_READ_SLACK = 5;

/**
 * One page of a search. The candidates are the postings of the longest search term in the
 * directory's word index (the last word typed also as a prefix; the other terms filter in the
 * query), or, when no term can be looked up (e.g. single letters or stop words), the tab × size
 * list; their clubs are fetched by key and kept when they are active, every term still occurs in
 * the name or description (for the list, every word as text) and the filters hold. The first read
 * takes what one page needs (plus a little slack); only when the filters dropped candidates does a
 * second read take the rest of the SEARCH_CANDIDATES budget. So a search whose candidates all
 * match costs the same in a large directory as in a small one, and no search reads more than the
 * budget. Fewer than `limit` items with a cursor means the budget ran out first; the next request
 * continues from the cursor.
 */
export async function searchDirectory(
  words: readonly string[],
  search: SearchTerms,
  filter: DirectoryFilter,
  page: { limit: number; cursor?: string },
): Promise<DirectoryPage> {
  const byTerm = search.terms.length > 0;
  const list = listRange(filter);
  const items: Club[] = [];
  let cursor = page.cursor;
  let budget = SEARCH_CANDIDATES;
  for (let round = 0; round < 2 && budget > 0; round += 1) {
    const limit = round === 0 ? Math.min(page.limit + FIRST_READ_SLACK, budget) : budget;
    const read = byTerm
      ? await searchPostings(DIRECTORY_SCOPE, search, { limit, read: limit, cursor })
      : await readEntries(list.partition, list.sortKey, { limit, cursor });
    budget -= read.items.length;
    const ids = read.items.map((entry) => ('docId' in entry ? entry.docId : entry.clubId));
    const clubs = new Map((await getClubs(ids)).map((club) => [club.id, club]));
    for (const [index, entry] of read.items.entries()) {
      const club = clubs.get(ids[index] as string);
      if (!club || items.some((c) => c.id === club.id)) continue;
      const keep =
        club.status === 'active' &&
        inTab(club, filter.tab) &&
        inSize(club, filter.size) &&
        (!filter.since || club.createdAt >= filter.since) &&
        (byTerm ? matchesAll([club.name, club.description], search) : matchesText(club, words));
      if (!keep) continue;
      items.push(club);
      if (items.length === page.limit) {
        const more = index < read.items.length - 1 || read.nextCursor !== null;
        return { items, nextCursor: more ? encodeCursor({ pk: entry.pk, sk: entry.sk }) : null };
      }
    }
    if (read.nextCursor === null) return { items, nextCursor: null };
    cursor = read.nextCursor;
  }
  return { items, nextCursor: cursor ?? null };
}

/** Entries read at most when looking for clubs someone is not in. */
export const DISCOVER_CANDIDATES = 60;

/**
 * The newest active clubs not in `excluded` (the dashboards' Discover): one query on the "all"
 * list, at most `limit + excluded.size` entries (capped), then only the kept clubs by key.
 */
export async function newestActiveClubsExcept(excluded: ReadonlySet<string>, limit: number): Promise<Club[]> {
  const { items: entries } = await readEntries(directoryKeys.listPartition('all', 'any'), undefined, {
    limit: Math.min(limit + excluded.size, DISCOVER_CANDIDATES),
  });
  const wanted = entries.filter((e) => !excluded.has(e.clubId)).slice(0, limit);
  const clubs = await getClubs(wanted.map((e) => e.clubId));
  return clubs.filter((club) => club.status === 'active');
}
