/**
 * A route group's handler asked in-process, as API Gateway invokes it, behind `fetch`: the
 * site-pages function draws pages with exactly the answers the API gives an anonymous visitor
 * (the same route lookup, access check, validation and response schemas) without a network hop
 * through CloudFront, and so without the origin secret.
 */
import { matchRouteIn, type RouteDefinition, type RouteId, routeKeyOf } from '@clubs/shared';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

/** A route group's Lambda handler (functions/src/routes/{group}.ts). */
export type GroupHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** API Gateway's requestContext.time format: "12/Mar/2020:19:03:58 +0000". */
export function apiGatewayTime(date: Date): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    `${pad(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} +0000`
  );
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * A fetch that answers the GET requests of `routes` (one group's declarations) with `handler`,
 * run in this invocation (`context`); any other request is the 404 or 405 API Gateway gives.
 * Only reads without a body or a token are asked this way: what a visitor's page is drawn with.
 */
export function inProcessFetch(
  routes: Partial<Record<RouteId, RouteDefinition>>,
  handler: GroupHandler,
  context: Context,
): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = (init?.method ?? 'GET').toUpperCase();
    const match = matchRouteIn(routes, method, url.pathname);
    if (match.id === null) {
      return match.methodNotAllowed
        ? jsonResponse(405, { error: { code: 'method_not_allowed', message: 'Method not allowed' } })
        : jsonResponse(404, { error: { code: 'not_found', message: 'Not Found' } });
    }
    const route = routes[match.id] as RouteDefinition;
    const routeKey = routeKeyOf(route);
    const now = new Date();
    // Each name once (the client writes each of its query's fields once), as an own property.
    const query = Object.fromEntries(url.searchParams);
    const event: APIGatewayProxyEventV2 = {
      version: '2.0',
      routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.slice(1),
      headers: { accept: 'application/json', host: url.host },
      ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
      ...(Object.keys(match.params).length > 0 ? { pathParameters: match.params } : {}),
      requestContext: {
        accountId: 'in-process',
        apiId: 'in-process',
        domainName: url.host,
        domainPrefix: url.host.split('.')[0] ?? url.host,
        http: {
          method,
          path: url.pathname,
          protocol: 'HTTP/1.1',
          sourceIp: '127.0.0.1',
          userAgent: 'clubs-site-pages',
        },
        requestId: context.awsRequestId,
        routeKey,
        stage: '$default',
        time: apiGatewayTime(now),
        timeEpoch: now.getTime(),
      },
      isBase64Encoded: false,
    };
    const result = await handler(event, context);
    const headers = Object.fromEntries(
      Object.entries(result.headers ?? {}).map(([name, value]) => [name, String(value)]),
    );
    return new Response(result.body ?? '', { status: result.statusCode ?? 200, headers });
  };
}
