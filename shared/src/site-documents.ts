/**
 * The site's entry documents: the public pages a visitor most often opens first each get an HTML
 * document of their own (built by web/build/entry-documents.ts), named and described for search
 * engines and link previews, that starts loading the page's code, styles and first API answer
 * with the document instead of one round trip after another. CloudFront (infra/lib/site.ts) and
 * the benchmark server answer each route with its document; every other client route gets the
 * generic app shell, index.html.
 */

import { PUBLIC_READ_CACHE_SECONDS } from './constants.ts';

export interface EntryDocument {
  /** The client route: an exact path, or a prefix ending in `/*` that matches one more segment. */
  readonly route: string;
  /** The document in the site bucket's root. */
  readonly file: string;
  /** The page's module below web/src, which the route table loads for this route. */
  readonly page: string;
  /** The page's name in the browser tab ('' for the home page: just the site's name). */
  readonly title: string;
  readonly description: string;
  /**
   * The page's top is data, so its document is drawn with that data when it is asked for
   * (web/src/draw-with-data.tsx), its answers carried in it for the app to start with: it then
   * starts on demand like any drawn page. This file is the template that drawing fills, and what
   * is served as it is when the data cannot be drawn (the app then starts at once to fetch it).
   */
  readonly drawnWithData?: boolean;
  /**
   * The query parameters a page drawn with its data is drawn from: the drawing sees no others,
   * and they alone (with the path) key the edge's copy of it.
   */
  readonly drawnQuery?: readonly string[];
  /**
   * How long the edge may keep a page drawn with its data; none where every request must be
   * drawn (a club page's read counts the visit).
   */
  readonly edgeCacheSeconds?: number;
}

/**
 * The meta element in which a document whose page starts on demand names the app's code, fetched
 * all at once when the visitor acts (web/src/start-on-demand.ts) rather than one import after
 * another.
 */
export const APP_MODULES_META = 'clubs:app-modules';

/**
 * The attribute that holds the address of an entry document's full stylesheet until the app
 * starts (web/src/deferred-styles.ts gives it back as the link's href): the document paints with
 * the rules its drawing uses inlined, and a phone that only reads the page neither fetches nor
 * parses the whole sheet, whose parsing was a long task of its own.
 */
export const DEFERRED_STYLE_HREF = 'data-deferred-href';

export const SITE_NAME = 'Clubs';
export const SITE_DESCRIPTION =
  'Clubs: launch and join member-only online clubs with discussions, events and courses.';

export const ENTRY_DOCUMENTS = [
  {
    route: '/',
    file: 'home.html',
    page: 'features/public/pages/LandingPage.tsx',
    title: '',
    description: SITE_DESCRIPTION,
    // The featured clubs are in a phone's first viewport.
    drawnWithData: true,
    edgeCacheSeconds: PUBLIC_READ_CACHE_SECONDS,
  },
  {
    route: '/clubs',
    file: 'clubs.html',
    page: 'features/directory/pages/DirectoryPage.tsx',
    title: 'Explore Clubs',
    description:
      'Browse free and premium member-only clubs by category, size and name, and join the ones you like.',
    drawnWithData: true,
    // The directory's filters (web/src/features/directory/components/filters.ts).
    drawnQuery: ['q', 'tab', 'size', 'recent'],
    edgeCacheSeconds: PUBLIC_READ_CACHE_SECONDS,
  },
  {
    route: '/c/*',
    file: 'club.html',
    page: 'features/directory/pages/ClubPublicPage.tsx',
    title: 'Club',
    description: 'A club on Clubs: what it is about, who runs it, what membership costs and how to join.',
    drawnWithData: true,
  },
  {
    route: '/login',
    file: 'login.html',
    page: 'features/account/pages/LoginPage.tsx',
    title: 'Log in',
    description: 'Log in to Clubs with your email address or your Google account.',
  },
  {
    route: '/register',
    file: 'register.html',
    page: 'features/account/pages/RegisterPage.tsx',
    title: 'Sign up',
    description: 'Create your Clubs account to join clubs or launch your own.',
  },
  {
    route: '/pricing',
    file: 'pricing.html',
    page: 'features/public/pages/PricingPage.tsx',
    title: 'Pricing',
    description: "One plan for creators, with a free trial; members pay each club's own price.",
  },
  {
    route: '/features',
    file: 'features.html',
    page: 'features/public/pages/FeaturesPage.tsx',
    title: 'Features',
    description: 'Discussions, courses, events, a member directory and a leaderboard in one private place.',
  },
] as const satisfies readonly EntryDocument[];

/** Whether a document's route matches `path`: exactly, or with one more segment for `/*`. */
const routeMatches = (route: string, path: string) => {
  const prefix = route.endsWith('/*') ? route.slice(0, -1) : undefined;
  return prefix
    ? path.startsWith(prefix) && path.length > prefix.length && !path.slice(prefix.length).includes('/')
    : path === route;
};

/** The entry document of `path`, if it has one of its own. */
export const entryOf = (path: string): EntryDocument | undefined =>
  (ENTRY_DOCUMENTS as readonly EntryDocument[]).find((document) => routeMatches(document.route, path));

/** The document that answers a request for `path` ('/index.html' for every other client route). */
export function entryDocumentOf(path: string): string {
  const document = entryOf(path);
  return document ? `/${document.file}` : '/index.html';
}

/** The routes whose documents are drawn with their data when asked for. */
export type DrawnRoute = Extract<(typeof ENTRY_DOCUMENTS)[number], { drawnWithData: true }>['route'];

/**
 * The location a page drawn with its data is drawn from: its path, and only the query parameters
 * its drawing reads (what the edge keys its copy on).
 */
export function drawnLocation(url: URL, document: EntryDocument): URL {
  const drawn = new URL(url.pathname, url.origin);
  for (const name of document.drawnQuery ?? []) {
    const value = url.searchParams.get(name);
    if (value !== null) drawn.searchParams.set(name, value);
  }
  return drawn;
}

/** The browser tab's title of a page: "Explore Clubs · Clubs", or just "Clubs". */
export const documentTitle = (...parts: (string | undefined)[]): string =>
  [...parts, SITE_NAME].filter(Boolean).join(' · ');

/**
 * The Cache-Control of a page drawn with its data: a shared cache (CloudFront) keeps it for the
 * page's edgeCacheSeconds, a browser asks again each time, as for every document; the document as
 * built (nothing drawn) and a page every request must draw are asked for again everywhere.
 */
export function drawnCacheControl(document: EntryDocument, drawn: boolean): string {
  return drawn && document.edgeCacheSeconds
    ? `public, max-age=0, s-maxage=${document.edgeCacheSeconds}`
    : 'no-cache';
}

/**
 * The request header in which CloudFront hands the site-pages function the page asked for (the
 * request's own path is the page's document in the site bucket, which answers when the function
 * cannot: infra/lib/site.ts).
 */
export const DRAWN_PAGE_HEADER = 'x-clubs-page';

/** Where the web build writes the module that draws documents with their data, beside web/dist. */
export const DRAW_MODULE_DIR = 'dist-server';
export const DRAW_MODULE_FILE = 'draw-with-data.mjs';
/** The folder of the site-pages function's bundle that holds the drawing module and the templates. */
export const DRAWING_BUNDLE_DIR = 'site';

/** A page drawn with its data as a server answers it. */
export interface DrawnAnswer {
  /** The document: drawn with its data, or its template as built when it could not be. */
  readonly html: string;
  readonly drawn: boolean;
  readonly cacheControl: string;
}

/** Where the drawing module finds a page's template and the API's answers. */
export interface DrawnSources {
  /** The built entry document named `file` (web/dist's, or the copy a function carries). */
  readTemplate(file: string): Promise<string>;
  /** The API's base URL, as the app's client is given it. */
  readonly apiUrl: string;
  /** How the API is asked: over HTTP (fetch), or its handler in-process. */
  readonly fetchImpl?: typeof fetch;
  /** Told of a drawing that failed; the template is then the answer. */
  onError?(error: unknown): void;
}

/**
 * What the built drawing module (web/src/draw-with-data.tsx, DRAW_MODULE_FILE) gives the servers
 * that load it: the local site servers and the site-pages function.
 */
export interface DrawModule {
  /** The answer to `url`, or undefined where it is no page drawn with its data. */
  drawnDocument(url: URL, sources: DrawnSources): Promise<DrawnAnswer | undefined>;
}
