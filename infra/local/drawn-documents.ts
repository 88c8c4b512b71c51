/**
 * The local stand-in of the site-pages function: a request for a page drawn with its data
 * (shared/src/site-documents.ts, drawnWithData) is answered with its built entry document drawn
 * with the API's answers by the module the web build writes (web/src/draw-with-data.tsx, built to
 * web/dist-server), or with the document as built when there is no data to draw. The production
 * build's servers use it: the site server (benchmarks) and Vite's preview (LOCAL_WEB=dist).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { entryOf } from '@clubs/shared';

interface DrawModule {
  drawWithData(template: string, url: URL, apiUrl: string): Promise<string | undefined>;
}

/** The built module that draws documents with their data, beside web/dist. */
export const drawModulePath = (webDir: string) => path.join(webDir, 'dist-server', 'draw-with-data.mjs');

/**
 * Draws the documents of `webDir`'s build (web) with the answers of the API at `apiUrl`: the
 * function answers a location with the document to serve, or undefined for a location that is no
 * page drawn with data.
 */
export function drawnDocuments(webDir: string, apiUrl: string): (url: URL) => Promise<string | undefined> {
  // Loaded as the server starts, not with the first page asked for: loading it takes seconds.
  const module = import(pathToFileURL(drawModulePath(webDir)).href) as Promise<DrawModule>;
  module.catch(() => undefined); // reported with the first page drawn
  return async (url) => {
    const entry = entryOf(url.pathname);
    if (!entry?.drawnWithData) return undefined;
    const template = await readFile(path.join(webDir, 'dist', entry.file), 'utf8');
    try {
      return (await (await module).drawWithData(template, url, apiUrl)) ?? template;
    } catch (error) {
      // The page is still served, drawn without its data; the app then fetches it.
      console.error(`Drawing ${url.pathname} with its data failed`, error);
      return template;
    }
  };
}
