/**
 * A fetch double for page tests of the public site and account pages: answers by "METHOD path"
 * (":x" matches one segment), records every call with its parsed JSON body (or the FormData of
 * an upload), and answers 404 for anything unexpected.
 */
import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  url: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

export function routeFetch(routes: Record<string, (call: RecordedCall) => Reply>) {
  const calls: RecordedCall[] = [];
  const table = Object.entries(routes).map(([key, reply]) => {
    const [method, pattern = ''] = key.split(' ');
    return { method, regex: new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`), reply };
  });
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const raw = init?.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = {
      method,
      url: url.toString(),
      path: url.pathname,
      body,
      headers: new Headers(init?.headers),
    };
    calls.push(call);
    const route = table.find((r) => r.method === method && r.regex.test(url.pathname));
    const answer = route
      ? await route.reply(call)
      : {
          status: 404,
          body: { error: { code: 'not_found', message: `no mock for ${method} ${url.pathname}` } },
        };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
    });
  });
  return {
    calls,
    spy,
    to: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const profile = (overrides: Record<string, unknown> = {}) => ({
  id: 'user-1',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  name: 'Ada Lovelace',
  bio: 'Counts things.',
  location: 'London',
  avatarUrl: null,
  createdAt: '2025-04-01T00:00:00.000Z',
  isSuperAdmin: false,
  ...overrides,
});

export const featuredClub = (overrides: Record<string, unknown> = {}) => ({
  id: 'club-1',
  ownerId: 'owner-1',
  name: 'Morning Yoga Circle',
  description: 'Gentle flows at dawn for every level.',
  logoUrl: null,
  coverImageUrl: null,
  createdAt: '2025-04-01T00:00:00.000Z',
  price: 0,
  currency: 'USD',
  trialPeriod: 7,
  category: 'wellness',
  status: 'active',
  memberCount: 12,
  ...overrides,
});
