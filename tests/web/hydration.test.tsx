import { ENTRY_DOCUMENTS } from '@clubs/shared';
import { App } from '@clubs/web/src/App.tsx';
import { prerender } from '@clubs/web/src/prerender.tsx';
import { createAppRouter, preloadPages } from '@clubs/web/src/routes.tsx';
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthService } from './helpers.tsx';

// React's act() settles the hydration and its effects before the checks.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

/**
 * Each entry document's drawing (what the build writes into it, web/src/prerender.tsx) taken over
 * by the app as main.tsx does it: React must find in it exactly what it renders first, the ids of
 * useId included, or it warns and patches (attributes) or throws the drawing away (text).
 */
describe('hydrating the entry documents', () => {
  for (const document of ENTRY_DOCUMENTS) {
    // `/c/*` is drawn once, as `/c/_`, and serves every club's address.
    const drawn = document.route.replace(/\/\*$/, '/_');
    const visited = document.route.replace(/\/\*$/, '/01JCLUBEXAMPLE');

    it(`takes over the drawing of ${document.route} without a mismatch`, async () => {
      const html = await prerender(drawn);
      const container = window.document.createElement('div');
      container.id = 'root';
      container.innerHTML = html;
      window.document.body.append(container);
      const drawnElements = [...container.querySelectorAll('*')];
      expect(drawnElements.length).toBeGreaterThan(5);

      window.history.replaceState(null, '', visited);
      await preloadPages(visited);
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      await act(async () => {
        root = hydrateRoot(
          container,
          <StrictMode>
            <App authService={fakeAuthService().service} router={createAppRouter()} />
          </StrictMode>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
      consoleError.mockRestore();

      expect(errors).toEqual([]);
      // The drawing's elements are the app's now: none was replaced.
      for (const element of drawnElements) expect(container.contains(element)).toBe(true);
    });
  }
});
