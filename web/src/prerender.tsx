/**
 * Draws a page at build time (web/build/entry-documents.ts loads this module in Node, with the
 * SPA's Preact aliases): the markup the app's first render produces for a visitor on that route
 * before anything has loaded, the session check and the page's API requests still pending, so
 * the entry document can show it while the code travels, and the browser hydrates it rather than
 * drawing it again (web/src/main.tsx). Preact draws it on both sides, so the ids its useId gives
 * (labels, aria-controls) are the same.
 */
import { renderToString } from 'preact-render-to-string';
import type { ReactNode } from 'react';
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
  return renderToString(app);
}
