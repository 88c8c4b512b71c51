/** Builds API Gateway HTTP API (v2) events for a manifest route, as API Gateway would. */
import { buildPath, ROUTES, type RouteId, routeKeyOf } from '@clubs/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

export interface EventOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** JWT claims as API Gateway passes them (strings; arrays flattened to "[a b]"). */
  claims?: Record<string, string>;
}

export function httpEvent(id: RouteId, options: EventOptions = {}): APIGatewayProxyEventV2 {
  const route = ROUTES[id];
  const path = buildPath(route.path, options.params);
  const rawQueryString = new URLSearchParams(options.query ?? {}).toString();
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const event = {
    version: '2.0',
    routeKey: routeKeyOf(route),
    rawPath: path,
    rawQueryString,
    headers: {
      ...(body !== undefined && options.rawBody === undefined ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    queryStringParameters: options.query,
    pathParameters: options.params,
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: route.method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: `req-${Math.random().toString(36).slice(2)}`,
      routeKey: routeKeyOf(route),
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
      ...(options.claims ? { authorizer: { jwt: { claims: options.claims, scopes: [] } } } : {}),
    },
  };
  return event as APIGatewayProxyEventV2;
}

/**
 * What a handler is told of its time. A deployed function has the CPU to itself for its 10 s; here
 * up to fifty invocations (fifty people liking one post at once) share one process and a loaded
 * DynamoDB Local, so the budget is a minute: a test proves what a handler answers, not how fast.
 */
export const lambdaContext = {
  functionName: 'test',
  functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:us-east-1:000000000000:function:test',
  memoryLimitInMB: '256',
  awsRequestId: 'test-request',
  logGroupName: '/aws/lambda/test',
  logStreamName: 'test',
  callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => 60_000,
  done: () => undefined,
  fail: () => undefined,
  succeed: () => undefined,
} satisfies Context;

export type GroupHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** Invokes a group handler and parses its JSON answer. */
export async function invoke<T = unknown>(handler: GroupHandler, event: APIGatewayProxyEventV2) {
  const result = await handler(event, lambdaContext);
  return {
    status: result.statusCode ?? 200,
    headers: result.headers ?? {},
    body: (result.body ? JSON.parse(result.body) : undefined) as T,
  };
}

export const memberClaims = (sub: string, extra: Record<string, string> = {}) => ({
  sub,
  email: `${sub}@example.com`,
  name: 'Test Person',
  'cognito:groups': '[]',
  token_use: 'id',
  ...extra,
});
