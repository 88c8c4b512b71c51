/**
 * The local stand-in of the site-pages function (functions/src/routes/site-pages.ts): a request
 * for a page drawn with its data (shared/src/site-documents.ts, drawnWithData) is answered by the
 * same code the function runs, the module the web build writes (web/src/draw-with-data.tsx, built
 * to web/dist-server), with web/dist's templates and the local API's answers over HTTP. The
 * production build's servers use it: the site server (benchmarks) and Vite's preview
 * (LOCAL_WEB=dist).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DRAW_MODULE_DIR, DRAW_MODULE_FILE, type DrawModule, entryOf } from '@clubs/shared';

/** The built module that draws documents with their data, beside web/dist. */
export const drawModulePath = (webDir: string) => path.join(webDir, DRAW_MODULE_DIR, DRAW_MODULE_FILE);

/**
 * Draws the documents of `webDir`'s build (web) with the answers of the API at `apiUrl`: the
 * function answers a location with the document to serve, or undefined for a location that is no
 * page drawn with data (or when the module cannot be loaded: the servers then serve the documents
 * as built).
 */
export function drawnDocuments(webDir: string, apiUrl: string): (url: URL) => Promise<string | undefined> {
  // Loaded as the server starts, not with the first page asked for: loading it takes seconds.
  const module = import(pathToFileURL(drawModulePath(webDir)).href) as Promise<DrawModule>;
  module.catch(() => undefined); // reported with the first page drawn
  const sources = {
    readTemplate: (file: string) => readFile(path.join(webDir, 'dist', file), 'utf8'),
    apiUrl,
    onError: (error: unknown) => console.error('Drawing a page with its data failed', error),
  };
  return async (url) => {
    if (!entryOf(url.pathname)?.drawnWithData) return undefined;
    try {
      return (await (await module).drawnDocument(url, sources))?.html;
    } catch (error) {
      console.error(`Drawing ${url.pathname} with its data failed`, error);
      return undefined;
    }
  };
}
