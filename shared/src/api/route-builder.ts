/**
 * Declares manifest entries without repeating what every entry of an area shares: an area's
 * routes all run in one handler group, and most club routes take only the club from their path.
 * What these build is the plain RouteDefinition object (routes.ts checks each area against it),
 * so everything reading the manifest sees the same entries as if they were written out.
 */
import { clubPathSchema } from '../domain/club.ts';
import type { AuthoredResource, ClubStanding, SuperAdminReach } from './access.ts';
import type { HandlerGroup, HttpMethod, RouteDefinition } from './route-definition.ts';

export const PUBLIC = { kind: 'public' } as const;
export const SIGNED_IN = { kind: 'signed_in' } as const;
export const SUPER_ADMIN = { kind: 'super_admin' } as const;

/** A standing in the club of the path; a super admin passes only as the reach says (none unless set). */
export const inClub = <const Who extends ClubStanding, const Reach extends SuperAdminReach = 'none'>(
  who: Who,
  superAdmin: Reach = 'none' as Reach,
) => ({ kind: 'club', who, superAdmin }) as const;

/** The author of the resource the path names, or (when `or` is set) anyone with that standing. */
export const authorOf = <
  const Resource extends AuthoredResource,
  const Or extends ClubStanding | null = null,
>(
  resource: Resource,
  or: Or = null as Or,
) => ({ kind: 'author', resource, or, superAdmin: 'none' }) as const;

/** Everything an entry declares besides its method, path and group. */
type RouteSpec = Omit<RouteDefinition, 'method' | 'path' | 'group'>;

type Route<G, M, P, S> = { readonly method: M; readonly path: P; readonly group: G } & S;

/** What a club route declares: its params are the club's path unless the path names more. */
type ClubRoute<G, M, P, S> = Route<
  G,
  M,
  P,
  S extends { params: unknown } ? S : S & { params: typeof clubPathSchema }
>;

/**
 * The routes of one handler group, by method: `feed.get('/api/...', { ... })`, and
 * `feed.club.get(...)` for a route under a club whose params default to the club's path.
 */
export function routesOf<const G extends HandlerGroup>(group: G) {
  const at =
    <const M extends HttpMethod>(method: M) =>
    <const P extends `/api/${string}`, const S extends RouteSpec>(path: P, spec: S): Route<G, M, P, S> => ({
      method,
      path,
      group,
      ...spec,
    });
  const inClubPath =
    <const M extends HttpMethod>(method: M) =>
    <const P extends `/api/${string}{clubId}${string}`, const S extends RouteSpec>(
      path: P,
      spec: S,
    ): ClubRoute<G, M, P, S> =>
      ({ method, path, group, params: clubPathSchema, ...spec }) as ClubRoute<G, M, P, S>;
  return {
    get: at('GET'),
    post: at('POST'),
    put: at('PUT'),
    patch: at('PATCH'),
    delete: at('DELETE'),
    club: {
      get: inClubPath('GET'),
      post: inClubPath('POST'),
      put: inClubPath('PUT'),
      patch: inClubPath('PATCH'),
      delete: inClubPath('DELETE'),
    },
  };
}
