/**
 * Reading the club directory index (functions/src/data/directory-index.ts). Every request reads
 * one index partition (at most a fixed number of entries) and fetches those clubs by key, so
 * its cost does not grow with the number of clubs.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Club, type DirectorySize, type DirectoryTab, TABLE } from '@clubs/shared';
import { badRequest } from '../../http/errors.ts';
import { db, tableName } from '../client.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { anchorWord, directoryTerms, inSize, inTab, matchesText } from '../directory-index.ts';
import { directoryKeys } from '../keys.ts';
import { getClubs } from './clubs.ts';

/** Index entries a search reads per request at most (plus as many clubs by key). */
export const SEARCH_CANDIDATES = 50;

export interface DirectoryFilter {
  tab: DirectoryTab;
  size: DirectorySize;
  /** Only clubs created at or after this ISO time ("recently added"). */
  since?: string;
}

export interface DirectoryPage {
  items: Club[];
  nextCursor: string | null;
}

interface IndexEntry {
  pk: string;
  sk: string;
  clubId: string;
}

const KEY_ATTRIBUTES = [TABLE.partitionKey, TABLE.sortKey];

async function queryPartition(input: {
  pk: string;
  condition?: { expression: string; values: Record<string, string> };
  limit: number;
  startKey?: Record<string, string>;
}): Promise<{ entries: IndexEntry[]; lastKey: Record<string, unknown> | undefined }> {
  const { Items = [], LastEvaluatedKey } = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: `pk = :pk${input.condition ? ` AND ${input.condition.expression}` : ''}`,
      ExpressionAttributeValues: { ':pk': input.pk, ...input.condition?.values },
      ScanIndexForward: false,
      Limit: input.limit,
      ExclusiveStartKey: input.startKey,
    }),
  );
  return {
    entries: Items.map((item) => ({
      pk: item.pk as string,
      sk: item.sk as string,
      clubId: item.clubId as string,
    })),
    lastKey: LastEvaluatedKey,
  };
}

function listQuery(filter: DirectoryFilter, cursor: string | undefined) {
  const pk = directoryKeys.listPartition(filter.tab, filter.size);
  const startKey = decodeCursor(cursor, { attributes: KEY_ATTRIBUTES, fixed: { pk } });
  // A cursor from before the recency window moved would start outside the key range.
  if (startKey && filter.since && (startKey.sk ?? '') < filter.since)
    throw badRequest('The cursor is not valid');
  const condition = filter.since
    ? { expression: 'sk >= :since', values: { ':since': filter.since } }
    : undefined;
  return { pk, startKey, condition };
}

/** One page of a tab × size list, newest first: one query and one batch of key lookups. */
export async function listDirectory(
  filter: DirectoryFilter,
  page: { limit: number; cursor?: string },
): Promise<DirectoryPage> {
  const { pk, startKey, condition } = listQuery(filter, page.cursor);
  const { entries, lastKey } = await queryPartition({ pk, condition, limit: page.limit, startKey });
  const clubs = await getClubs(entries.map((e) => e.clubId));
  return {
    // The index and the club change in one transaction; the batch read may still lag a moment.
    items: clubs.filter((club) => club.status === 'active'),
    nextCursor: encodeCursor(lastKey),
  };
}

/**
 * One page of a search. The candidates are the term entries of the longest search word (a word
 * prefix), or, when no word can be looked up (e.g. single letters), the tab × size list; at most
 * SEARCH_CANDIDATES are read, their clubs fetched by key and kept when every search word occurs
 * in the name or description and the filters hold. Fewer than `limit` items with a cursor means
 * the read budget ran out first; the next request continues from the cursor.
 */
export async function searchDirectory(
  words: readonly string[],
  filter: DirectoryFilter,
  page: { limit: number; cursor?: string },
): Promise<DirectoryPage> {
  const anchor = anchorWord(words);
  let read: { entries: IndexEntry[]; lastKey: Record<string, unknown> | undefined };
  if (anchor) {
    const pk = directoryKeys.termPartition(anchor);
    const startKey = decodeCursor(page.cursor, { attributes: KEY_ATTRIBUTES, fixed: { pk } });
    if (startKey && !startKey.sk?.startsWith(anchor)) throw badRequest('The cursor is not valid');
    read = await queryPartition({
      pk,
      condition: { expression: 'begins_with(sk, :word)', values: { ':word': anchor } },
      limit: SEARCH_CANDIDATES,
      startKey,
    });
  } else {
    const { pk, startKey, condition } = listQuery(filter, page.cursor);
    read = await queryPartition({ pk, condition, limit: SEARCH_CANDIDATES, startKey });
  }
  const clubs = new Map((await getClubs(read.entries.map((e) => e.clubId))).map((club) => [club.id, club]));
  const items: Club[] = [];
  for (const [index, entry] of read.entries.entries()) {
    const club = clubs.get(entry.clubId);
    if (!club || items.some((c) => c.id === club.id)) continue;
    if (anchor && !isFirstEntryOf(club, anchor, entry)) continue;
    const keep =
      club.status === 'active' &&
      inTab(club, filter.tab) &&
      inSize(club, filter.size) &&
      (!filter.since || club.createdAt >= filter.since) &&
      matchesText(club, words);
    if (!keep) continue;
    items.push(club);
    if (items.length === page.limit) {
      const more = index < read.entries.length - 1 || read.lastKey !== undefined;
      return { items, nextCursor: more ? encodeCursor({ pk: entry.pk, sk: entry.sk }) : null };
    }
  }
  return { items, nextCursor: encodeCursor(read.lastKey) };
}

/**
 * A club has a term entry for each of its words that starts with the anchor ("yog": yoga and
 * yogi); it is returned from the first one read (the greatest word, as entries are read in
 * descending order), so it never shows twice across pages.
 */
function isFirstEntryOf(club: Club, anchor: string, entry: IndexEntry): boolean {
  const matching = directoryTerms(club.name, club.description).filter((w) => w.startsWith(anchor));
  const first = matching.reduce<string | null>((best, w) => (best === null || w > best ? w : best), null);
  return first === null || entry.sk === directoryKeys.term(first, club.id).sk;
}

/** Entries read at most when looking for clubs someone is not in. */
export const DISCOVER_CANDIDATES = 60;

/**
 * The newest active clubs not in `excluded` (the dashboards' Discover): one query on the "all"
 * list, at most `limit + excluded.size` entries (capped), then only the kept clubs by key.
 */
export async function newestActiveClubsExcept(excluded: ReadonlySet<string>, limit: number): Promise<Club[]> {
  const { entries } = await queryPartition({
    pk: directoryKeys.listPartition('all', 'any'),
    limit: Math.min(limit + excluded.size, DISCOVER_CANDIDATES),
  });
  const wanted = entries.filter((e) => !excluded.has(e.clubId)).slice(0, limit);
  const clubs = await getClubs(wanted.map((e) => e.clubId));
  return clubs.filter((club) => club.status === 'active');
}
