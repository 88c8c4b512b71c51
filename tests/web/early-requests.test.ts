import { buildPath, ROUTES } from '@clubs/shared';
import { createApiClient, toQueryString } from '@clubs/web/src/api/client.ts';
import { earlyRequestOf } from '@clubs/web/src/early/early-requests.ts';
import { DIRECTORY_PAGE, directoryQuery } from '@clubs/web/src/features/directory/api.ts';
import { NO_FILTERS } from '@clubs/web/src/features/directory/components/filters.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('early requests', () => {
  it('asks exactly what each page asks first', () => {
    expect(earlyRequestOf('/', '')).toBe(ROUTES.featuredClubs.path);
    expect(earlyRequestOf('/clubs', '')).toBe(
      `${ROUTES.listClubs.path}${toQueryString({ ...directoryQuery(NO_FILTERS), limit: DIRECTORY_PAGE })}`,
    );
    expect(earlyRequestOf('/c/club 1', '')).toBe(buildPath(ROUTES.getClub.path, { clubId: 'club 1' }));
    expect(earlyRequestOf('/c/club%201', '')).toBe(buildPath(ROUTES.getClub.path, { clubId: 'club 1' }));
  });

  it('asks nothing where the first request depends on more than the path', () => {
    expect(earlyRequestOf('/clubs', '?q=yoga')).toBeUndefined();
    expect(earlyRequestOf('/c/a/b', '')).toBeUndefined();
    expect(earlyRequestOf('/c/%E0%A4%A', '')).toBeUndefined();
    expect(earlyRequestOf('/dashboard', '')).toBeUndefined();
  });
});

describe('the early-data script and the API client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    Reflect.deleteProperty(globalThis, '__clubsEarlyAnswers');
  });

  it('hands the client the answer once; the next call asks the server', async () => {
    window.history.replaceState(null, '', '/');
    const early = vi.fn(async () => json({ items: ['early'] }));
    vi.stubGlobal('fetch', early);
    await import('@clubs/web/src/early/early-data.ts');
    expect(early).toHaveBeenCalledWith('/api/featured-clubs', { headers: { Accept: 'application/json' } });

    const fetchImpl = vi.fn(async () => json({ items: ['later'] }));
    const api = createApiClient({ getIdToken: async () => undefined, fetchImpl });
    expect(await api('featuredClubs')).toEqual({ items: ['early'] });
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(await api('featuredClubs')).toEqual({ items: ['later'] });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early request failed', async () => {
    window.history.replaceState(null, '', '/c/club-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    await import('@clubs/web/src/early/early-data.ts');
    const fetchImpl = vi.fn(async () => json({ id: 'club-1' }));
    const api = createApiClient({ getIdToken: async () => undefined, fetchImpl });
    expect(await api('getClub', { params: { clubId: 'club-1' } })).toEqual({ id: 'club-1' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
