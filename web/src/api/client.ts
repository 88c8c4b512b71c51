/**
 * The API client, typed by the shared route manifest: `api('getClub', { params: { clubId } })`
 * returns `Promise<RouteOutput<'getClub'>>`. Routes whose auth level is not 'public' carry the
 * Cognito ID token as a bearer token. Non-2xx answers throw an ApiError with the status and the
 * server's `{ error: { code, message, details? } }`. Each call's method, path and token rule come
 * from `virtual:api-endpoints`, the manifest without its schemas (web/build/api-endpoints.ts).
 */

import ENDPOINTS from 'virtual:api-endpoints';
import { buildPath, type RequestInput, type RouteId, type RouteOutput } from '@clubs/shared';
import { takeEarlyAnswer } from './early.ts';
import { ApiError, type ApiErrorBody } from './errors.ts';

export { ApiError, type ApiErrorBody, isApiError } from './errors.ts';

/** Per-call options that are not part of the route's input. */
export interface CallOptions {
  signal?: AbortSignal;
}

/** The input argument: optional when the route needs no params and no body. */
export type ApiArgs<Id extends RouteId> =
  Record<string, never> extends RequestInput<Id>
    ? [input?: RequestInput<Id> & CallOptions]
    : [input: RequestInput<Id> & CallOptions];

export type ApiFunction = <Id extends RouteId>(id: Id, ...args: ApiArgs<Id>) => Promise<RouteOutput<Id>>;

export interface ApiClientOptions {
  /** The current ID token, or undefined when signed out. */
  getIdToken: () => Promise<string | undefined>;
  fetchImpl?: typeof fetch;
  /** Prefix for the manifest's `/api/...` paths; '' for the same origin. */
  baseUrl?: string;
}

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isErrorBody(value: unknown): value is { error: ApiErrorBody } {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function createApiClient({ getIdToken, fetchImpl, baseUrl = '' }: ApiClientOptions): ApiFunction {
  return async (id, ...args) => {
    const route = ENDPOINTS[id];
    const { params, query, body, signal } = (args[0] ?? {}) as {
      params?: Record<string, string>;
      query?: Record<string, unknown>;
      body?: unknown;
      signal?: AbortSignal;
    };
    const url = `${baseUrl}${buildPath(route.path, params)}${toQueryString(query)}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (route.token) {
      const token = await getIdToken();
      if (!token) throw new ApiError(401, { code: 'unauthorized', message: 'Please log in to continue.' });
      headers.Authorization = `Bearer ${token}`;
    }

    const send = () =>
      (fetchImpl ?? fetch)(url, {
        method: route.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    // A public GET may have been asked already by the entry document (web/src/api/early.ts).
    const early = route.method === 'GET' && !route.token ? takeEarlyAnswer(url) : undefined;
    let response: Response;
    try {
      response = await (early ? early.catch(send) : send());
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError(0, {
        code: 'network_error',
        message: 'Could not reach the server. Please check your connection.',
      });
    }

    const payload = await readJson(response);
    if (!response.ok) {
      throw new ApiError(
        response.status,
        isErrorBody(payload)
          ? payload.error
          : { code: `http_${response.status}`, message: `Request failed with status ${response.status}` },
      );
    }
    // The server parses each success answer with the route's response schema before it sends it
    // (functions/src/http/route-handler.ts), so the client trusts the shape.
    return payload as RouteOutput<typeof id>;
  };
}
