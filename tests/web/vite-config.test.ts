// @vitest-environment node
import { once } from 'node:events';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { isPublicMediaPath, localProxy, stripPrefix } from '@clubs/web/vite.config.ts';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const webDir = fileURLToPath(new URL('../../web/', import.meta.url));

/** The paths the local S3 stand-in was asked for. */
const s3Requests: string[] = [];

/** An upstream that answers with what it received. */
async function echoServer(name: string): Promise<{ server: Server; url: string }> {
  const server = createHttpServer((req: IncomingMessage, res) => {
    if (name === 's3') s3Requests.push(req.url ?? '');
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ name, method: req.method, url: req.url, host: req.headers.host }));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('proxy rules', () => {
  it('strips prefixes, keeping a leading slash and the query', () => {
    expect(stripPrefix('/cognito')('/cognito')).toBe('/');
    expect(stripPrefix('/cognito')('/cognito/')).toBe('/');
    expect(stripPrefix('/media')('/media/clubs/a.png?v=1')).toBe('/clubs/a.png?v=1');
  });

  it('lets only public media keys through /media', () => {
    expect(isPublicMediaPath('/media/clubs/c1/logo.svg')).toBe(true);
    expect(isPublicMediaPath('/media/avatars/u1/01abc.png?v=1')).toBe(true);
    expect(isPublicMediaPath('/media/club-media/c1/posts/u1/a.png')).toBe(false);
    expect(isPublicMediaPath('/media/clubs/../club-media/c1/a.png')).toBe(false);
    expect(isPublicMediaPath('/media/clubs%2F..%2Fclub-media/a.png')).toBe(false);
    expect(isPublicMediaPath('/media/avatars')).toBe(false);
  });

  it('falls back to the default local ports and bucket', () => {
    const proxy = localProxy({});
    expect(proxy['^/api(/|$)']?.target).toBe('http://localhost:3030');
    expect(proxy['^/config\\.json$']?.target).toBe('http://localhost:3030');
    expect(proxy['^/cognito(/|$)']?.target).toBe('http://localhost:9229');
    expect(proxy['^/media(/|$)']?.target).toBe('http://localhost:4568/clubs-media');
  });
});

describe('dev server started the way the local stack starts it', () => {
  let vite: ViteDevServer;
  let base: string;
  const upstreams: Server[] = [];
  const saved = { ...process.env };

  beforeAll(async () => {
    const gateway = await echoServer('gateway');
    const cognito = await echoServer('cognito');
    const s3 = await echoServer('s3');
    upstreams.push(gateway.server, cognito.server, s3.server);
    process.env.LOCAL_GATEWAY_URL = gateway.url;
    process.env.LOCAL_COGNITO_URL = cognito.url;
    process.env.LOCAL_S3_URL = s3.url;
    process.env.MEDIA_BUCKET = 'test-bucket';
    vite = await createServer({
      configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)),
      root: webDir,
      logLevel: 'silent',
      server: { port: 0, host: '127.0.0.1', strictPort: true, hmr: false },
    });
    await vite.listen();
    const address = vite.httpServer?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('the dev server is not listening');
    base = `http://127.0.0.1:${address.port}`;
  }, 60_000);

  afterAll(async () => {
    await vite?.close();
    for (const server of upstreams) server.close();
    process.env = saved;
  });

  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${base}${path}`, init);
    return (await response.json()) as { name: string; method: string; url: string };
  };

  it('serves the SPA shell', async () => {
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('/src/main.tsx');
  });

  it('compiles the app and serves @clubs/shared from the workspace', async () => {
    const client = await fetch(`${base}/src/api/client.ts`);
    expect(client.status).toBe(200);
    const code = await client.text();
    const shared = /from\s+"([^"]*shared\/src\/index\.ts[^"]*)"/.exec(code)?.[1];
    expect(shared).toBeDefined();
    const sharedModule = await fetch(`${base}${shared}`);
    expect(sharedModule.status).toBe(200);
    expect(await sharedModule.text()).toContain('shared/src/config.ts');
  });

  it('proxies /api and /config.json to the local gateway', async () => {
    await expect(get('/api/clubs?limit=5')).resolves.toMatchObject({
      name: 'gateway',
      url: '/api/clubs?limit=5',
    });
    await expect(get('/config.json')).resolves.toMatchObject({ name: 'gateway', url: '/config.json' });
  });

  it('proxies /cognito to cognito-local without the prefix', async () => {
    await expect(get('/cognito', { method: 'POST', body: '{}' })).resolves.toMatchObject({
      name: 'cognito',
      method: 'POST',
      url: '/',
    });
  });

  it('proxies /media to the bucket on the local S3', async () => {
    await expect(get('/media/clubs/c1/logo.png')).resolves.toMatchObject({
      name: 's3',
      url: '/test-bucket/clubs/c1/logo.png',
    });
  });

  it('refuses members-only club media and any key outside the public prefixes, without asking S3', async () => {
    s3Requests.length = 0;
    for (const path of [
      '/media/club-media/c1/posts/u1/photo.png',
      '/media/club-media/c1/posts/u1/clip.webm?x=1',
      '/media/%63lub-media/c1/posts/u1/photo.png',
      '/media/avatars/../club-media/c1/posts/u1/photo.png',
      '/media/avatars/%2e%2e/club-media/c1/photo.png',
      '/media/uploads/u1/a.png',
      '/media/',
    ]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(404);
    }
    expect(s3Requests).toEqual([]);
    await expect(get('/media/avatars/u1/01abc.png?v=2')).resolves.toMatchObject({
      name: 's3',
      url: '/test-bucket/avatars/u1/01abc.png?v=2',
    });
  });

  it('does not proxy look-alike paths', async () => {
    const response = await fetch(`${base}/apiary`);
    expect(response.headers.get('content-type')).toContain('text/html');
  });
});
