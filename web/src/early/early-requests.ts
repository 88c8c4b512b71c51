/**
 * The first API request of the pages a visitor most often opens first, by the page's location:
 * the featured clubs of the home page, the directory's first page when it is opened without a
 * search, a public club page's club. Each is the exact URL the page's own query asks for
 * (tests/web/early-requests.test.ts holds them to the client's), so the answer can be taken
 * instead of a second request. No imports: this runs in the entry documents' first script,
 * which must not wait for any other module.
 */
export function earlyRequestOf(pathname: string, search: string): string | undefined {
  if (pathname === '/') return '/api/featured-clubs';
  if (pathname === '/clubs' && search === '') return '/api/clubs?tab=all&size=any&limit=12';
  const club = /^\/c\/([^/]+)$/.exec(pathname)?.[1];
  if (club === undefined) return undefined;
  try {
    return `/api/clubs/${encodeURIComponent(decodeURIComponent(club))}`;
  } catch {
    return undefined; // a malformed escape: the page says the club was not found
  }
}
