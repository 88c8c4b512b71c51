/**
 * A fetch double that answers the SPA's API calls by method and path, and records them, so page
 * tests assert on what was asked (query parameters, bodies) and on what the page shows.
 */
import type { Club } from '@clubs/shared';
import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
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
    const call: Call = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const route = compiled.find((r) => r.method === method && r.regex.test(url.pathname));
    const answer = route
      ? await route.handler(call)
      : {
          status: 404,
          body: { error: { code: 'not_found', message: `No mock for ${method} ${url.pathname}` } },
        };
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  return {
    calls,
    spy,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
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
