/**
 * The signed-in person's memberships with their clubs (GET /api/me/memberships: one query on the
 * user index per page), grouped as the dashboards show them: requested = pending; joined = active and not the owner; owned = the owner's.
 */
import { DASHBOARD_DISCOVER_COUNT, type MyMembership, type PublicClub } from '@clubs/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ApiError } from '../../api/errors.ts';
import { useApiQuery } from '../../api/hooks.ts';
import { api } from '../../api/index.ts';
import { routeKey } from '../../api/queryKeys.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';

/** Every cached list of the signed-in person's memberships (the dashboards' and the club sidebar's). */
export const MY_MEMBERSHIPS_KEY = routeKey('listMyMemberships');

/** Pages read at most (100 memberships each). */
const MAX_PAGES = 10;

export function useMyMemberships() {
  const { user } = useAuth();
  const query = useQuery<MyMembership[], ApiError>({
    queryKey: routeKey('listMyMemberships', { viewer: user?.sub ?? null }),
    enabled: !!user,
    queryFn: async ({ signal }) => {
      const items: MyMembership[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const result = await api('listMyMemberships', { query: cursor ? { cursor } : {}, signal });
        items.push(...result.items);
        if (!result.nextCursor) break;
        cursor = result.nextCursor;
      }
      return items;
    },
  });
  useEffect(() => {
    if (query.error) console.error('Error loading memberships', query.error);
  }, [query.error]);
  const groups = useMemo(() => {
    const all = query.data ?? [];
    return {
      all,
      requested: all.filter((m) => m.membership.status === 'pending'),
      joined: all.filter((m) => m.membership.status === 'active' && m.membership.role !== 'club_owner'),
      owned: all.filter((m) => m.membership.role === 'club_owner'),
    };
  }, [query.data]);
  return { ...query, ...groups };
}

/** Active clubs the person is not in: 3 on the dashboard, more on the member dashboard. */
export function useDiscover(limit: number = DASHBOARD_DISCOVER_COUNT) {
  const { user } = useAuth();
  return useApiQuery('discoverClubs', { query: { limit } }, { enabled: !!user });
}

/** Case- and accent-insensitive match of a search text on name or description. */
export function matchesSearch(club: Pick<PublicClub, 'name' | 'description'>, search: string): boolean {
  const fold = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase();
  const needle = fold(search.trim());
  return !needle || fold(club.name).includes(needle) || fold(club.description).includes(needle);
}
