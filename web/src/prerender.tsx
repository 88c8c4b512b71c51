/**
 * Draws a page at build time (web/build/entry-documents.ts loads this module in Node): the markup
 * the app's first render produces for a visitor on that route before anything has loaded, the
 * session check and the page's API requests still pending, so the entry document can show it
 * while the code travels, and the browser hydrates it rather than drawing it again
 * (web/src/main.tsx). React draws it on both sides, so hydration finds the same elements and the
 * same ids (useId: labels, aria-controls).
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders } from './App.tsx';
import type { AuthService } from './auth/types.ts';
import { preloadPages, routes } from './routes.tsx';

/** A session check that never answers: the page is drawn as it is while the check runs. */
const pendingAuth = new Proxy({} as AuthService, {
  get: () => () => new Promise<never>(() => undefined),
});

export async function prerender(pathname: string): Promise<string> {
  await preloadPages(pathname);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender')));
  if (context instanceof Response) throw new Error(`prerender: ${pathname} redirects`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const app: ReactNode = (
    <AppProviders authService={pendingAuth}>
      {/* No hydration data: it would be an inline script, which the site's CSP refuses. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>
  );
  const html = renderToString(app);
  // A part still loading would be drawn as its loading screen, which the browser then replaces:
  // every lazy part of the page must have been loaded above.
  if (html.includes('<!--$!-->')) throw new Error(`prerender: part of ${pathname} was not loaded`);
  return html;
}
