/**
 * Searching a club: one query of its word index (data/word-index.ts) and one batch of the
 * documents it named, with the access check's read before them: three requests whatever the
 * club's size. A document is shown only if it still exists and still holds every term (so a
 * deleted post is gone at once), grouped by kind, comments under their post.
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
  const page = await searchPostings(clubId, search, input);
  const readers = searchReaders(clubId, viewer);
  const found = await batchGet(
    page.items.flatMap((posting) => (posting.kind === 'club' ? [] : readers[posting.kind].keys(posting))),
  );
  const results = empty(input.q, page.nextCursor);
  const context = { search, found, results };
  for (const posting of page.items) {
    if (posting.kind !== 'club') readers[posting.kind].show(posting, context);
  }
  return results;
}
