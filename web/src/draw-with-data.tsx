/**
 * Draws a document with its data when it is asked for: the pages whose top is data
 * (shared/src/site-documents.ts, drawnWithData) are drawn from the API's answers into their
 * built document (the template), and carry those answers in a data block (drawn-data.ts) that the
 * app's query cache starts with. A visitor then reads the cards or the club at once, and the app
 * starts on demand as on any drawn page, with nothing to ask the API for.
 *
 * It runs in Node, built apart from the app (web/build/entry-documents.ts writes it to
 * web/dist-server): the local site servers call it as the site-pages function does in AWS.
 */
import {
  type DrawnAnswer,
  type DrawnRoute,
  type DrawnSources,
  documentTitle,
  drawnCacheControl,
  drawnLocation,
  entryOf,
  type PublicClub,
  truncate,
} from '@clubs/shared';
import { type ApiFunction, createApiClient } from './api/client.ts';
import { isApiError } from './api/errors.ts';
import { drawnFeaturedClubs } from './components/public/FeaturedClubs.tsx';
import { type DrawnQuery, drawnDataBlock } from './drawn-data.ts';
import { drawnClubPage, drawnDirectory } from './features/directory/api.ts';
import { filtersFrom } from './features/directory/components/filters.ts';
import { prerender } from './prerender.tsx';

/** What a page is drawn with, and what names it in the browser tab and in search results. */
export interface Drawn {
  readonly queries: DrawnQuery[];
  readonly title?: string;
  readonly description?: string;
}

/** How each page drawn with its data reads it, from the location asked for. */
const READS: Record<DrawnRoute, (api: ApiFunction, url: URL) => Promise<Drawn>> = {
  '/': async (api) => ({ queries: await drawnFeaturedClubs(api) }),
  '/clubs': async (api, url) => ({ queries: await drawnDirectory(api, filtersFrom(url.searchParams)) }),
  '/c/*': async (api, url) => {
    const clubId = decodeURIComponent(url.pathname.slice('/c/'.length));
    const queries = await drawnClubPage(api, clubId);
    const club = queries[0]?.data as PublicClub;
    return { queries, title: club.name, description: truncate(club.description) };
  },
};

/**
 * The data the page at `url` is drawn with, read through `api`; undefined when it is no page drawn
 * with data or its data is not there to draw (an API error, a malformed club address).
 */
export async function drawnPage(url: URL, api: ApiFunction): Promise<Drawn | undefined> {
  const entry = entryOf(url.pathname);
  if (!entry?.drawnWithData) return undefined;
  try {
    return await READS[entry.route as DrawnRoute](api, url);
  } catch (error) {
    if (isApiError(error) || error instanceof URIError) return undefined;
    throw error;
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** How the template's first script, the early-data script (web/build/entry-documents.ts), starts. */
const FIRST_SCRIPT = '<script type="module" async';

/** The template's root and whatever drawing it holds, up to the end of the body. */
const ROOT = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;

/**
 * The document at `url` drawn with its data into `template` (its built entry document), reading
 * the API at `apiUrl` as an anonymous visitor; undefined when `url` is no page drawn with data or
 * its data cannot be drawn (a club that does not exist, the API failing): the template is then
 * the answer, and the app fetches and tells what happened.
 */
export async function drawWithData(
  template: string,
  url: URL,
  apiUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<string | undefined> {
  if (!ROOT.test(template)) return undefined;
  const api = createApiClient({ getIdToken: async () => undefined, fetchImpl, baseUrl: apiUrl });
  const drawn = await drawnPage(url, api);
  if (!drawn) return undefined;
  const page = await prerender(`${url.pathname}${url.search}`, drawn.queries);
  let html = template.replace(ROOT, () => `<div id="root">${page}</div>`);
  if (drawn.title !== undefined)
    html = html.replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(documentTitle(drawn.title))}</title>`,
    );
  if (drawn.description !== undefined)
    html = html.replace(
      /(<meta name="description" content=")[^"]*(")/,
      (_, start: string, end: string) => `${start}${escapeHtml(drawn.description ?? '')}${end}`,
    );
  // Before the first script, the early-data script, which then asks the API for nothing.
  const block = drawnDataBlock(drawn.queries);
  return html.includes(FIRST_SCRIPT)
    ? html.replace(FIRST_SCRIPT, () => `${block}\n    ${FIRST_SCRIPT}`)
    : html.replace('</head>', () => `${block}\n  </head>`);
}

/**
 * The answer to a request for `url`, the same wherever it is served (the local site servers, the
 * site-pages function behind CloudFront): the page's built entry document drawn with its data,
 * from the query parameters its drawing reads alone, or that document as built when its data
 * cannot be drawn (a club that does not exist, the API failing, the drawing failing: the app then
 * fetches and tells); undefined where `url` is no page drawn with its data.
 */
export async function drawnDocument(url: URL, sources: DrawnSources): Promise<DrawnAnswer | undefined> {
  const entry = entryOf(url.pathname);
  if (!entry?.drawnWithData) return undefined;
  const template = await sources.readTemplate(entry.file);
  try {
    const html = await drawWithData(template, drawnLocation(url, entry), sources.apiUrl, sources.fetchImpl);
    if (html !== undefined) return { html, drawn: true, cacheControl: drawnCacheControl(entry, true) };
  } catch (error) {
    sources.onError?.(error);
  }
  return { html: template, drawn: false, cacheControl: drawnCacheControl(entry, false) };
}
