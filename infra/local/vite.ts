/**
 * The Vite dev server, started programmatically: it serves the SPA and stands in for
 * CloudFront, proxying /api and /config.json to the local gateway, /cognito to cognito-local
 * and /media to the media bucket (web/vite.config.ts reads the LOCAL_* variables set here).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, PreviewServer, ViteDevServer } from 'vite';
import { drawnDocuments } from './drawn-documents.ts';

export interface ViteOptions {
  root: string;
  port: number;
  host?: string;
  gatewayUrl: string;
  cognitoUrl: string;
  s3Url: string;
  mediaBucket: string;
}

export interface LocalVite {
  url: string;
  server: ViteDevServer | PreviewServer;
  stop(): Promise<void>;
}

/**
 * Which SPA the stack serves: the dev server (transforms each module on request, Fast Refresh)
 * unless LOCAL_WEB=dist asks for the production build in web/dist through Vite's preview server,
 * with the same proxy. `npm test` asks for the build it has just made: a walk then loads a few
 * hashed bundles instead of hundreds of modules per fresh browser context.
 */
export const servesBuild = (env: NodeJS.ProcessEnv = process.env): boolean => env.LOCAL_WEB === 'dist';

/**
 * The preview's answer to a page drawn with its data (drawn-documents.ts), as the site-pages
 * function answers it behind CloudFront; ahead of the preview's own files.
 */
function drawnDocumentsPlugin(webDir: string, apiUrl: string): Plugin {
  const drawn = drawnDocuments(webDir, apiUrl);
  return {
    name: 'clubs:drawn-documents',
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        drawn(new URL(req.url ?? '/', 'http://site')).then((document) => {
          if (document === undefined) return next();
          res.setHeader('content-type', 'text/html; charset=utf-8');
          res.setHeader('cache-control', 'no-cache');
          res.end(req.method === 'HEAD' ? undefined : document);
        }, next);
      });
    },
  };
}

export async function startVite(options: ViteOptions): Promise<LocalVite> {
  const webDir = join(options.root, 'web');
  const configFile = join(webDir, 'vite.config.ts');
  if (!existsSync(configFile)) throw new Error(`web/vite.config.ts is missing (${configFile})`);
  process.env.LOCAL_GATEWAY_URL = options.gatewayUrl;
  process.env.LOCAL_COGNITO_URL = options.cognitoUrl;
  process.env.LOCAL_S3_URL = options.s3Url;
  process.env.MEDIA_BUCKET = options.mediaBucket;
  // Loaded on demand: Vite is large and only `npm start` needs it.
  const { createServer, preview } = await import('vite');
  if (servesBuild()) {
    if (!existsSync(join(webDir, 'dist', 'index.html'))) {
      throw new Error('LOCAL_WEB=dist serves web/dist, which is not built: run `npm run build -w web` first');
    }
    const server = await preview({
      configFile,
      root: webDir,
      logLevel: 'warn',
      preview: { port: options.port, strictPort: true, host: options.host ?? 'localhost' },
      plugins: [drawnDocumentsPlugin(webDir, options.gatewayUrl)],
    });
    return {
      url: `http://localhost:${options.port}`,
      server,
      stop: () => server.close(),
    };
  }
  const server = await createServer({
    configFile,
    root: webDir,
    clearScreen: false,
    logLevel: 'warn',
    server: { port: options.port, strictPort: true, host: options.host ?? 'localhost' },
  });
  await server.listen();
  return {
    url: `http://localhost:${options.port}`,
    server,
    stop: () => server.close(),
  };
}
