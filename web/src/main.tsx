import './boot.ts';
import '@aws-amplify/ui-react/styles.css';
import 'virtual:amplify-theme.css'; // our colours and fonts over Amplify's (web/build/amplify-theme-css.ts)
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { authService, preloadAuth } from './auth/service.ts';
import { fetchConfigJson } from './config/configJson.ts';
import { applyDeferredStyles } from './deferred-styles.ts';

// Someone who may be signed in gets /config.json and the auth code at once, in parallel, while
// React starts; a signed-out visitor loads neither until they sign in (the login page asks for
// /config.json itself).
if (preloadAuth()) fetchConfigJson().catch(() => undefined); // errors surface (and retry) when auth is configured

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// The app (providers, router, route table) is a chunk of its own, imported here rather than with
// this module: the browser evaluates one module graph in one task, and React with the router and
// TanStack Query in one graph made the longest task of a page's start. The entry documents fetch
// that chunk with this one (web/build/entry-documents.ts), so splitting costs no round trip.
async function loadApp() {
  const [{ App }, { createAppRouter, preloadPages }] = await Promise.all([
    import('./App.tsx'),
    import('./routes.tsx'),
  ]);
  const element = () => (
    <StrictMode>
      <App authService={authService} router={createAppRouter()} />
    </StrictMode>
  );
  return { element, preloadPages };
}

// An entry document has drawn its page already (web/build/entry-documents.ts): the app takes that
// drawing over (hydrates it) once the page's code and the full stylesheets are in, rather than
// drawing it again or showing the loading screen in between; the page's parts are taken over one
// by one (components/public/HydrationPiece.tsx). The take-over is a transition: React then
// hydrates the page's frame in slices that yield to the browser every few milliseconds, where a
// take-over at the default priority runs the frame's hydration in one task.
if (container.hasChildNodes()) {
  Promise.all([applyDeferredStyles(), loadApp()])
    .then(async ([, app]) => {
      await app.preloadPages(window.location.pathname);
      return app;
    })
    .then(
      (app) => {
        startTransition(() => {
          hydrateRoot(container, app.element());
        });
      },
      // The page's code did not load: start afresh, and the route shows what went wrong.
      () =>
        loadApp().then((app) => {
          container.replaceChildren();
          createRoot(container).render(app.element());
        }),
    );
} else {
  void loadApp().then((app) => createRoot(container).render(app.element()));
}
