/**
 * One Lambda per handler group: `defineGroup` builds its handler from the route manifest. The
 * middy chain is the same for every group: structured logging, the route lookup by API
 * Gateway's routeKey, the auth level check, input parsing, then the route's implementation;
 * errors are mapped to HTTP in one place (errors.ts).
 */

import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import {
  type HandlerGroup,
  type ParsedInput,
  ROUTES,
  type RouteDefinition,
  type RouteId,
  type RouteOutput,
  type Routes,
  routeKeyOf,
} from '@clubs/shared';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { logger } from '../logger.ts';
import { type AuthContext, authFromEvent } from './auth.ts';
import { AppError, forbidden, toErrorResponse, unauthorized } from './errors.ts';
import { parseRequest } from './parse-request.ts';
import { Reply } from './reply.ts';

export interface RouteRequest<Id extends RouteId> {
  input: ParsedInput<Id>;
  /** Present on user and super_admin routes; null on public routes. */
  auth: Routes[Id]['auth'] extends 'public' ? AuthContext | null : AuthContext;
  event: APIGatewayProxyEventV2;
}

export type RouteImplementation<Id extends RouteId> = (
  request: RouteRequest<Id>,
) => Promise<RouteOutput<Id> | Reply<unknown>>;

type RouteIdsOf<G extends HandlerGroup> = {
  [Id in RouteId]: Routes[Id]['group'] extends G ? Id : never;
}[RouteId];

export type GroupImplementation<G extends HandlerGroup> = { [Id in RouteIdsOf<G>]: RouteImplementation<Id> };

const SECURITY_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return {
    statusCode: status,
    headers: { ...SECURITY_HEADERS, ...headers },
    body: JSON.stringify(body),
  } satisfies APIGatewayProxyStructuredResultV2;
}

function authorize(route: RouteDefinition, event: APIGatewayProxyEventV2): AuthContext | null {
  const auth = authFromEvent(event);
  if (route.auth === 'public') return auth;
  if (!auth) throw unauthorized();
  if (route.auth === 'super_admin' && !auth.isSuperAdmin) throw forbidden();
  return auth;
}

export function defineGroup<G extends HandlerGroup>(group: G, implementation: GroupImplementation<G>) {
  const byRouteKey = new Map<string, { id: RouteId; route: RouteDefinition }>();
  for (const id of Object.keys(implementation) as RouteId[]) {
    const route: RouteDefinition = ROUTES[id];
    byRouteKey.set(routeKeyOf(route), { id, route });
  }
  const implementations = implementation as unknown as Record<
    RouteId,
    (request: { input: unknown; auth: AuthContext | null; event: APIGatewayProxyEventV2 }) => Promise<unknown>
  >;

  const dispatch = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    const match = byRouteKey.get(event.routeKey);
    if (!match) throw new AppError('not_found', 'No such route');
    logger.appendKeys({ route: match.id });
    const auth = authorize(match.route, event);
    const input = parseRequest(match.route, event);
    const result = await implementations[match.id]({ input, auth, event });
    if (result instanceof Reply) return json(result.status, result.body, result.headers);
    return json(match.route.status ?? 200, result);
  };

  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use({
      onError: async (request) => {
        const { status, body } = toErrorResponse(request.error);
        if (status >= 500) logger.error('request failed', { group, error: request.error as Error });
        else logger.info('request refused', { group, status, code: body.error.code });
        request.response = json(status, body);
      },
    })
    .handler(dispatch);
}
