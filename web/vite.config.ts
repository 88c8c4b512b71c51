/**
 * Vite config for the SPA. In development the dev server stands in for CloudFront: it serves the
 * app and proxies the same-origin paths CloudFront routes in AWS (`/api`, `/config.json`,
 * `/media`, the live WebSocket `/ws`) plus `/cognito` (the local Cognito stand-in). The local stack starts Vite
 * programmatically (`createServer({ configFile, root, server: { port, strictPort } })`) after
 * setting the LOCAL_* variables, so everything here is read when the config is evaluated and
 * every path is absolute.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
// A relative import: Vite bundles it into the config (the workspace package is TypeScript source).
import { PUBLIC_MEDIA_KEY } from '../shared/src/constants.ts';
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
    // The live WebSocket (LIVE.path), upgraded at the local gateway as at the WebSocket API in AWS.
    '^/ws(\\?|$)': { target: gateway, changeOrigin: true, ws: true },
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

export default defineConfig(() => ({
  root: webDir,
  // React's JSX runtime everywhere, and Fast Refresh on the dev server: an edit keeps the state.
  plugins: [react(), amplifyTheme(), apiEndpointsPlugin(), entryDocuments(webDir, [apiEndpointsPlugin()])],
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
