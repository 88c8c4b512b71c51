/**
 * The app's Amplify UI theme (src/theme.ts) as static CSS, computed when Vite starts instead of by
 * `<ThemeProvider>` in every visitor's browser: Amplify's `createTheme` resolves about 2,000
 * tokens and the provider injects 126 KB of CSS variables on each page load, a few hundred
 * milliseconds of main-thread time on a phone. Amplify's stylesheet declares its defaults on
 * `:root`; this module declares only the variables our theme changes, on `:root` too, and is
 * imported after it (src/main.tsx), so every Amplify component reads our colours and fonts.
 */
import { createTheme } from '@aws-amplify/ui';
import type { Plugin } from 'vite';
import { theme } from '../src/theme.ts';

export const AMPLIFY_THEME_MODULE = 'virtual:amplify-theme.css';
const resolvedId = `\0${AMPLIFY_THEME_MODULE}`;

const declarations = (cssText: string): string[] =>
  cssText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('--'));

/** The `--amplify-*` declarations in which our theme differs from Amplify's default one. */
export function amplifyThemeCss(): string {
  const defaults = new Set(declarations(createTheme({ name: theme.name }).cssText));
  const changed = declarations(createTheme(theme).cssText).filter((line) => !defaults.has(line));
  return `:root {\n${changed.map((line) => `  ${line}`).join('\n')}\n}\n`;
}

/** Serves `virtual:amplify-theme.css`. */
export function amplifyTheme(): Plugin {
  return {
    name: 'clubs:amplify-theme',
    resolveId: (source) => (source === AMPLIFY_THEME_MODULE ? resolvedId : undefined),
    load: (id) => (id === resolvedId ? amplifyThemeCss() : undefined),
  };
}
