/**
 * Searching a club: one query of its word index (data/word-index.ts) and one batch of the
 * documents it named, with the access check's read before them: three requests whatever the
 * club's size. A document is shown only if it still exists, the caller may see it and it still
 * holds every term (so a deleted post is gone at once), grouped by kind, comments under their
 * post. A page whose documents may not all be shown is filled from the next postings, at most
 * SEARCH_LIMITS.fillRounds rounds of those two requests.
 */
import { SEARCH_LIMITS, SEARCH_QUERY_MESSAGES, type SearchResults, searchTerms } from '@clubs/shared';
import type { Viewer } from '../../caller.ts';
import { batchGet } from '../../data/batch-get.ts';
import { searchPostings } from '../../data/word-index.ts';
import { badRequest } from '../../errors.ts';
import { searchReaders } from './documents.ts';

const empty = (query: string, nextCursor: string | null = null): SearchResults => ({
  query,
  posts: [],
  members: [],
  courses: [],
  events: [],
  nextCursor,
});

/** One page of a search in a club the access check has let the caller into. */
export async function searchClub(
  clubId: string,
  viewer: Viewer,
  input: { q: string; limit: number; cursor?: string },
): Promise<SearchResults> {
  const search = searchTerms(input.q);
  if (search.terms.length > SEARCH_LIMITS.queryWords) {
    throw badRequest(SEARCH_QUERY_MESSAGES.words, [
      { path: 'query.q', message: SEARCH_QUERY_MESSAGES.words },
    ]);
  }
  // Only stop words or single letters: nothing to look up.
  if (search.terms.length === 0) return empty(input.q);
  const readers = searchReaders(clubId, viewer);
  const results = empty(input.q);
  let cursor = input.cursor;
  let shown = 0;
  // What the index names may not be shown to this caller (hidden, locked, gone): the page is
  // filled from the next ones, each round asking only for the room left, so its cursor stays exact.
  for (let round = 0; round < SEARCH_LIMITS.fillRounds; round++) {
    const page = await searchPostings(clubId, search, { limit: input.limit - shown, cursor });
    const found = await batchGet(
      page.items.flatMap((posting) => (posting.kind === 'club' ? [] : readers[posting.kind].keys(posting))),
    );
    const context = { search, found, results };
    for (const posting of page.items) {
      if (posting.kind !== 'club' && readers[posting.kind].show(posting, context)) shown += 1;
    }
    results.nextCursor = page.nextCursor;
    if (shown >= input.limit || page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  // Nothing this caller may see within the bound: the answer of a search that found nothing, so
  // it never tells that hidden or locked text holds the words.
  if (shown === 0) results.nextCursor = null;
  return results;
}
