/**
 * The Vite dev server, started programmatically: it serves the SPA and stands in for
 * CloudFront, proxying /api and /config.json to the local gateway, /cognito to cognito-local
 * and /media to the media bucket (web/vite.config.ts reads the LOCAL_* variables set here).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ViteDevServer } from 'vite';

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
  server: ViteDevServer;
  stop(): Promise<void>;
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
  const { createServer } = await import('vite');
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
