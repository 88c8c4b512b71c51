/**
 * Declares manifest entries without repeating what follows from something else: an area's
 * routes all run in one handler group, and a route's params are its path's placeholders.
 * What these build is the plain RouteDefinition object (routesOf checks each entry against it),
 * so everything reading the manifest sees the same entries as if they were written out.
 */
import * as z from 'zod';
import type { ApiKeyScope } from '../domain/api-key.ts';
import { idSchema } from '../domain/common.ts';
import { inviteTokenSchema } from '../domain/invitation.ts';
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

/**
 * What each path placeholder may hold. A placeholder means the same thing in every path, so its
 * schema is declared once here; a path naming one that is not here does not compile.
 */
/** A club's API key holding `scope`, for the club of the path (the /api/v1 routes). */
export const withApiKey = <const Scope extends ApiKeyScope>(scope: Scope) =>
  ({ kind: 'api_key', scope }) as const;

const PATH_PARAMS = {
  clubId: idSchema,
  postId: idSchema,
  commentId: idSchema,
  eventId: idSchema,
  courseId: idSchema,
  sectionId: idSchema,
  userId: idSchema,
  notificationId: idSchema,
  /** A reported post or comment (the moderators' queue). */
  itemId: idSchema,
  conversationId: idSchema,
  messageId: idSchema,
  /** A conversation reported to the super admins. */
  reportId: idSchema,
  /** One of a club's API keys. */
  keyId: idSchema,
  /** One of a club's webhook endpoints, and one of its deliveries. */
  webhookId: idSchema,
  deliveryId: idSchema,
  /** One of a club's invitation imports from a CSV file. */
  importId: idSchema,
  token: inviteTokenSchema,
} as const;
type PathParam = keyof typeof PATH_PARAMS;

/** The placeholder names of a path, e.g. 'clubId' | 'postId' for /api/clubs/{clubId}/posts/{postId}. */
type ParamsIn<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamsIn<Rest>
  : never;

type ParamsSchema<P extends string> = z.ZodObject<
  { [N in ParamsIn<P> & PathParam]: (typeof PATH_PARAMS)[N] },
  z.core.$strict
>;

/** A path whose placeholders all have a schema. */
type ApiPath<P extends string> = ParamsIn<P> extends PathParam ? P : never;

/** The params of a path: exactly its placeholders, in order, nothing else (none without placeholders). */
function paramsOf(path: string): { params?: z.ZodObject } {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as PathParam);
  if (names.length === 0) return {};
  return { params: z.strictObject(Object.fromEntries(names.map((name) => [name, PATH_PARAMS[name]]))) };
}

/** Everything an entry declares besides its method and what its path implies (its group: routesOf). */
type RouteSpec = Omit<RouteDefinition, 'method' | 'path' | 'group' | 'params'>;

type Entry<M, P extends string, S> = { readonly method: M; readonly path: P } & S &
  ([ParamsIn<P>] extends [never] ? unknown : { readonly params: ParamsSchema<P> });

const at =
  <const M extends HttpMethod>(method: M) =>
  <const P extends `/api/${string}`, const S extends RouteSpec>(path: ApiPath<P>, spec: S): Entry<M, P, S> =>
    ({ method, path, ...paramsOf(path), ...spec }) as Entry<M, P, S>;

/** An entry of an area, by its method: `GET('/api/clubs/{clubId}/posts', { access, summary, ... })`. */
export const GET = at('GET');
export const POST = at('POST');
export const PUT = at('PUT');
export const PATCH = at('PATCH');
export const DELETE = at('DELETE');

/** What routesOf takes: a RouteDefinition but for the group (each alternative of the union kept). */
type AreaEntry = RouteDefinition extends infer D ? (D extends unknown ? Omit<D, 'group'> : never) : never;

type Area<G, R> = { readonly [Id in keyof R]: R[Id] & { readonly group: G } };

/**
 * An area's routes, all run by one handler group's function: routesOf('feed', { listPosts: GET(...) })
 * puts the group on each entry, and checks each against RouteDefinition.
 */
export function routesOf<const G extends HandlerGroup, const R extends Record<string, AreaEntry>>(
  group: G,
  routes: R,
): Area<G, R> {
  // Object.entries forgets which entry is which; each keeps its own fields and gains only the group.
  const area: unknown = Object.fromEntries(
    Object.entries(routes).map(([id, { method, path, ...rest }]) => [id, { method, path, group, ...rest }]),
  );
  return area as Area<G, R>;
}
