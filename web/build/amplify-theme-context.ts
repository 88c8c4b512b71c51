/**
 * Amplify UI's theme context, with its default theme computed at build time. Amplify creates that
 * default (`createTheme()`: about 2,000 tokens resolved) when its module is evaluated, on every
 * page load, before anything renders: tens of milliseconds of main thread on a fast machine,
 * four times that on the phones Lighthouse stands for. Its primitives read only the breakpoints
 * and, for a style prop such as `gap="small"`, whether the value names a token of the prop's
 * category (to write `var(--amplify-space-small)`): this module's default carries exactly those,
 * taken from the same `createTheme()`. The app has no `<ThemeProvider>` (its theme is CSS, see
 * amplify-theme-css.ts), so this default is the theme every primitive reads.
 */

import path from 'node:path';
import { createTheme } from '@aws-amplify/ui';
import type { Plugin } from 'vite';

/** The token categories Amplify's style props resolve against (its `stylePropsToThemeKeys`). */
const STYLE_PROP_CATEGORIES = [
  'borderWidths',
  'colors',
  'fontSizes',
  'fontWeights',
  'fonts',
  'lineHeights',
  'opacities',
  'radii',
  'shadows',
  'space',
  'transforms',
] as const;

/** A token tree with each design token reduced to its value (what `isDesignToken` recognises). */
function valuesOf(node: unknown): unknown {
  if (typeof node !== 'object' || node === null) return node;
  if ('value' in node) return { value: (node as { value: unknown }).value };
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, valuesOf(child)]));
}

/** The default theme as Amplify's primitives read it. */
export function primitivesTheme() {
  const theme = createTheme();
  return {
    name: theme.name,
    breakpoints: theme.breakpoints,
    tokens: Object.fromEntries(
      STYLE_PROP_CATEGORIES.map((category) => [category, valuesOf(theme.tokens[category])]),
    ),
  };
}

const AMPLIFY_MODULES =
  /@aws-amplify\/ui-react\/dist\/esm\/(components\/ThemeProvider\/ThemeContext|hooks\/useTheme|primitives\/shared\/responsive\/useBreakpoint)\.mjs$/;

/** Replacements for Amplify UI's ThemeContext and useTheme modules, by the module's name. */
export const REPLACEMENTS: Record<string, (original: string) => string> = {
  ThemeContext: () =>
    [
      "import * as React from 'react';",
      `export const ThemeContext = React.createContext({ theme: ${JSON.stringify(primitivesTheme())}, colorMode: undefined });`,
    ].join('\n'),
  // Amplify's own falls back to createTheme() without a context, which keeps all of createTheme
  // and the default tokens in the bundle; the context above always has a theme.
  useTheme: () =>
    [
      "import * as React from 'react';",
      "import { ThemeContext } from '\0amplify:ThemeContext';",
      'export const getThemeFromContext = (context) => context.theme;',
      'export const useTheme = () => React.useContext(ThemeContext).theme;',
      'export const useColorMode = () => React.useContext(ThemeContext).colorMode;',
    ].join('\n'),
  // Amplify's own has every primitive (each Flex, Text, Button…) create six MediaQueryLists and
  // listen to them as it mounts: hundreds on a page, all while the page first renders. This one
  // keeps one set per page and lets each primitive subscribe to it; like Amplify's, it starts at
  // the default breakpoint (what the server-drawn page shows) and moves to the viewport's in a
  // layout effect.
  useBreakpoint: (original) =>
    [
      "import * as React from 'react';",
      // Its sibling by file path: the package's exports do not name it.
      `import { getMediaQueries } from ${JSON.stringify(path.join(path.dirname(original), 'getMediaQueries.mjs'))};`,
      'const viewports = new Map();',
      'function viewportOf(breakpoints) {',
      '  let viewport = viewports.get(breakpoints);',
      '  if (viewport) return viewport;',
      '  const listeners = new Set();',
      "  const lists = typeof window === 'undefined' || !window.matchMedia ? [] :",
      '    getMediaQueries({ breakpoints }).map(({ query, breakpoint }) => ({ list: window.matchMedia(query), breakpoint }));',
      "  for (const { list } of lists) list.addEventListener('change', () => listeners.forEach((listener) => listener()));",
      '  viewport = {',
      '    current: () => lists.reduce((found, { list, breakpoint }) => (list.matches ? breakpoint : found), undefined),',
      '    subscribe: (listener) => { listeners.add(listener); return () => listeners.delete(listener); },',
      '  };',
      '  viewports.set(breakpoints, viewport);',
      '  return viewport;',
      '}',
      "const useIsomorphicEffect = typeof window === 'undefined' ? React.useEffect : React.useLayoutEffect;",
      'export const useBreakpoint = ({ breakpoints, defaultBreakpoint }) => {',
      '  const viewport = viewportOf(breakpoints);',
      '  const [breakpoint, setBreakpoint] = React.useState(defaultBreakpoint);',
      '  useIsomorphicEffect(() => {',
      '    const update = () => { const current = viewport.current(); if (current !== undefined) setBreakpoint(current); };',
      '    update();',
      '    return viewport.subscribe(update);',
      '  }, [viewport]);',
      '  return breakpoint;',
      '};',
    ].join('\n'),
};

/** Serves Amplify UI's ThemeContext, useTheme and useBreakpoint modules as above. */
export function amplifyThemeContext(): Plugin {
  /** Each replaced module's own path, by name. */
  const originals = new Map<string, string>();
  return {
    name: 'clubs:amplify-theme-context',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith('\0amplify:')) return source;
      if (
        !importer?.includes('@aws-amplify/ui-react') ||
        !/(ThemeContext|useTheme|useBreakpoint)\.mjs$/.test(source)
      )
        return undefined;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const name = resolved && AMPLIFY_MODULES.exec(resolved.id)?.[1]?.split('/').pop();
      if (!resolved || !name) return undefined;
      originals.set(name, resolved.id);
      return `\0amplify:${name}`;
    },
    load(id) {
      if (!id.startsWith('\0amplify:')) return undefined;
      const name = id.slice('\0amplify:'.length);
      return REPLACEMENTS[name]?.(originals.get(name) ?? '');
    },
  };
}
