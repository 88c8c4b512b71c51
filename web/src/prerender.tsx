/**
 * Draws a page in Node: the markup the app's first render produces for a visitor on that route,
 * the session check pending, so a document can show it while the code travels, and the browser
 * hydrates it rather than drawing it again (web/src/main.tsx). At build time
 * (web/build/entry-documents.ts) the page's API requests are pending too; a document drawn with
 * its data (draw-with-data.tsx) passes the answers as `drawn`, which the page's queries start
 * with, as they do in the browser from the document's data block. React draws it on both sides,
 * so hydration finds the same elements and the same ids (useId: labels, aria-controls).
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './App.tsx';
import type { AuthService } from './auth/types.ts';
import type { DrawnQuery } from './drawn-data.ts';
import { preloadPages, routes } from './routes.tsx';

/** A session check that never answers: the page is drawn as it is while the check runs. */
const pendingAuth = new Proxy({} as AuthService, {
  get: () => () => new Promise<never>(() => undefined),
});

/** `path` is the page's path, with its search if it has one. */
export async function prerender(path: string, drawn: readonly DrawnQuery[] = []): Promise<string> {
  const url = new URL(path, 'http://prerender');
  await preloadPages(url.pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`prerender: ${path} redirects`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app: ReactNode = (
    <AppProviders authService={pendingAuth} drawn={drawn}>
      {/* No hydration data: it would be an inline script, which the site's CSP refuses. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  );
  const html = renderToString(app);
  // A part still loading would be drawn as its loading screen, which the browser then replaces:
  // every lazy part of the page must have been loaded above.
  if (html.includes('<!--$!-->')) throw new Error(`prerender: part of ${path} was not loaded`);
  return html;
}
