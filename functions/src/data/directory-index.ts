/**
 * The club directory index: plain items in the base table, written only by the repositories
 * that change what they describe, in the same transaction (keys: directoryKeys of table-keys.ts).
 *
 * Only active clubs are indexed. Per active club:
 * - list items `DIR#list#{tab}#{size}` / `{createdAt}#{clubId}` for each tab the club is in
 *   (all, free|premium, its category) and each size it is in (any, its bucket): 4 or 6 items.
 *   Any tab/size combination is one query, newest first; "recently added" is a sort-key range.
 * - postings in the shared word index (word-index.ts, DIRECTORY_SCOPE) for the terms of the name
 *   and the whole description, written right after the club's transaction (directoryDocument):
 *   a search is one query of its longest term's postings, so "yog" finds "yoga" and "yogi".
 * Index items hold keys and the club id only; readers fetch the clubs by key (BatchGet), so a
 * member-count change never has to rewrite them, except when it moves the club to another size
 * bucket (memberships.ts moves the `size` list items then, in the same transaction).
 */
import {
  type Club,
  type DirectorySize,
  type DirectoryTab,
  normalizeText,
  SIZE_BUCKETS,
  STOP_WORDS,
  sizeBucket,
} from '@clubs/shared';
import { directoryKeys, type Key } from '@clubs/shared/table-keys';
import { DIRECTORY_SCOPE, indexDocument, type SearchDocument } from './word-index.ts';

/**
 * Distinct words indexed per club. A TransactWriteItems call holds at most 100 actions, and
 * renaming a club may delete all old term items and put all new ones beside its list items:
 * 2 × 40 + 12 + 1 < 100.
 */
export const MAX_TERMS = 40;
const MAX_WORD_LENGTH = 40;
const MIN_WORD_LENGTH = 2;

/** What the index of a club is derived from. */
export type IndexedClub = Pick<Club, 'id' | 'createdAt' | 'price' | 'category' | 'status' | 'memberCount'> &
  Pick<Club, 'name' | 'description'>;

const wordsOf = (text: string): string[] =>
  normalizeText(text)
    .split(' ')
    .filter((w) => w.length > 0)
    .map((w) => Array.from(w).slice(0, MAX_WORD_LENGTH).join(''));

/** The words a club is found by: name words first, then description words, in order, distinct. */
export function directoryTerms(name: string, description: string): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const word of [...wordsOf(name), ...wordsOf(description)]) {
    if (Array.from(word).length < MIN_WORD_LENGTH || STOP_WORDS.has(word) || seen.has(word)) continue;
    seen.add(word);
    terms.push(word);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

/** A search text's words (normalized, distinct). */
export function searchWords(query: string): string[] {
  return [...new Set(wordsOf(query))];
}

/**
 * The word whose term partition a search reads: the longest one that can be indexed (longer
 * words are rarer), or null when no word can be (e.g. only stop words or single letters).
 */
export function anchorWord(words: readonly string[]): string | null {
  const candidates = words.filter((w) => Array.from(w).length >= MIN_WORD_LENGTH && !STOP_WORDS.has(w));
  if (candidates.length === 0) return null;
  return candidates.reduce((best, w) => (Array.from(w).length > Array.from(best).length ? w : best));
}

/**
 * The search rule applied to candidates: every word of the query occurs in the normalized name or
 * description (case- and accent-insensitive substring). The anchor word's term partition only
 * narrows the candidates.
 */
export function matchesText(club: Pick<Club, 'name' | 'description'>, words: readonly string[]): boolean {
  const text = ` ${normalizeText(club.name)} ${normalizeText(club.description)} `;
  return words.every((w) => text.includes(w));
}

export const tierOf = (club: Pick<Club, 'price'>): 'free' | 'premium' =>
  club.price > 0 ? 'premium' : 'free';

export function tabsOf(club: Pick<Club, 'price' | 'category'>): DirectoryTab[] {
  return ['all', tierOf(club), ...(club.category ? [club.category] : [])];
}

export const sizesOf = (memberCount: number): DirectorySize[] => ['any', sizeBucket(memberCount)];

/** Whether a club belongs in a tab (used to re-check fetched clubs). */
export function inTab(club: Pick<Club, 'price' | 'category'>, tab: DirectoryTab): boolean {
  return tabsOf(club).includes(tab);
}

export function inSize(club: Pick<Club, 'memberCount'>, size: DirectorySize): boolean {
  return size === 'any' || sizeBucket(club.memberCount) === size;
}

/** The member counts a bucket spans: a write that moves within them keeps the list items valid. */
export function bucketRange(memberCount: number): { min: number; max: number } {
  const bucket = sizeBucket(memberCount);
  if (bucket === 'small') return { min: 0, max: SIZE_BUCKETS.mediumFrom - 1 };
  if (bucket === 'medium') return { min: SIZE_BUCKETS.mediumFrom, max: SIZE_BUCKETS.largeFrom - 1 };
  return { min: SIZE_BUCKETS.largeFrom, max: Number.MAX_SAFE_INTEGER };
}

export interface IndexItem extends Key {
  type: 'directory';
  clubId: string;
}

function listItems(club: IndexedClub, sizes: readonly DirectorySize[]): IndexItem[] {
  return tabsOf(club).flatMap((tab) =>
    sizes.map((size) => ({
      ...directoryKeys.list(tab, size, club.createdAt, club.id),
      type: 'directory' as const,
      clubId: club.id,
    })),
  );
}

/** Every list item of a club in the given state: none unless it is active. */
export function indexItemsOf(club: IndexedClub | null): IndexItem[] {
  if (club?.status !== 'active') return [];
  return listItems(club, sizesOf(club.memberCount));
}

/**
 * What the directory finds an active club by, in the shared word index (word-index.ts, under
 * DIRECTORY_SCOPE): its name and its whole description. Written after the club's transaction by
 * the same writers (indexDirectoryEntry); a search checks every candidate against the club it
 * reads, so a posting written late or left behind never shows a club wrongly.
 */
export function directoryDocument(club: IndexedClub | null): SearchDocument | null {
  if (club?.status !== 'active') return null;
  return { kind: 'club', id: club.id, at: club.createdAt, texts: [club.name, club.description] };
}

/** Moves a club's postings in the directory's word index from one state to another. */
export const indexDirectoryEntry = (before: IndexedClub | null, after: IndexedClub | null) =>
  indexDocument(DIRECTORY_SCOPE, directoryDocument(before), directoryDocument(after));

const keyOf = (key: Key) => `${key.pk}\u0000${key.sk}`;

/** The writes that take a club's index from one state to another: only what differs. */
export function indexChanges(
  before: IndexedClub | null,
  after: IndexedClub | null,
): { puts: IndexItem[]; deletes: Key[] } {
  const old = indexItemsOf(before);
  const next = indexItemsOf(after);
  const oldKeys = new Set(old.map(keyOf));
  const nextKeys = new Set(next.map(keyOf));
  return {
    puts: next.filter((item) => !oldKeys.has(keyOf(item))),
    deletes: old.filter((item) => !nextKeys.has(keyOf(item))).map(({ pk, sk }) => ({ pk, sk })),
  };
}

/** The transaction actions for indexChanges. */
export function indexActions(table: string, changes: { puts: IndexItem[]; deletes: Key[] }) {
  return [
    ...changes.deletes.map((Key) => ({ Delete: { TableName: table, Key } })),
    ...changes.puts.map((Item) => ({ Put: { TableName: table, Item } })),
  ];
}

/** Attempts of a read-then-write on a club item before giving up (each re-reads the club). */
export const CLUB_WRITE_ATTEMPTS = 12;

/**
 * The condition that the club item is still in the state an index change was derived from:
 * the same index version (status, price, category, name, description, createdAt change it)
 * and a member count in the same size bucket.
 */
export function sameIndexState(club: { memberCount: number; indexVersion?: number }) {
  const range = bucketRange(club.memberCount);
  const version = club.indexVersion;
  return {
    condition: `${version === undefined ? 'attribute_not_exists(#indexVersion)' : '#indexVersion = :indexVersion'} AND #memberCount BETWEEN :bucketMin AND :bucketMax`,
    names: { '#indexVersion': 'indexVersion', '#memberCount': 'memberCount' },
    values: {
      ...(version === undefined ? {} : { ':indexVersion': version }),
      ':bucketMin': range.min,
      ':bucketMax': range.max,
    },
    nextVersion: (version ?? 0) + 1,
  };
}
