/**
 * Starts the app in the page: React, the router, the providers and the page's code. main.tsx
 * imports this module when the app is needed (at once for a visitor who may be signed in or a
 * page that waits for data, else on the visitor's first act: start-on-demand.ts), so a page a
 * visitor only reads evaluates none of it.
 */
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { authService } from './auth/service.ts';
import { applyDeferredStyles } from './deferred-styles.ts';
import { readDrawnData } from './drawn-data.ts';

// The app (providers, router, route table) is a chunk of its own, imported here rather than with
// this module: the browser evaluates one module graph in one task, and React with the router and
// TanStack Query in one graph made the longest task of a page's start. The entry documents fetch
// that chunk with this one (web/build/entry-documents.ts), so splitting costs no round trip.
async function loadApp() {
  const [{ App }, { createAppRouter, preloadPages }] = await Promise.all([
    import('./App.tsx'),
    import('./routes.tsx'),
  ]);
  // A document drawn with its data (draw-with-data.tsx) carries the answers it shows.
  const drawn = readDrawnData();
  const element = () => (
    <StrictMode>
      <App authService={authService} router={createAppRouter()} drawn={drawn} />
    </StrictMode>
  );
  return { element, preloadPages };
}

/**
 * Draws the app into `container`, or takes over the drawing an entry document put there
 * (web/build/entry-documents.ts) once the page's code and the full stylesheets are in, rather than
 * drawing it again or showing the loading screen in between; the page's parts are taken over one
 * by one (components/public/HydrationPiece.tsx). The take-over is a transition: React then
 * hydrates the page's frame in slices that yield to the browser every few milliseconds, where a
 * take-over at the default priority runs the frame's hydration in one task. `beforeTakeOver` runs
 * just before React is handed the drawing; the promise settles once React has taken the page's
 * frame over (its first commit), so a press kept from before is done again on parts React holds.
 */
export async function startApp(container: HTMLElement, beforeTakeOver: () => void = () => undefined) {
  if (!container.hasChildNodes()) {
    const app = await loadApp();
    createRoot(container).render(app.element());
    return;
  }
  let app: Awaited<ReturnType<typeof loadApp>>;
  try {
    [, app] = await Promise.all([applyDeferredStyles(), loadApp()]);
    await app.preloadPages(window.location.pathname);
  } catch {
    // The page's code did not load: start afresh, and the route shows what went wrong.
    app = await loadApp();
    container.replaceChildren();
    createRoot(container).render(app.element());
    return;
  }
  beforeTakeOver();
  await new Promise<void>((taken) => {
    startTransition(() => {
      hydrateRoot(container, <TakenOver onTaken={taken}>{app.element()}</TakenOver>);
    });
  });
}

/** Draws nothing of its own; tells once React has committed the tree it wraps. */
function TakenOver({ onTaken, children }: { onTaken: () => void; children: ReactNode }) {
  useEffect(() => onTaken(), [onTaken]);
  return children;
}
