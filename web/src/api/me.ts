/**
 * The signed-in person's profile (GET /api/me), which the header, the dashboards and the account
 * pages all read: cached per person, so a cache kept across a sign-out never answers for the next.
 */
import { displayName, type RouteOutput } from '@clubs/shared';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../auth/AuthProvider.tsx';
import type { ApiError } from './errors.ts';
import { api } from './index.ts';
import { routeKey } from './queryKeys.ts';

/** The profile of `viewer` (the signed-in person's id); without one, every person's cached profile. */
export const meKey = (viewer?: string | null) =>
  viewer === undefined ? routeKey('getMe') : routeKey('getMe', { viewer });

export function useMe() {
  const { user } = useAuth();
  return useQuery<RouteOutput<'getMe'>, ApiError>({
    queryKey: meKey(user?.sub ?? null),
    queryFn: async ({ signal }) => api('getMe', { signal }),
    enabled: !!user,
  });
}

/**
 * The greeting name: from the profile once loaded, from the token's
 * claims until then (cognito-local's ID tokens carry no `name`, the profile does).
 */
export function useGreetingName(): string {
  const { user } = useAuth();
  const me = useMe();
  if (me.data) return displayName(me.data);
  return user ? displayName({ name: user.name, email: user.email }) : '';
}
