/**
 * Where to go after signing in: the `redirect` query parameter
 * if present, else the page the user came from (router state `from`), else /dashboard. Only
 * same-site paths are followed: they start with "/" but not "//" or "/\" (which browsers treat
 * as another host).
 */
export const DEFAULT_AFTER_LOGIN = '/dashboard';

const AUTH_PAGES = new Set(['/login', '/register']);

export function isSafeRedirect(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/')) return false;
  if (value.startsWith('//') || value.startsWith('/\\')) return false;
  // Control characters (tabs, newlines) are stripped by URL parsers and could hide a "//".
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** A path from router state: a string or a location object ({ pathname, search, hash }). */
function pathFromState(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  if (typeof from === 'string') return from;
  if (typeof from === 'object' && from !== null && 'pathname' in from) {
    const { pathname, search, hash } = from as { pathname: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname !== 'string') return undefined;
    return `${pathname}${typeof search === 'string' ? search : ''}${typeof hash === 'string' ? hash : ''}`;
  }
  return undefined;
}

/** Never send someone back to the login or registration page they just left. */
const usable = (path: string | undefined | null): path is string =>
  isSafeRedirect(path) && !AUTH_PAGES.has(path.split(/[?#]/)[0] ?? '');

export function redirectAfterLogin(search: string | URLSearchParams, state?: unknown): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const fromQuery = params.get('redirect');
  if (usable(fromQuery)) return fromQuery;
  const fromState = pathFromState(state);
  if (usable(fromState)) return fromState;
  return DEFAULT_AFTER_LOGIN;
}

/** The login URL that brings the visitor back to `path` (path + search) afterwards. */
export const loginPathFor = (path: string): string => `/login?redirect=${encodeURIComponent(path)}`;

/** The other sign-in page (login ↔ sign-up), keeping the query that says where to go afterwards. */
export const otherAuthPage = (path: '/login' | '/register', search: URLSearchParams): string =>
  search.has('redirect') ? `${path}?${search.toString()}` : path;
