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
  /@aws-amplify\/ui-react\/dist\/esm\/(components\/ThemeProvider\/ThemeContext|hooks\/useTheme)\.mjs$/;

/** Replacements for Amplify UI's ThemeContext and useTheme modules, by the module's name. */
const REPLACEMENTS: Record<string, () => string> = {
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
};

/** Serves Amplify UI's ThemeContext and useTheme modules with the precomputed default theme. */
export function amplifyThemeContext(): Plugin {
  return {
    name: 'clubs:amplify-theme-context',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith('\0amplify:')) return source;
      if (!importer?.includes('@aws-amplify/ui-react') || !/(ThemeContext|useTheme)\.mjs$/.test(source))
        return undefined;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const name = resolved && AMPLIFY_MODULES.exec(resolved.id)?.[1]?.split('/').pop();
      return name ? `\0amplify:${name}` : undefined;
    },
    load: (id) => (id.startsWith('\0amplify:') ? REPLACEMENTS[id.slice('\0amplify:'.length)]?.() : undefined),
  };
}
