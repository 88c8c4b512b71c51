/**
 * The local stand-in for API Gateway (HTTP API) + Lambda: matches `/api/*` requests against the
 * shared route manifest, verifies the Cognito ID token on non-public routes with the same
 * verifier code the AWS deployment relies on, builds an API Gateway v2 event and invokes the
 * route group's handler module in-process. It also serves `/config.json` for the SPA, and the
 * live WebSocket (LIVE.path) with its management API (live-socket.ts).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { parseGroups } from '@clubs/functions/http/auth';
import { claimsAsApiGatewayPasses, tokenFromHeader } from '@clubs/functions/http/claims';
import { apiGatewayTime } from '@clubs/functions/http/in-process';
import { createIdTokenVerifier, type IdTokenClaims } from '@clubs/functions/http/token-verifier';
import { VIEWER_ADDRESS_HEADER } from '@clubs/functions/http/viewer-address';
import {
  HANDLER_GROUPS,
  matchRoute,
  needsToken,
  ROUTES,
  type RouteDefinition,
  type RuntimeConfig,
  requiredGroup,
  routeKeyOf,
} from '@clubs/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { HandlerRegistry, invokeHandler } from './lambda-runtime.ts';
import { attachLiveSocket, type LiveSocket } from './live-socket.ts';
import { listenOn } from './ports.ts';
import { PayloadTooLarge, readBody } from './read-body.ts';

/** API Gateway's payload limit. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;
/** API Gateway's integration timeout (HTTP APIs: 30 s). */
const INTEGRATION_TIMEOUT_MS = 30_000;

type Jwks = { keys: unknown[] };

export interface GatewayOptions {
  port: number;
  host?: string;
  userPoolId: string;
  clientId: string;
  /** The pool's JWKS, or where to fetch it (cognito-local's /{poolId}/.well-known/jwks.json). */
  jwks?: Jwks;
  jwksUrl?: string;
  /** Served as /config.json. */
  runtimeConfig?: RuntimeConfig;
  /** Folder of the handler modules (defaults to functions/src/{routes,consumers,triggers}). */
  handlersDir?: string;
  /** Called for each request with its outcome (the local stack logs these). */
  /** Each request answered; `group` names the function (route group) that answered, if one did. */
  onRequest?: (entry: { method: string; path: string; status: number; ms: number; group?: string }) => void;
  /** Called when a handler throws or a module fails to load. */
  onError?: (error: unknown, context: { group?: string; path: string }) => void;
  /**
   * Answer /api/* with 503 until open() is called, so nothing that waits for /api/health
   * (the e2e runner, scripts) starts before the local stack has finished seeding.
   */
  startClosed?: boolean;
  /**
   * Leave importing the handler modules ahead of requests to warm() (npm start calls it once it
   * is ready, so the imports do not compete with its start); imported as it listens otherwise.
   */
  warmLater?: boolean;
}

export interface LocalGateway {
  url: string;
  port: number;
  server: Server;
  /** The live WebSocket server on the same port. */
  live: LiveSocket;
  /** Starts serving /api/* (see startClosed). */
  open(): void;
  /** Imports every handler module now rather than on its first request (see warmLater). */
  warm(): Promise<void>;
  stop(): Promise<void>;
}

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  cookies?: string[];
}

const errorReply = (
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  body: JSON.stringify({ error: { code, message } }),
});

/** Content types API Gateway passes as text; anything else arrives base64-encoded. */
export function isTextContentType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type.startsWith('text/') ||
    /^application\/([\w.+-]+\+)?(json|xml)$/.test(type) ||
    type === 'application/x-www-form-urlencoded' ||
    type === 'application/javascript' ||
    type === 'application/graphql'
  );
}

/** The `kid` of a JWT's header, or null when the token cannot be read. */
export function keyIdOf(token: string): string | null {
  try {
    const header: unknown = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8'));
    return header && typeof header === 'object' && 'kid' in header && typeof header.kid === 'string'
      ? header.kid
      : null;
  } catch {
    return null;
  }
}

/**
 * The connection's own address, never a header the caller could write (X-Forwarded-For): API
 * Gateway's sourceIp is the peer of its connection too.
 */
function socketAddressOf(req: IncomingMessage): { ip: string; port: number } {
  return {
    ip: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
    port: req.socket.remotePort ?? 0,
  };
}

export interface BuildEventInput {
  req: IncomingMessage;
  route: RouteDefinition;
  pathParameters: Record<string, string>;
  body: Buffer;
  claims: Record<string, string> | null;
  scopes: string[] | null;
  requestId: string;
  now: Date;
}

/** An API Gateway HTTP API payload v2.0 event, as API Gateway would deliver this request. */

/**
 * Repeated names join with commas, as API Gateway does. Every name is an own data property, like
 * the JSON API Gateway sends: `__proto__` or `constructor` in a query is a key like any other
 * (and refused by the route's schema), never the object's prototype or an inherited value.
 */
function joinValue(into: Record<string, string>, name: string, value: string): void {
  const previous = Object.hasOwn(into, name) ? into[name] : undefined;
  Object.defineProperty(into, name, {
    value: previous === undefined ? value : `${previous},${value}`,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
export function buildApiGatewayEvent(input: BuildEventInput): APIGatewayProxyEventV2 {
  const { req, route, body, now } = input;
  const url = new URL(req.url ?? '/', 'http://gateway.local');
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]?.toLowerCase() ?? '';
    const value = req.rawHeaders[i + 1] ?? '';
    if (name === 'cookie') {
      cookies = [
        ...(cookies ?? []),
        ...value
          .split(';')
          .map((c) => c.trim())
          .filter(Boolean),
      ];
      continue;
    }
    joinValue(headers, name, value);
  }
  // CloudFront sets the viewer's address itself, replacing whatever the viewer sent; locally the
  // socket's peer is the viewer.
  const peer = socketAddressOf(req);
  headers[VIEWER_ADDRESS_HEADER] = `${peer.ip}:${peer.port}`;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) joinValue(query, name, value);
  const rawQueryString = (req.url ?? '').includes('?')
    ? (req.url ?? '').slice((req.url ?? '').indexOf('?') + 1)
    : '';
  const method = (req.method ?? 'GET').toUpperCase();
  const routeKey = routeKeyOf(route);
  const text = isTextContentType(headers['content-type']);
  const hasBody = body.length > 0;
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    ...(Object.keys(input.pathParameters).length > 0 ? { pathParameters: input.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: peer.ip,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: input.requestId,
      routeKey,
      stage: '$default',
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
      // Routes behind the group authorizer get its context (the same claims), as API Gateway passes it.
      ...(input.claims
        ? {
            authorizer: requiredGroup(route.access)
              ? { lambda: input.claims }
              : { jwt: { claims: input.claims, scopes: input.scopes } },
          }
        : {}),
    } as APIGatewayProxyEventV2['requestContext'],
    ...(hasBody ? { body: text ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: hasBody && !text,
  };
  return event;
}

/** Turns a handler's return value into an HTTP reply, as API Gateway does for payload v2. */
export function replyFromResult(result: unknown): Reply {
  const structured =
    result !== null && typeof result === 'object' && 'statusCode' in result
      ? (result as APIGatewayProxyStructuredResultV2)
      : null;
  if (!structured) {
    // A bare value: API Gateway answers 200 with it as JSON.
    return {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: typeof result === 'string' ? result : JSON.stringify(result ?? null),
    };
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(structured.headers ?? {}))
    headers[name.toLowerCase()] = String(value);
  const raw = structured.body ?? '';
  return {
    status: structured.statusCode ?? 200,
    headers,
    body: structured.isBase64Encoded ? Buffer.from(raw, 'base64') : raw,
    cookies: structured.cookies,
  };
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return;
  const headers: Record<string, string | string[]> = { ...(reply.headers ?? {}) };
  if (reply.cookies?.length) headers['set-cookie'] = reply.cookies;
  const body = reply.body ?? '';
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(reply.status, headers);
  res.end(body);
}

export async function startGateway(options: GatewayOptions): Promise<LocalGateway> {
  const host = options.host ?? '127.0.0.1';
  const registry = new HandlerRegistry(options.handlersDir);
  let open = !options.startClosed;
  type Verifier = { kids: Set<string>; verify: ReturnType<typeof createIdTokenVerifier>['verify'] };
  let verifier: Verifier | undefined;
  let verifierLoading: Promise<Verifier> | undefined;

  const loadVerifier = (): Promise<Verifier> => {
    if (verifier) return Promise.resolve(verifier);
    verifierLoading ??= (async () => {
      let jwks = options.jwks;
      if (!jwks) {
        if (!options.jwksUrl) throw new Error('the gateway has no JWKS to verify tokens with');
        const response = await fetch(options.jwksUrl, { signal: AbortSignal.timeout(5000) });
        if (!response.ok) throw new Error(`JWKS fetch failed: ${response.status} from ${options.jwksUrl}`);
        jwks = (await response.json()) as Jwks;
      }
      const kids = new Set(
        jwks.keys.flatMap((key) =>
          key && typeof key === 'object' && 'kid' in key && typeof key.kid === 'string' ? [key.kid] : [],
        ),
      );
      const { verify } = createIdTokenVerifier({
        userPoolId: options.userPoolId,
        clientId: options.clientId,
        jwks,
      });
      verifier = { kids, verify };
      return verifier;
    })();
    verifierLoading.catch(() => {
      verifierLoading = undefined;
    });
    return verifierLoading;
  };

  const handleApi = async (
    req: IncomingMessage,
    path: string,
    requestId: string,
    answered: { group?: string },
  ): Promise<Reply> => {
    const method = (req.method ?? 'GET').toUpperCase();
    const match = matchRoute(method, path);
    if (match.id === null) {
      // Drain the body so the connection stays usable.
      req.resume();
      return match.methodNotAllowed
        ? errorReply(405, 'method_not_allowed', `${method} is not allowed on ${path}`)
        : errorReply(404, 'not_found', 'No such route');
    }
    const route: RouteDefinition = ROUTES[match.id];
    answered.group = route.group;

    let claims: Record<string, string> | null = null;
    let scopes: string[] | null = null;
    if (needsToken(route.access)) {
      const token = tokenFromHeader(req.headers.authorization);
      if (!token) {
        req.resume();
        return errorReply(401, 'unauthorized', 'Sign in to continue', { 'www-authenticate': 'Bearer' });
      }
      let jwt: Verifier;
      try {
        jwt = await loadVerifier();
      } catch (error) {
        req.resume();
        options.onError?.(error, { path });
        return errorReply(503, 'unavailable', 'The sign-in service is not available');
      }
      const invalid = () => {
        req.resume();
        return errorReply(401, 'unauthorized', 'The sign-in token is not valid or has expired', {
          'www-authenticate': 'Bearer error="invalid_token"',
        });
      };
      // A key this pool never published cannot verify; checking here also keeps the verifier
      // from looking for it on the internet (the issuer is AWS's address).
      if (!jwt.kids.has(keyIdOf(token) ?? '')) return invalid();
      let verified: IdTokenClaims;
      try {
        verified = await jwt.verify(token);
      } catch {
        return invalid();
      }
      claims = claimsAsApiGatewayPasses(verified);
      // API Gateway's group authorizer (functions/src/triggers/group-authorizer.ts) refuses
      // before the function runs; its answer is API Gateway's own 403.
      const group = requiredGroup(route.access);
      if (group && !parseGroups(verified['cognito:groups']).includes(group)) {
        req.resume();
        return errorReply(403, 'forbidden', 'You do not have permission to do this');
      }
      const scope = typeof verified.scope === 'string' ? verified.scope : '';
      scopes = scope ? scope.split(' ') : [];
    }

    let body: Buffer;
    try {
      body = await readBody(req, MAX_PAYLOAD_BYTES);
    } catch (error) {
      if (error instanceof PayloadTooLarge) {
        return errorReply(413, 'payload_too_large', 'The request body is larger than 10 MB');
      }
      throw error;
    }

    const event = buildApiGatewayEvent({
      req,
      route,
      pathParameters: match.params,
      body,
      claims,
      scopes,
      requestId,
      now: new Date(),
    });
    try {
      const handler = await registry.get(route.group);
      const result = await invokeHandler(
        handler,
        event,
        `clubs-local-${route.group}`,
        INTEGRATION_TIMEOUT_MS,
      );
      return replyFromResult(result);
    } catch (error) {
      options.onError?.(error, { group: route.group, path });
      if (error instanceof Error && error.message.startsWith('Task timed out')) {
        return errorReply(503, 'unavailable', 'The service did not answer in time');
      }
      return errorReply(500, 'internal', 'Something went wrong. Please try again.');
    }
  };

  const server = createServer((req, res) => {
    const started = performance.now();
    const requestId = randomUUID();
    const url = new URL(req.url ?? '/', 'http://gateway.local');
    const path = url.pathname;
    const answered: { group?: string } = {};
    const finish = (reply: Reply) => {
      send(res, { ...reply, headers: { ...(reply.headers ?? {}), 'apigw-requestid': requestId } });
      options.onRequest?.({
        method: req.method ?? 'GET',
        path,
        status: reply.status,
        ms: performance.now() - started,
        group: answered.group,
      });
    };
    if (live.handleManagement(req, res)) return;
    let work: Promise<Reply>;
    if (path === '/config.json' && (req.method === 'GET' || req.method === 'HEAD')) {
      work = Promise.resolve(
        options.runtimeConfig
          ? {
              status: 200,
              headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
              body: JSON.stringify(options.runtimeConfig),
            }
          : errorReply(404, 'not_found', 'No runtime configuration'),
      );
    } else if ((path === '/api' || path.startsWith('/api/')) && !open) {
      req.resume();
      send(res, errorReply(503, 'unavailable', 'The local stack is still starting', { 'retry-after': '1' }));
      return;
    } else if (path === '/api' || path.startsWith('/api/')) {
      work = handleApi(req, path, requestId, answered);
    } else {
      req.resume();
      work = Promise.resolve(errorReply(404, 'not_found', 'No such route'));
    }
    work.then(finish, (error: unknown) => {
      options.onError?.(error, { path });
      finish(errorReply(500, 'internal', 'Something went wrong. Please try again.'));
    });
  });
  server.keepAliveTimeout = 65_000;
  const live = attachLiveSocket(server, {
    registry,
    isOpen: () => open,
    onError: options.onError,
  });

  const port = await listenOn(server, options.port, host);
  // Warm containers: every handler module imported ahead of its first request.
  const warm = () => registry.warm(HANDLER_GROUPS);
  if (!options.warmLater) void warm();

  return {
    url: `http://${host}:${port}`,
    port,
    server,
    live,
    open: () => {
      open = true;
    },
    warm,
    stop: () =>
      new Promise<void>((resolve) => {
        live.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
