/**
 * One Lambda per handler group: `defineGroup` builds its handler from the route manifest. The
 * middy chain is the same for every group: structured logging, the refusal of a request that did
 * not come through CloudFront (origin-verify.ts), the route lookup by API
 * Gateway's routeKey, the token check, the path parameters, the access check of the route's
 * declared access (access.ts: it also loads the club and the caller's membership the
 * implementation gets), the query and body (or, on a route declaring `rawBody`, the body's exact
 * bytes), then the route's implementation; errors are mapped
 * to HTTP in one place (errors.ts).
 */

import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import {
  type Club,
  type HandlerGroup,
  type Membership,
  needsToken,
  type ParsedInput,
  type RouteDefinition,
  type RouteId,
  type RouteOutput,
  type Routes,
  routeKeyOf,
} from '@clubs/shared';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Caller, Viewer } from '../caller.ts';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import { logger } from '../logger.ts';
import { checkAccess, type Grant, meterGrant, type ResourceTypes } from './access.ts';
import { authFromEvent } from './auth.ts';
import { toErrorResponse } from './errors.ts';
import { fromTheEdge } from './origin-verify.ts';
import { parsePathParams, parseRequest, rawBytesOf } from './parse-request.ts';
import { FileReply, Reply } from './reply.ts';
import { viewerAddress } from './viewer-address.ts';

type AccessOf<Id extends RouteId> = Routes[Id]['access'];
type ClubChecked<Id extends RouteId> = AccessOf<Id>['kind'] extends 'club' | 'author' ? true : false;
/** Routes whose check reads the club of the path: a person's standing in it, or a key of it. */
type ClubRead<Id extends RouteId> = AccessOf<Id>['kind'] extends 'club' | 'author' | 'api_key' ? true : false;

export interface RouteRequest<Id extends RouteId> {
  input: ParsedInput<Id>;
  /** The signed-in caller; null only on public routes and those of API keys (a key is no person). */
  auth: AccessOf<Id>['kind'] extends 'public' | 'api_key' ? Caller | null : Caller;
  /** On club, author and API-key routes: the club of the path, as the access check read it. */
  club: ClubRead<Id> extends true ? Club : null;
  /** On club and author routes: the caller's membership row in that club, if any. */
  membership: ClubChecked<Id> extends true ? Membership | null : null;
  /** On author routes: the resource of the path (within the club). */
  resource: AccessOf<Id> extends { resource: infer R extends keyof ResourceTypes } ? ResourceTypes[R] : null;
  /**
   * On club and author routes: the caller's user id and active role in the club; on API-key
   * routes the key as a reader of its club (keyViewer).
   */
  viewer: ClubRead<Id> extends true ? Viewer : null;
  /**
   * On routes declaring `rawBody`: the exact bytes of the body (base64-decoded when API Gateway
   * encoded them), which no JSON parsing touched; a signature is checked on these.
   */
  rawBody: Routes[Id] extends { readonly rawBody: true } ? Buffer : undefined;
  event: APIGatewayProxyEventV2;
}

export type RouteImplementation<Id extends RouteId> = (
  request: RouteRequest<Id>,
) => Promise<RouteOutput<Id> | Reply<unknown> | FileReply>;

type RouteIdsOf<G extends HandlerGroup> = {
  [Id in RouteId]: Routes[Id]['group'] extends G ? Id : never;
}[RouteId];

export type GroupImplementation<G extends HandlerGroup> = { [Id in RouteIdsOf<G>]: RouteImplementation<Id> };

/**
 * The manifest's declarations of a group's routes, as its area exports them (`courseRoutes`; a group
 * declared in two areas spreads both). A handler passes these rather than the route-handler
 * reading the whole manifest, because a bundle keeps every module a function imports: with
 * ROUTES, each function carried every other group's declarations and schemas.
 */
export type GroupRoutes<G extends HandlerGroup> = { readonly [Id in RouteIdsOf<G>]: Routes[Id] };

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

/**
 * A public answer CloudFront may keep (the route's edgeCacheSeconds), given only to a caller
 * without an Authorization header: a signed-in caller's answer stays no-store, so an edge cache
 * never holds anything a token asked for.
 */
function edgeCacheOf(route: RouteDefinition, event: APIGatewayProxyEventV2): Record<string, string> {
  if (!route.edgeCacheSeconds || route.method !== 'GET' || event.headers?.authorization) return {};
  return { 'cache-control': `public, max-age=${route.edgeCacheSeconds}` };
}

/**
 * Who made the request, for the request's log line: the viewer address CloudFront forwarded once
 * the request is known to come from CloudFront (the API's own access log only sees CloudFront).
 */
const viewerOf = (event: APIGatewayProxyEventV2) =>
  fromTheEdge(event) ? viewerAddress(event) : event.requestContext.http.sourceIp;

/**
 * A success answer as the manifest declares it: parsed by the route's response schema, so a
 * field the schema does not name (an owner id, a stored internal) never leaves the server and an
 * answer of the wrong shape is a logged 500 rather than a broken screen. Other statuses (a
 * redirect's empty body) pass as they are.
 */
export function answerOf(route: RouteDefinition, status: number, body: unknown): unknown {
  if (status < 200 || status >= 300 || body === undefined) return body;
  const parsed = route.response.safeParse(body);
  if (parsed.success) return parsed.data;
  logger.error('answer does not match the route manifest', { issues: parsed.error.issues.slice(0, 5) });
  throw new AppError('internal', 'Something went wrong. Please try again.');
}

export function defineGroup<G extends HandlerGroup>(
  group: G,
  routes: GroupRoutes<G>,
  implementation: GroupImplementation<G>,
) {
  const declarations = routes as unknown as Record<RouteId, RouteDefinition>;
  const byRouteKey = new Map<string, { id: RouteId; route: RouteDefinition }>();
  for (const id of Object.keys(implementation) as RouteId[]) {
    const route = declarations[id];
    byRouteKey.set(routeKeyOf(route), { id, route });
  }
  const implementations = implementation as unknown as Record<
    RouteId,
    (
      request: {
        input: unknown;
        auth: Caller | null;
        rawBody: Buffer | undefined;
        event: APIGatewayProxyEventV2;
      } & Grant,
    ) => Promise<unknown>
  >;

  const dispatch = async (event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> => {
    if (!fromTheEdge(event)) throw forbidden('Use the site');
    const match = byRouteKey.get(event.routeKey);
    if (!match) throw new AppError('not_found', 'No such route');
    logger.appendKeys({ route: match.id });
    const { route } = match;
    const auth = authFromEvent(event);
    // API Gateway's authorizer already refused a missing token in AWS; this keeps the order locally.
    if (needsToken(route.access) && !auth) throw unauthorized();
    // Who may call is decided on the path alone: a caller who may not learns nothing from the
    // validation of the query or body.
    const params = parsePathParams(route, event);
    const grant = await checkAccess(
      route.access,
      route.method,
      auth,
      params as Record<string, unknown>,
      event.headers?.authorization,
    );
    const input = parseRequest(route, event, params);
    // A key's call counts against its minute only once its input is read.
    await meterGrant(grant);
    const rawBody = route.rawBody ? rawBytesOf(event) : undefined;
    const result = await implementations[match.id]({ input, auth, rawBody, event, ...grant });
    if (result instanceof FileReply) {
      logger.info('request served', { status: 200, viewer: viewerOf(event) });
      return {
        statusCode: 200,
        headers: {
          ...SECURITY_HEADERS,
          'content-type': result.contentType,
          // The name is the server's own (ids and dates): nothing to escape.
          'content-disposition': `attachment; filename="${result.filename}"`,
        },
        body: String(answerOf(route, 200, result.body)),
      };
    }
    const response =
      result instanceof Reply
        ? json(result.status, answerOf(route, result.status, result.body), result.headers)
        : json(route.status ?? 200, answerOf(route, route.status ?? 200, result), edgeCacheOf(route, event));
    logger.info('request served', { status: response.statusCode, viewer: viewerOf(event) });
    return response;
  };

  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    .use({
      onError: async (request) => {
        const { status, body, headers } = toErrorResponse(request.error);
        if (status >= 500) logger.error('request failed', { group, error: request.error as Error });
        else
          logger.info('request refused', {
            group,
            status,
            code: body.error.code,
            viewer: viewerOf(request.event),
          });
        request.response = json(status, body, headers);
      },
    })
    .handler(dispatch);
}
