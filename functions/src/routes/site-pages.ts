/**
 * The site-pages function: CloudFront's origin for the pages drawn with their data
 * (shared/src/site-documents.ts, drawnWithData), behind its function URL (infra/lib/site.ts). It
 * answers a GET with the page's built entry document drawn with its data by the same module the
 * local site servers run (web/src/draw-with-data.tsx, built to web/dist-server and carried in this
 * function's bundle with the templates), reading the API's answers from the clubs group's own
 * handler in-process: the routes, checks and response schemas a visitor's browser would meet, a
 * fixed few key reads and queries per page, and no origin secret. A page that cannot be drawn is
 * its document as built; a request that is no page drawn with its data is a 404, and a failure a
 * 5xx, both of which CloudFront answers with the bucket's document instead.
 */
import { readFile } from 'node:fs/promises';
import {
  clubRoutes,
  DRAW_MODULE_FILE,
  DRAWING_BUNDLE_DIR,
  DRAWN_PAGE_HEADER,
  type DrawModule,
} from '@clubs/shared';
import type { APIGatewayProxyStructuredResultV2, Context, LambdaFunctionURLEvent } from 'aws-lambda';

/** A function URL's answer, as API Gateway's v2 payload structures it. */
type PageResult = APIGatewayProxyStructuredResultV2;

import { inProcessFetch } from '../http/in-process.ts';
import { logger } from '../logger.ts';
import { handler as clubs } from './clubs.ts';

/** The origin the drawing's API client is given: its requests never leave this invocation. */
const IN_PROCESS_ORIGIN = 'https://in-process.invalid';

export interface SitePagesSources {
  /** The drawing module. */
  loadModule(): Promise<DrawModule>;
  /** The built entry document named `file`. */
  readTemplate(file: string): Promise<string>;
  /** How the API is asked during the invocation `context`. */
  fetchFor(context: Context): typeof fetch;
}

const text = (statusCode: number, body: string): PageResult => ({
  statusCode,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body,
});

/**
 * The page CloudFront asks for (its path in DRAWN_PAGE_HEADER, its query as the request's), or
 * undefined for a request that names none or no path of this site.
 */
function pageOf(event: LambdaFunctionURLEvent): URL | undefined {
  const path = event.headers?.[DRAWN_PAGE_HEADER];
  if (!path?.startsWith('/') || path.startsWith('//')) return undefined;
  try {
    const url = new URL(path, IN_PROCESS_ORIGIN);
    if (url.origin !== IN_PROCESS_ORIGIN) return undefined;
    url.search = event.rawQueryString ?? '';
    return url;
  } catch {
    return undefined;
  }
}

/** The function's handler over `sources` (the bundle's own, or a test's). */
export function sitePagesHandler(sources: SitePagesSources) {
  return async (event: LambdaFunctionURLEvent, context: Context): Promise<PageResult> => {
    const method = event.requestContext.http.method;
    if (method !== 'GET' && method !== 'HEAD') return text(405, 'Method Not Allowed');
    const page = pageOf(event);
    const module = await sources.loadModule();
    const answer = page
      ? await module.drawnDocument(page, {
          readTemplate: (file) => sources.readTemplate(file),
          apiUrl: IN_PROCESS_ORIGIN,
          fetchImpl: sources.fetchFor(context),
          onError: (error) =>
            logger.error('page not drawn', { page: page.pathname.slice(0, 200), error: String(error) }),
        })
      : undefined;
    if (!answer) return text(404, 'Not Found');
    logger.info('page served', { page: page?.pathname.slice(0, 200), drawn: answer.drawn });
    return {
      statusCode: 200,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': answer.cacheControl,
        'x-content-type-options': 'nosniff',
      },
      body: method === 'HEAD' ? '' : answer.html,
    };
  };
}

/** A load kept for the container's life once it succeeds (a failed one is tried again). */
function kept<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= load().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}

const bundled = new URL(`./${DRAWING_BUNDLE_DIR}/`, import.meta.url);
const templates = new Map<string, () => Promise<string>>();

export const handler = sitePagesHandler({
  loadModule: kept(() => import(new URL(DRAW_MODULE_FILE, bundled).href) as Promise<DrawModule>),
  readTemplate: (file) => {
    let template = templates.get(file);
    if (!template) {
      template = kept(() => readFile(new URL(file, bundled), 'utf8'));
      templates.set(file, template);
    }
    return template();
  },
  fetchFor: (context) => inProcessFetch(clubRoutes, clubs, context),
});
