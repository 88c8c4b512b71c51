import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// No server in unit tests: unless a test mocks fetch itself, every request gets a 503.
beforeEach(() => {
  if (typeof window === 'undefined') return; // node-environment files may talk to real servers
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify({ error: { code: 'unavailable', message: 'No server in unit tests' } }), {
        status: 503,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
// Files share a worker's module graph (vitest.config.ts), so a test's fake clock never outlives it.
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// jsdom has no matchMedia; Amplify UI's responsive style props ask for it. (Node-environment
// files in this project, like vite-config.test.ts, have no window at all.)
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// jsdom does not implement scrolling; the router's ScrollRestoration calls it on navigation.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

// jsdom has no layout, so no ResizeObserver; a chart (Chart.tsx) follows its box's width with one.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}

// jsdom has the <dialog> element but not its methods: open and close it by its attribute, as
// browsers do (without the top layer and inertness, which the e2e suite checks in Chromium).
if (typeof window !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('input, textarea, select, button, a[href]')?.focus();
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
