import { App } from '@clubs/web/src/App.tsx';
import { prerender } from '@clubs/web/src/prerender.tsx';
import { createAppRouter, preloadPages } from '@clubs/web/src/routes.tsx';
import { AWAITS_APP, startOnDemand } from '@clubs/web/src/start-on-demand.ts';
import { act, StrictMode, startTransition } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthService } from './helpers.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The parts the page asked to watch, and a way to bring one into view. */
const watched: Element[] = [];
let reportInView: (() => void) | undefined;

beforeEach(() => {
  watched.length = 0;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void) {}
      observe(target: Element) {
        watched.push(target);
        reportInView = () => this.report([{ target, isIntersecting: true }]);
      }
      disconnect() {
        reportInView = undefined;
      }
    },
  );
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  vi.unstubAllGlobals();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
});

/** A drawn entry document's page in #root, and the app's start as main.tsx gives it. */
async function drawn(pathname: string) {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = await prerender(pathname);
  document.body.append(container);
  window.history.replaceState(null, '', pathname);
  const auth = fakeAuthService();
  const start = vi.fn(async (beforeTakeOver: () => void) => {
    await preloadPages(pathname);
    beforeTakeOver();
    startTransition(() => {
      root = hydrateRoot(
        container,
        <StrictMode>
          <App authService={auth.service} router={createAppRouter()} />
        </StrictMode>,
      );
    });
  });
  return { container, start, auth };
}

describe('a drawn page that starts on demand', () => {
  it('does not start while the visitor only reads it', async () => {
    const { container, start } = await drawn('/login');
    startOnDemand(container, start);
    container.dispatchEvent(new Event('mousemove', { bubbles: true }));
    expect(start).not.toHaveBeenCalled();
  });

  it('starts on the first act, and a form typed and sent before React holds it is sent with what was typed', async () => {
    const { container, start, auth } = await drawn('/login');
    startOnDemand(container, start);
    const email = container.querySelector<HTMLInputElement>('input[type="email"]');
    const password = container.querySelector<HTMLInputElement>('input[type="password"]');
    const submit = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Log In');
    if (!email || !password || !submit) throw new Error('the drawn login form is missing');

    email.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
    // The visitor goes on while the code loads: types, then presses Log In.
    email.value = 'early@clubs.local';
    password.value = 'Password123!';
    submit.click();
    expect(auth.service.signIn).not.toHaveBeenCalled();

    await act(async () => {
      await vi.waitFor(() => expect(auth.service.signIn).toHaveBeenCalled());
    });
    expect(auth.service.signIn).toHaveBeenCalledWith('early@clubs.local', 'Password123!');
    // React holds the fields with the typed values (a later render keeps them).
    expect(email.value).toBe('early@clubs.local');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts when a part waiting for data comes into view', async () => {
    const { container, start } = await drawn('/');
    startOnDemand(container, start);
    expect(watched.length).toBeGreaterThan(0);
    for (const part of watched) expect(part.hasAttribute(AWAITS_APP)).toBe(true);
    expect(start).not.toHaveBeenCalled();
    await act(async () => {
      reportInView?.();
    });
    expect(start).toHaveBeenCalledTimes(1);
  });
});
