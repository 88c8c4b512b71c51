/**
 * The route manifest: the one list of HTTP routes. CDK generates API Gateway routes and
 * authorizers from it, the local gateway dispatches with it, handlers validate with its schemas
 * and the web client is typed by it. Each area keeps its routes in routes/{area}.ts, declared
 * with route-builder.ts (the area's group, the access shorthands, params from the path); add
 * a route there and nowhere else (route ids must be unique across areas: a test checks).
 */
import type * as z from 'zod';
import {
  analyticsRoutes,
  apiKeyRoutes,
  calendarEventRoutes,
  chatControlRoutes,
  chatRoutes,
  clubAdminRoutes,
  clubRoutes,
  contactRoutes,
  courseRoutes,
  feedRoutes,
  invitationRoutes,
  leaderboardRoutes,
  memberRoutes,
  membershipRoutes,
  moderationRoutes,
  notificationRoutes,
  paymentRoutes,
  profileRoutes,
  superAdminRoutes,
  systemRoutes,
  webhookRoutes,
} from './route-areas.ts';
import type { HandlerGroup, RouteDefinition } from './route-definition.ts';

export * from './access.ts';
export * from './route-areas.ts';
export * from './route-definition.ts';

/** Every area's routes, by id. */
export const ROUTE_AREAS = [
  systemRoutes,
  profileRoutes,
  clubRoutes,
  paymentRoutes,
  clubAdminRoutes,
  contactRoutes,
  membershipRoutes,
  feedRoutes,
  memberRoutes,
  invitationRoutes,
  courseRoutes,
  calendarEventRoutes,
  leaderboardRoutes,
  superAdminRoutes,
  notificationRoutes,
  analyticsRoutes,
  apiKeyRoutes,
  webhookRoutes,
  moderationRoutes,
  chatRoutes,
  chatControlRoutes,
] as const;

export const ROUTES = {
  ...systemRoutes,
  ...profileRoutes,
  ...clubRoutes,
  ...paymentRoutes,
  ...clubAdminRoutes,
  ...contactRoutes,
  ...membershipRoutes,
  ...feedRoutes,
  ...memberRoutes,
  ...invitationRoutes,
  ...courseRoutes,
  ...calendarEventRoutes,
  ...leaderboardRoutes,
  ...superAdminRoutes,
  ...notificationRoutes,
  ...analyticsRoutes,
  ...apiKeyRoutes,
  ...webhookRoutes,
  ...moderationRoutes,
  ...chatRoutes,
  ...chatControlRoutes,
} as const satisfies Record<string, RouteDefinition>;

export type Routes = typeof ROUTES;
export type RouteId = keyof Routes;

type Infer<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;
type InferIn<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;
type Empty = Record<string, never>;

/** What a handler receives after validation. */
export interface ParsedInput<Id extends RouteId> {
  params: Infer<Routes[Id] extends { params: infer S } ? S : undefined, Empty>;
  query: Infer<Routes[Id] extends { query: infer S } ? S : undefined, Empty>;
  body: Infer<Routes[Id] extends { body: infer S } ? S : undefined, undefined>;
}

/** What a caller sends (before defaults and transforms). */
export type RequestInput<Id extends RouteId> = (Routes[Id] extends { params: infer S }
  ? { params: InferIn<S, never> }
  : { params?: undefined }) &
  (Routes[Id] extends { query: infer S } ? { query?: InferIn<S, never> } : { query?: undefined }) &
  (Routes[Id] extends { body: infer S } ? { body: InferIn<S, never> } : { body?: undefined });

export type RouteOutput<Id extends RouteId> = z.output<Routes[Id]['response']>;

export const ROUTE_IDS = Object.keys(ROUTES) as RouteId[];

export const routesOfGroup = (group: HandlerGroup): RouteId[] =>
  ROUTE_IDS.filter((id) => ROUTES[id].group === group);

export const HANDLER_GROUPS: readonly HandlerGroup[] = [...new Set(ROUTE_IDS.map((id) => ROUTES[id].group))];

export { buildPath } from './paths.ts';

/**
 * Matches a concrete path against `routes` (the manifest, or one group's declarations), as API
 * Gateway does; literal segments win.
 */
export function matchRouteIn(
  routes: Partial<Record<RouteId, RouteDefinition>>,
  method: string,
  path: string,
): { id: RouteId; params: Record<string, string> } | { id: null; methodNotAllowed: boolean } {
  const segments = path.split('/');
  let pathMatched = false;
  let best: { id: RouteId; params: Record<string, string>; literals: number } | null = null;
  for (const id of Object.keys(routes) as RouteId[]) {
    const route = routes[id];
    if (!route) continue;
    const pattern = route.path.split('/');
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let literals = 0;
    const ok = pattern.every((part, i) => {
      const segment = segments[i] ?? '';
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name) {
        if (!segment) return false;
        try {
          params[name] = decodeURIComponent(segment);
        } catch {
          return false;
        }
        return true;
      }
      literals += 1;
      return part === segment;
    });
    if (!ok) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    if (!best || literals > best.literals) best = { id, params, literals };
  }
  return best ? { id: best.id, params: best.params } : { id: null, methodNotAllowed: pathMatched };
}

/** Matches a concrete path against the manifest, as API Gateway does; literal segments win. */
export const matchRoute = (method: string, path: string) => matchRouteIn(ROUTES, method, path);
