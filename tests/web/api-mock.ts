/**
 * The web tests' one fetch double: it answers the SPA's calls — API routes by their manifest id,
 * their fixtures typed by the route's response schema and checked against it at run time, and
 * anything else (the storage host of an upload) by method and path — and records them, so page
 * tests assert on what was asked (query parameters, JSON bodies, an upload's FormData, headers)
 * and on what the page shows. Anything unexpected is a 404 with the API's error JSON.
 */
import { type Club, matchRoute, type Notification, ROUTES, type RouteId, type Routes } from '@clubs/shared';
import { vi } from 'vitest';
import type * as z from 'zod';

export interface Call {
  method: string;
  url: string;
  path: string;
  query: URLSearchParams;
  /** A JSON body parsed; any other body (an upload's FormData) as sent. */
  body: unknown;
  headers: Headers;
}

type Answer = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Handler = (call: Call) => Answer;

/** The API's error answer, which any route may give. */
interface ApiErrorBody {
  error: { code: string; message: string };
}
/** A route's answer: its success body as the manifest's response schema takes it, or an error. */
type RouteAnswer<Id extends RouteId> = {
  status: number;
  body?: z.input<Routes[Id]['response']> | ApiErrorBody;
};
type RouteHandler<Id extends RouteId> = (call: Call) => RouteAnswer<Id> | Promise<RouteAnswer<Id>>;

/**
 * What a test answers: manifest routes by id (`getClub: () => ok(club())`), their fixtures typed
 * by, and checked against, the route's response schema; anything else (a storage host) by method
 * and path, "POST /media-upload" (':x' matches a segment).
 */
export type MockRoutes = { [Id in RouteId]?: RouteHandler<Id> } & {
  [methodAndPath: `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`]: Handler;
};

const isRouteId = (key: string): key is RouteId => key in ROUTES;

/** A 2xx fixture of a manifest route that its response schema refuses fails the test loudly. */
function checked(id: RouteId, answer: { status: number; body?: unknown }) {
  if (answer.status < 200 || answer.status > 299) return answer;
  const parsed = ROUTES[id].response.safeParse(answer.body);
  if (!parsed.success) {
    const message = `The fixture of ${id} does not match the manifest: ${parsed.error.message}`;
    console.error(message);
    throw new Error(message);
  }
  return answer;
}

/** What the double answers a request no route of the test matches: the API's 404 by default. */
const notMocked: Handler = (call) => ({
  status: 404,
  body: { error: { code: 'not_found', message: `No mock for ${call.method} ${call.path}` } },
});

export function mockApi(routes: MockRoutes, options: { otherwise?: Handler } = {}) {
  const otherwise = options.otherwise ?? notMocked;
  const calls: Call[] = [];
  const byId = routes as Partial<Record<RouteId, Handler>>;
  const compiled = Object.entries(routes as Record<string, Handler>)
    .filter(([key]) => !isRouteId(key))
    .map(([key, handler]) => {
      const [method, pattern = ''] = key.split(' ');
      const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
      return { method, regex, handler };
    });
  /** The manifest's route for a request (as API Gateway matches it), if the test answers it. */
  const manifestHandler = (method: string, path: string): Handler | undefined => {
    const match = matchRoute(method, path);
    const handler = match.id ? byId[match.id] : undefined;
    if (!match.id || !handler) return undefined;
    const id = match.id;
    return async (call) => checked(id, await handler(call));
  };
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const call: Call = {
      method,
      url: url.toString(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof raw === 'string' ? JSON.parse(raw) : (raw ?? undefined),
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const handler =
      manifestHandler(method, url.pathname) ??
      compiled.find((r) => r.method === method && r.regex.test(url.pathname))?.handler;
    const answer = await (handler ?? otherwise)(call);
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
    });
  });
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { calls, spy, callsTo, to: callsTo };
}

export const ok = <T>(body: T) => ({ status: 200, body });

/**
 * Every request fails with a bare 500 (no error JSON, so pages show their generic failure): for
 * tests of something else (sign-in, routing, a settings form) that the pages' data is beside.
 */
export const apiDown = () => mockApi({}, { otherwise: () => ({ status: 500, body: {} }) });

export function club(overrides: Partial<Club> = {}): Club {
  return {
    id: 'club-1',
    ownerId: 'owner-1',
    name: 'Morning Yoga',
    description: 'Gentle flows at dawn.',
    logoUrl: null,
    coverImageUrl: null,
    createdAt: '2025-04-01T00:00:00.000Z',
    price: 0,
    currency: 'USD',
    trialPeriod: 7,
    category: 'wellness',
    status: 'active',
    memberCount: 3,
    ...overrides,
  };
}

/** A reply to the viewer's post in club-1 (Morning Yoga), unread, written 5 minutes ago. */
export function notification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: '01JA0000000000000000000001',
    kind: 'reply',
    club: { id: 'club-1', name: 'Morning Yoga' },
    actor: { id: 'user-2', name: 'Mia Member', avatarUrl: null },
    others: 0,
    excerpt: 'See you at dawn!',
    target: { kind: 'post', postId: 'post-1' },
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    read: false,
    ...overrides,
  };
}

export const me = {
  id: 'user-1',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  name: 'Ada Lovelace',
  bio: '',
  location: '',
  avatarUrl: null,
  createdAt: '2025-04-01T00:00:00.000Z',
  isSuperAdmin: false,
};
