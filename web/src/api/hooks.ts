/** TanStack Query wrappers over the typed client. */
import type { RequestInput, RouteId, RouteOutput } from '@clubs/shared';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/AuthProvider.tsx';
import type { ApiArgs, ApiError } from './client.ts';
import { api } from './index.ts';

/** The cache key of one call: route id plus its input. */
export const apiQueryKey = <Id extends RouteId>(id: Id, input?: RequestInput<Id>) =>
  input === undefined ? ([id] as const) : ([id, input] as const);

export function useApiQuery<Id extends RouteId>(
  id: Id,
  input?: RequestInput<Id>,
  options: Omit<UseQueryOptions<RouteOutput<Id>, ApiError>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<RouteOutput<Id>, ApiError>({
    queryKey: apiQueryKey(id, input),
    queryFn: ({ signal }) => api(id, ...([{ ...input, signal }] as ApiArgs<Id>)),
    ...options,
  });
}

/** The signed-in person's profile (GET /api/me), cached per user. */
export function useMe() {
  const { user } = useAuth();
  return useQuery<RouteOutput<'getMe'>, ApiError>({
    queryKey: ['getMe', user?.sub ?? null],
    queryFn: ({ signal }) => api('getMe', { signal }),
    enabled: !!user,
  });
}
