/**
 * TanStack Query wrappers over the typed client. The client (with the route manifest and its
 * schemas) is loaded on the first query, so pages that query nothing before their first paint
 * (like /) do not carry it in their initial JavaScript.
 */
import { displayName, type RequestInput, type RouteId, type RouteOutput } from '@clubs/shared';
import { type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/AuthProvider.tsx';
import type { ApiArgs } from './client.ts';
import type { ApiError } from './errors.ts';
import { loadApi } from './load.ts';

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
    queryFn: async ({ signal }) => (await loadApi())(id, ...([{ ...input, signal }] as ApiArgs<Id>)),
    ...options,
  });
}

/** The signed-in person's profile (GET /api/me), cached per user. */
export function useMe() {
  const { user } = useAuth();
  return useQuery<RouteOutput<'getMe'>, ApiError>({
    queryKey: ['getMe', user?.sub ?? null],
    queryFn: async ({ signal }) => (await loadApi())('getMe', { signal }),
    enabled: !!user,
  });
}

/**
 * The greeting name (spec part 1 section 2): from the profile once loaded, from the token's
 * claims until then (cognito-local's ID tokens carry no `name`, the profile does).
 */
export function useGreetingName(): string {
  const { user } = useAuth();
  const me = useMe();
  if (me.data) return displayName(me.data);
  return user ? displayName({ name: user.name, email: user.email }) : '';
}
