/**
 * The route manifest: the one list of HTTP routes. CDK generates API Gateway routes and
 * authorizers from it, the local gateway dispatches with it, handlers validate with its schemas
 * and the web client is typed by it. Add a route here and nowhere else.
 */
import * as z from 'zod';
import { clubPathSchema, clubSchema } from '../domain/club.ts';
import { pageOf, pageQuerySchema } from '../domain/common.ts';
import { meSchema } from '../domain/profile.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** public: no token; user: a valid Cognito ID token; super_admin: a token in that group. */
export type AuthLevel = 'public' | 'user' | 'super_admin';

/** One Lambda function per group: functions/src/handlers/{group}.ts. */
export type HandlerGroup = 'system' | 'profiles' | 'clubs' | 'stripe-webhook';

export interface RouteDefinition {
  readonly method: HttpMethod;
  readonly path: `/api/${string}`;
  readonly group: HandlerGroup;
  readonly auth: AuthLevel;
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly response: z.ZodType;
  /** Success status; 200 unless set. */
  readonly status?: number;
  /** The handler reads the raw body itself (e.g. to verify a signature); no JSON parsing. */
  readonly rawBody?: boolean;
}

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({
    table: z.object({ ok: z.boolean(), latencyMs: z.number(), error: z.string().optional() }),
  }),
});
export type Health = z.infer<typeof healthSchema>;

export const ROUTES = {
  health: {
    method: 'GET',
    path: '/api/health',
    group: 'system',
    auth: 'public',
    summary: 'Reports whether the table answers (503 when it does not)',
    response: healthSchema,
  },
  getMe: {
    method: 'GET',
    path: '/api/me',
    group: 'profiles',
    auth: 'user',
    summary: "The caller's profile, created on first call from the token's name and e-mail",
    response: meSchema,
  },
  listClubs: {
    method: 'GET',
    path: '/api/clubs',
    group: 'clubs',
    auth: 'public',
    summary: 'Active clubs, newest first, paged by cursor',
    query: pageQuerySchema,
    response: pageOf(clubSchema),
  },
  getClub: {
    method: 'GET',
    path: '/api/clubs/{clubId}',
    group: 'clubs',
    auth: 'public',
    summary: 'One active club by id; any other status answers 404 like a missing club',
    params: clubPathSchema,
    response: clubSchema,
  },
  stripeWebhook: {
    method: 'POST',
    path: '/api/webhooks/stripe',
    group: 'stripe-webhook',
    auth: 'public',
    summary: "Stripe's webhook: verifies the signature on the raw body, then puts the event on the bus",
    rawBody: true,
    response: z.object({ received: z.literal(true) }),
  },
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

/** API Gateway's route key: "GET /api/clubs/{clubId}". */
export const routeKeyOf = (route: RouteDefinition): string => `${route.method} ${route.path}`;

export const routesOfGroup = (group: HandlerGroup): RouteId[] =>
  ROUTE_IDS.filter((id) => ROUTES[id].group === group);

export const HANDLER_GROUPS: readonly HandlerGroup[] = [...new Set(ROUTE_IDS.map((id) => ROUTES[id].group))];

/** Fills {name} placeholders, encoding each value. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** Matches a concrete path against the manifest, as API Gateway does; literal segments win. */
export function matchRoute(
  method: string,
  path: string,
): { id: RouteId; params: Record<string, string> } | { id: null; methodNotAllowed: boolean } {
  const segments = path.split('/');
  let pathMatched = false;
  let best: { id: RouteId; params: Record<string, string>; literals: number } | null = null;
  for (const id of ROUTE_IDS) {
    const route = ROUTES[id];
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
