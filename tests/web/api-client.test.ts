import { ApiError, createApiClient, isApiError, toQueryString } from '@clubs/web/src/api/client.ts';
import { shouldRetry } from '@clubs/web/src/api/queryClient.ts';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { club as clubFixture } from './api-mock.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const club = clubFixture();

function setup(response: Response | (() => Response) = json(200, {}), token: string | null = 'id-token-1') {
  const fetchImpl = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
    typeof response === 'function' ? response() : response.clone(),
  );
  const getIdToken = vi.fn(async () => token ?? undefined);
  const api = createApiClient({ getIdToken, fetchImpl });
  const request = (call = 0) => {
    const [url, init] = fetchImpl.mock.calls[call] ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { api, fetchImpl, getIdToken, request };
}

describe('api client', () => {
  it('builds the path from params, encoding each value', async () => {
    const { api, request } = setup(json(200, club));
    const result = await api('getClub', { params: { clubId: 'club 1/x' } });
    expect(request().url).toBe('/api/clubs/club%201%2Fx');
    expect(request().init.method).toBe('GET');
    expect(result).toEqual(club);
  });

  it('adds the query string, skipping undefined values', async () => {
    const { api, request } = setup(json(200, { items: [], nextCursor: null }));
    await api('listClubs', { query: { limit: 5, cursor: undefined } });
    expect(request().url).toBe('/api/clubs?limit=5');
    await api('listClubs', { query: { limit: 10, cursor: 'abc=&' } });
    expect(request(1).url).toBe('/api/clubs?limit=10&cursor=abc%3D%26');
    await api('listClubs');
    expect(request(2).url).toBe('/api/clubs');
  });

  it('sends no token on public routes', async () => {
    const { api, request, getIdToken } = setup(json(200, club));
    await api('getClub', { params: { clubId: 'club-1' } });
    expect(request().headers.has('Authorization')).toBe(false);
    expect(getIdToken).not.toHaveBeenCalled();
  });

  it('sends the ID token as a bearer token on user routes', async () => {
    const { api, request } = setup(json(200, { id: 'user-1' }));
    await api('getMe');
    expect(request().url).toBe('/api/me');
    expect(request().headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(request().headers.get('Accept')).toBe('application/json');
  });

  it('refuses a user route without a session, without calling the server', async () => {
    const { api, fetchImpl } = setup(json(200, {}), null);
    const error = await api('getMe').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('maps the server error body to an ApiError', async () => {
    const { api } = setup(
      json(404, { error: { code: 'not_found', message: 'Club not found', details: { clubId: 'x' } } }),
    );
    const error = await api('getClub', { params: { clubId: 'x' } }).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 404,
      code: 'not_found',
      message: 'Club not found',
      details: { clubId: 'x' },
    });
  });

  it('maps a non-JSON error answer to a generic ApiError with the status', async () => {
    const { api } = setup(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api('getMe')).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });

  it('maps a network failure to status 0', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = createApiClient({ getIdToken: async () => 't', fetchImpl });
    await expect(api('health')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('sends a JSON body with its content type', async () => {
    // No manifest route takes a body yet; the client handles it generically.
    const { api, request } = setup(json(200, { received: true }));
    const call = api as unknown as (id: string, input: unknown) => Promise<unknown>;
    await call('stripeWebhook', { body: { hello: 'world' } });
    expect(request().init.method).toBe('POST');
    expect(request().init.body).toBe('{"hello":"world"}');
    expect(request().headers.get('Content-Type')).toBe('application/json');
  });

  it('passes the abort signal through', async () => {
    const { api, request } = setup(json(200, { id: 'user-1' }));
    const controller = new AbortController();
    await api('getMe', { signal: controller.signal });
    expect(request().init.signal).toBe(controller.signal);
  });

  it('is typed by the manifest', () => {
    const { api } = setup();
    expectTypeOf(api<'getMe'>).returns.resolves.toHaveProperty('fullName');
    expectTypeOf(api<'getClub'>).returns.resolves.toHaveProperty('memberCount');
    // @ts-expect-error getClub needs its clubId
    void api('getClub').catch(() => undefined);
    // @ts-expect-error unknown route ids are refused
    void api('noSuchRoute').catch(() => undefined);
  });
});

describe('toQueryString', () => {
  it('repeats array values and drops null', () => {
    expect(toQueryString({ tag: ['a', 'b'], empty: null, on: true })).toBe('?tag=a&tag=b&on=true');
    expect(toQueryString({})).toBe('');
  });
});

describe('query retries', () => {
  it('does not retry client errors but retries server errors twice', () => {
    expect(shouldRetry(0, new ApiError(404, { code: 'not_found', message: 'x' }))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, { code: 'x', message: 'x' }))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, { code: 'x', message: 'x' }))).toBe(false);
  });
});
