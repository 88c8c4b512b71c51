/**
 * The web tests' one fetch double: it answers the SPA's calls by method and path (the API, and
 * the storage host of an upload) and records them, so page tests assert on what was asked (query
 * parameters, JSON bodies, an upload's FormData, headers) and on what the page shows. Anything
 * unexpected is a 404 with the API's error JSON.
 */
import type { Club } from '@clubs/shared';
import { vi } from 'vitest';

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

/** Routes are "GET /api/clubs" or "POST /api/clubs/:id/join-requests" (':x' matches a segment). */
export function mockApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const compiled = Object.entries(routes).map(([key, handler]) => {
    const [method, pattern = ''] = key.split(' ');
    const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
    return { method, regex, handler };
  });
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
    const route = compiled.find((r) => r.method === method && r.regex.test(url.pathname));
    const answer = route
      ? await route.handler(call)
      : {
          status: 404,
          body: { error: { code: 'not_found', message: `No mock for ${method} ${url.pathname}` } },
        };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
    });
  });
  const callsTo = (method: string, path: string) =>
    calls.filter((c) => c.method === method && c.path === path);
  return { calls, spy, callsTo, to: callsTo };
}

export const ok = (body: unknown) => ({ status: 200, body });

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
