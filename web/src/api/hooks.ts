/**
 * TanStack Query wrappers over the typed client; their keys come from the one factory (queryKeys.ts).
 * A feature's pages and components never call them: they read through their area's api.ts, which
 * names each read once (the boundaries check's web-reads-by-api).
 */
import type { RequestInput, RouteId, RouteOutput } from '@clubs/shared';
import {
  type InfiniteData,
  keepPreviousData,
  type UseQueryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { ApiArgs } from './client.ts';
import type { ApiError } from './errors.ts';
import { api } from './index.ts';
import { routeKey, routePagesKey } from './queryKeys.ts';

export function useApiQuery<Id extends RouteId>(
  id: Id,
  input?: RequestInput<Id>,
  options: Omit<UseQueryOptions<RouteOutput<Id>, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<RouteOutput<Id>, ApiError>({
    queryKey: routeKey(id, input),
    queryFn: async ({ signal }) => api(id, ...([{ ...input, signal }] as ApiArgs<Id>)),
    ...options,
  });
}

/** The routes that answer one page of a list, with the cursor of the next. */
export type PagedRouteId = {
  [Id in RouteId]: RouteOutput<Id> extends { nextCursor: string | null } ? Id : never;
}[RouteId];

/**
 * A list read page by cursor (an infinite query): `fetchNextPage` asks for the page after the
 * last one loaded, `hasNextPage` says whether there is one.
 */
export function useApiPages<Id extends PagedRouteId>(
  id: Id,
  input: RequestInput<Id>,
  options: {
    refetchOnWindowFocus?: boolean | 'always';
    /** 0: the pages are dropped once no screen shows them, so the next visit reads afresh. */
    gcTime?: number;
    /** The last input's pages stay on screen while a new input's first page loads (a search as typed). */
    keepPrevious?: boolean;
    /** false: nothing is asked for (an input the API would refuse). */
    enabled?: boolean;
  } = {},
) {
  const { keepPrevious, ...queryOptions } = options;
  return useInfiniteQuery<
    RouteOutput<Id>,
    ApiError,
    InfiniteData<RouteOutput<Id>>,
    readonly unknown[],
    string | null
  >({
    queryKey: routePagesKey(id, input),
    initialPageParam: null,
    queryFn: async ({ pageParam, signal }) => {
      const query = { ...(input.query as object | undefined), ...(pageParam ? { cursor: pageParam } : {}) };
      return api(id, ...([{ ...input, query, signal }] as ApiArgs<Id>));
    },
    getNextPageParam: (last) => (last as { nextCursor: string | null }).nextCursor,
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...queryOptions,
  });
}
