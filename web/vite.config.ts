/**
 * Vite config for the SPA. In development the dev server stands in for CloudFront: it serves the
 * app and proxies the same-origin paths CloudFront routes in AWS (`/api`, `/config.json`,
 * `/media`) plus `/cognito` (the local Cognito stand-in). The local stack starts Vite
 * programmatically (`createServer({ configFile, root, server: { port, strictPort } })`) after
 * setting the LOCAL_* variables, so everything here is read when the config is evaluated and
 * every path is absolute.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig, type ProxyOptions } from 'vite';
// A relative import: Vite bundles it into the config (the workspace package is TypeScript source).
import { PUBLIC_MEDIA_KEY } from '../shared/src/constants.ts';
import { amplifyThemeContext } from './build/amplify-theme-context.ts';
import { amplifyTheme } from './build/amplify-theme-css.ts';
import { apiEndpointsPlugin } from './build/api-endpoints.ts';
import { EARLY_DATA_INPUT, entryDocuments } from './build/entry-documents.ts';

const webDir = fileURLToPath(new URL('.', import.meta.url));

/** Removes a leading path prefix: "/cognito" -> "/", "/media/a.png" -> "/a.png". */
export const stripPrefix =
  (prefix: string) =>
  (path: string): string => {
    const rest = path.slice(prefix.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  };

/** Whether `/media/{key}` (with any query) names a public media key. */
export const isPublicMediaPath = (url: string): boolean =>
  PUBLIC_MEDIA_KEY.test(url.replace(/[?#].*$/, '').replace(/^\/media\//, ''));

export function localProxy(env: NodeJS.ProcessEnv = process.env): Record<string, ProxyOptions> {
  const gateway = env.LOCAL_GATEWAY_URL ?? 'http://localhost:3030';
  const cognito = env.LOCAL_COGNITO_URL ?? 'http://localhost:9229';
  const media = `${env.LOCAL_S3_URL ?? 'http://localhost:4568'}/${env.MEDIA_BUCKET ?? 'clubs-media'}`;
  return {
    // Keys starting with "^" are regular expressions: only whole path segments match.
    '^/api(/|$)': { target: gateway, changeOrigin: true },
    '^/config\\.json$': { target: gateway, changeOrigin: true },
    '^/cognito(/|$)': { target: cognito, changeOrigin: true, rewrite: stripPrefix('/cognito') },
    // Like CloudFront's /media/*: only public keys (club images, profile photos); anything else,
    // members-only club media above all, is a 404 (members read it through presigned URLs).
    '^/media(/|$)': {
      target: media,
      changeOrigin: true,
      rewrite: stripPrefix('/media'),
      bypass: (req) => (isPublicMediaPath(req.url ?? '') ? undefined : false),
    },
  };
}

/**
 * The SPA renders with Preact's React-compatible API (`preact/compat`) instead of react-dom: the
 * same components and libraries for a tenth of the runtime (react-dom alone is 64 KB gzip, more
 * than half of what the first paint of `/` may load). The unit tests keep rendering with React
 * (vitest.config.ts has no alias); the end-to-end suite runs this config, so it walks Preact.
 * Without @vitejs/plugin-react there is no React Fast Refresh: an edit reloads the page.
 */
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(() => ({
  root: webDir,
  plugins: [
    amplifyTheme(),
    amplifyThemeContext(),
    apiEndpointsPlugin(),
    entryDocuments(webDir, { plugins: [amplifyThemeContext(), apiEndpointsPlugin()], alias: preactAliases }),
  ],
  // Vite compiles JSX itself (oxc); `react/jsx-runtime` then resolves to Preact's through the alias.
  oxc: { jsx: { runtime: 'automatic' as const } },
  resolve: { alias: preactAliases },
  server: { proxy: localProxy() },
  preview: { proxy: localProxy() },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rollupOptions: {
      // The app shell, and the early-data script of the entry documents (build/entry-documents.ts).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        [EARLY_DATA_INPUT]: fileURLToPath(new URL('./src/early/early-data.ts', import.meta.url)),
      },
      // TanStack Query marks its modules "use client" for server components; a SPA has none.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
}));
