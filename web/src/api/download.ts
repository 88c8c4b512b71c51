/**
 * Downloading a file a route answers (a CSV export): fetched with the caller's token like any
 * other call, then handed to the browser as a download under the name the server gave it.
 */
import ENDPOINTS from 'virtual:api-endpoints';
import { buildPath, type RequestInput, type RouteId } from '@clubs/shared';
import { currentIdToken } from '../auth/service.ts';
import { toQueryString } from './client.ts';
import { ApiError } from './errors.ts';

const FILENAME = /filename="([^"]+)"/;

export async function downloadApiFile<Id extends RouteId>(id: Id, input: RequestInput<Id>): Promise<void> {
  const route = ENDPOINTS[id];
  const { params, query } = input as { params?: Record<string, string>; query?: Record<string, unknown> };
  const token = route.token ? await currentIdToken() : undefined;
  if (route.token && !token)
    throw new ApiError(401, { code: 'unauthorized', message: 'Please log in to continue.' });
  const response = await fetch(`${buildPath(route.path, params)}${toQueryString(query)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as {
      error?: { code: string; message: string };
    } | null;
    throw new ApiError(
      response.status,
      body?.error ?? { code: `http_${response.status}`, message: 'Download failed' },
    );
  }
  const name = FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'download';
  saveBlob(await response.blob(), name);
}

/** Hands a file made in the page to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
