/**
 * The members list in TanStack Query: pages of GET /api/clubs/{clubId}/members by cursor, for
 * the search as typed and the filter chosen (a short pause first, so typing a name is one request, not one a letter).
 */
import type { MemberFilter, MemberPage } from '@clubs/shared';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ApiError } from '../../api/errors.ts';
import { api } from '../../api/index.ts';
import { routeKey, routePagesKey } from '../../api/queryKeys.ts';

export const MEMBERS_PAGE = 20;
const SEARCH_PAUSE_MS = 250;

/** Every cached members list of the club (all searches), for invalidation after a change. */
export const membersKey = (clubId: string) => routeKey('listClubMembers', { params: { clubId } });

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export function useMembers(clubId: string, search: string, filter: MemberFilter = 'all') {
  const q = useSettled(search.trim());
  return useInfiniteQuery<MemberPage, ApiError, InfiniteData<MemberPage>, readonly unknown[], string | null>({
    queryKey: routePagesKey('listClubMembers', { params: { clubId }, query: { q, filter } }),
    initialPageParam: null,
    queryFn: async ({ pageParam, signal }) =>
      api('listClubMembers', {
        params: { clubId },
        query: {
          limit: MEMBERS_PAGE,
          ...(q ? { q } : {}),
          ...(filter === 'all' ? {} : { filter }),
          ...(pageParam ? { cursor: pageParam } : {}),
        },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: (previous) => previous,
  });
}
