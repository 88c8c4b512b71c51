import { createTheme } from '@aws-amplify/ui';
import { describe, expect, it } from 'vitest';
import { primitivesTheme } from '../../web/build/amplify-theme-context.ts';

/** The paths of a token tree's design tokens (objects with a `value`). */
function tokenPaths(node: unknown, path: string[] = []): string[] {
  if (typeof node !== 'object' || node === null) return [];
  if ('value' in node) return [path.join('.')];
  return Object.entries(node).flatMap(([key, child]) => tokenPaths(child, [...path, key]));
}

describe("Amplify UI's precomputed default theme", () => {
  const full = createTheme();
  const light = primitivesTheme();

  it('has the breakpoints of the default theme', () => {
    expect(light.breakpoints).toEqual(full.breakpoints);
  });

  it('names exactly the design tokens a style prop can resolve to, with their values', () => {
    for (const [category, tree] of Object.entries(light.tokens)) {
      const fullTree = full.tokens[category as keyof typeof full.tokens];
      expect(tokenPaths(tree), category).toEqual(tokenPaths(fullTree));
      expect(tokenPaths(tree).length, category).toBeGreaterThan(0);
    }
    expect((light.tokens.space as { small: unknown }).small).toEqual({
      value: full.tokens.space.small.value,
    });
  });
});

describe("Amplify UI's useBreakpoint, one set of media queries per page", () => {
  it('starts at the default breakpoint, moves to the viewport’s, and follows it', async () => {
    const { writeFileSync, rmSync } = await import('node:fs');
    const path = await import('node:path');
    const { createRequire } = await import('node:module');
    const { render, act } = await import('@testing-library/react');
    const React = await import('react');
    const { REPLACEMENTS } = await import('../../web/build/amplify-theme-context.ts');
    const original = createRequire(import.meta.url)
      .resolve('@aws-amplify/ui-react')
      .replace(/dist\/.*$/, 'dist/esm/primitives/shared/responsive/useBreakpoint.mjs');
    // Beside the original, so that Node resolves its imports (react, getMediaQueries) as the app does.
    const file = path.join(path.dirname(original), `useBreakpoint.test-${process.pid}.mjs`);
    writeFileSync(file, REPLACEMENTS.useBreakpoint?.(original) ?? '');
    const { useBreakpoint } = (await import(/* @vite-ignore */ file)) as {
      useBreakpoint: (options: { breakpoints: Record<string, number>; defaultBreakpoint: string }) => string;
    };

    // A viewport of `width` px, whose media query lists say when it changes.
    let width = 1000;
    const lists: { query: string; fire: () => void }[] = [];
    const matches = (query: string) =>
      [...query.matchAll(/\((min|max)-width: (\d+)px\)/g)].every(([, side, px]) =>
        side === 'min' ? width >= Number(px) : width <= Number(px),
      );
    const matchMedia = (query: string) => {
      const listeners = new Set<(event: { matches: boolean }) => void>();
      lists.push({
        query,
        fire: () => {
          for (const listener of listeners) listener({ matches: matches(query) });
        },
      });
      return {
        get matches() {
          return matches(query);
        },
        addEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
          listeners.add(listener),
        removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) =>
          listeners.delete(listener),
      };
    };
    const previous = window.matchMedia;
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    try {
      const { breakpoints } = primitivesTheme();
      const seen: string[] = [];
      function Probe() {
        const value = useBreakpoint({
          breakpoints: breakpoints.values,
          defaultBreakpoint: breakpoints.defaultBreakpoint,
        });
        seen.push(value);
        return null;
      }
      render(
        React.createElement(React.Fragment, null, React.createElement(Probe), React.createElement(Probe)),
      );
      expect(seen[0]).toBe(breakpoints.defaultBreakpoint);
      expect(seen.at(-1)).toBe('large'); // 1000 px: large is 992 to 1279
      // Two components, one set of queries: one per breakpoint.
      expect(lists).toHaveLength(Object.keys(breakpoints.values).length);
      width = 500;
      act(() => {
        for (const list of lists) list.fire();
      });
      expect(seen.at(-1)).toBe('small'); // 480 to 767
    } finally {
      Object.defineProperty(window, 'matchMedia', { configurable: true, value: previous });
      rmSync(file, { force: true });
    }
  });
});
