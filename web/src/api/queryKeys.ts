/**
 * The one shape of every cache key: a route id of the manifest, then (part of) its request input.
 * Every query builds its key here and every invalidation names what it touched here, so a key
 * cannot drift from the route it caches. TanStack Query matches a filter's key against cached keys
 * partially (objects by the fields the filter names), so a key with part of an input —
 * `routeKey('listPosts', { params: { clubId } })` — covers every cached answer of that club's feed,
 * whatever else its query held.
 */
import type { RequestInput, RouteId } from '@clubs/shared';

type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

/**
 * A route's input as a key holds it. `viewer` is the signed-in person's id for answers that
 * differ per person but whose request names nobody (GET /api/me): a cache kept across a sign-out
 * must not answer for the next person.
 */
export type RouteKeyInput<Id extends RouteId> =
  | RequestInput<Id>
  | (DeepPartial<RequestInput<Id>> & { viewer?: string | null });

/** The key of a route's answer for `input`; with part of an input, the prefix of all it covers. */
export const routeKey = <Id extends RouteId>(id: Id, input?: RouteKeyInput<Id>) =>
  input === undefined ? ([id] as const) : ([id, input] as const);

/** The key of a list read page by page: beside `routeKey`'s, never the same as a single read's. */
export const routePagesKey = <Id extends RouteId>(id: Id, input: RouteKeyInput<Id>) =>
  [...routeKey(id, input), 'pages'] as const;
