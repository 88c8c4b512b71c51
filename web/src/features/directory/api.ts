import type { PublicClub } from '@clubs/shared';
import { useEffect, useMemo, useRef } from 'react';
import type { ApiFunction } from '../../api/client.ts';
import { useApiPages, useApiQuery } from '../../api/hooks.ts';
import { shouldRetry } from '../../api/queryClient.ts';
import { routeKey, routePagesKey } from '../../api/queryKeys.ts';
import type { DrawnQuery } from '../../drawn-data.ts';
import type { DirectoryFilters } from './components/filters.ts';

export const DIRECTORY_PAGE = 12;
/** Pages fetched on their own after a short one (a search reads a bounded slice per request). */
const AUTO_FOLLOW = 6;

/** What the directory asks GET /api/clubs for, from the page's filters (the cursor aside). */
export const directoryQuery = (filters: DirectoryFilters) => ({
  tab: filters.tab,
  size: filters.size,
  ...(filters.recent ? { recent: 'true' as const } : {}),
  ...(filters.q.trim() ? { q: filters.q.trim() } : {}),
});

/** The input of the directory's pages for `query` (the cursor aside). */
const directoryPagesInput = (query: ReturnType<typeof directoryQuery>) => ({
  query: { ...query, limit: DIRECTORY_PAGE },
});

/**
 * The directory list: pages from GET /api/clubs by cursor. A search answers from a bounded slice
 * of the index, so a page may come back short with more to come: those are followed at once,
 * a few times, until a screenful is there.
 */
export function useDirectory(filters: DirectoryFilters) {
  const input = useMemo(() => directoryQuery(filters), [filters]);
  const query = useApiPages('listClubs', directoryPagesInput(input));

  const clubs = useMemo(() => {
    const seen = new Set<string>();
    const list: PublicClub[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const club of page.items) {
        if (seen.has(club.id)) continue;
        seen.add(club.id);
        list.push(club);
      }
    }
    return list;
  }, [query.data]);

  const followed = useRef({ key: '', count: 0 });
  const inputKey = JSON.stringify(input);
  const { hasNextPage, isFetching, fetchNextPage } = query;
  useEffect(() => {
    if (followed.current.key !== inputKey) followed.current = { key: inputKey, count: 0 };
    if (!hasNextPage || isFetching || clubs.length >= DIRECTORY_PAGE || followed.current.count >= AUTO_FOLLOW)
      return;
    followed.current.count += 1;
    void fetchNextPage();
  }, [hasNextPage, isFetching, fetchNextPage, clubs.length, inputKey]);

  useEffect(() => {
    // Logged for the developer; the page shows the failure with Retry.
    if (query.error) console.error('Error loading clubs', query.error);
  }, [query.error]);

  return { ...query, clubs };
}

/**
 * Every cached read of a club as anyone may see it (its public page and the club space's), read
 * again when its member count changes.
 */
export const clubKey = (clubId: string) => routeKey('getClub', { params: { clubId } });

const clubPageInput = (clubId: string) => ({ params: { clubId }, query: { view: 'page' as const } });

/**
 * The club of the public page: its own read (view=page) is what counts a visit in the club's
 * analytics. One quick retry of a failed load (never of a 4xx): the page then says what it knows.
 */
export const useClubPage = (clubId: string) =>
  useApiQuery('getClub', clubPageInput(clubId), {
    retry: (count, error) => count < 1 && shouldRetry(count, error),
    retryDelay: 300,
  });

/**
 * What /clubs shows as it opens, for a document drawn with its data (draw-with-data.tsx): the
 * directory's first page for the location's filters, cached as the page's own query keeps it.
 */
export async function drawnDirectory(api: ApiFunction, filters: DirectoryFilters): Promise<DrawnQuery[]> {
  const input = directoryPagesInput(directoryQuery(filters));
  const page = await api('listClubs', input);
  return [{ key: routePagesKey('listClubs', input), data: { pages: [page], pageParams: [null] } }];
}

/**
 * What /c/{clubId} shows, for a document drawn with its data: the page's own read of the club,
 * which counts the visit as the page's read does when the app draws it.
 */
export async function drawnClubPage(api: ApiFunction, clubId: string): Promise<DrawnQuery[]> {
  const input = clubPageInput(clubId);
  return [{ key: routeKey('getClub', input), data: await api('getClub', input) }];
}
