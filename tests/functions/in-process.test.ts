/**
 * The API's group handler asked in-process (functions/src/http/in-process.ts), as the site-pages
 * function asks the clubs group: the event is the one API Gateway would deliver for the request,
 * and the handler's answer is the response, as it is.
 */
import { inProcessFetch } from '@clubs/functions/http/in-process';
import { clubRoutes } from '@clubs/shared';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';

const context = { awsRequestId: 'request-7' } as Context;

function recording(statusCode = 200, body = '{"items":[]}') {
  const events: APIGatewayProxyEventV2[] = [];
  const handler = async (event: APIGatewayProxyEventV2) => {
    events.push(event);
    return {
      statusCode,
      headers: { 'content-type': 'application/json', 'x-count': 3 as unknown as string },
      body,
    };
  };
  return { events, fetch: inProcessFetch(clubRoutes, handler, context) };
}

describe('a route group asked in-process', () => {
  it("hands the group API Gateway's event for a route with a path parameter and a query", async () => {
    const { events, fetch } = recording(200, '{"id":"c 1"}');
    const response = await fetch('https://in-process.invalid/api/clubs/c%201?view=page', { method: 'GET' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'c 1' });
    expect(response.headers.get('x-count')).toBe('3');
    const [event] = events;
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /api/clubs/{clubId}',
      rawPath: '/api/clubs/c%201',
      rawQueryString: 'view=page',
      pathParameters: { clubId: 'c 1' },
      queryStringParameters: { view: 'page' },
      requestContext: { requestId: 'request-7', http: { method: 'GET', path: '/api/clubs/c%201' } },
    });
    // A visitor's read: no token, no origin secret.
    expect(Object.keys(event?.headers ?? {}).sort()).toEqual(['accept', 'host']);
  });

  it("passes the group's errors through, and answers what is not the group's as API Gateway does", async () => {
    const failing = recording(404, '{"error":{"code":"not_found","message":"Club not found"}}');
    expect((await failing.fetch('https://in-process.invalid/api/clubs/x')).status).toBe(404);
    const { events, fetch } = recording();
    expect((await fetch('https://in-process.invalid/api/me')).status).toBe(404);
    expect((await fetch('https://in-process.invalid/api/clubs', { method: 'DELETE' })).status).toBe(405);
    expect((await fetch('https://in-process.invalid/api/clubs/%E0%A4%A')).status).toBe(404);
    expect(events).toEqual([]);
  });
});
