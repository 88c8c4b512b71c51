/**
 * The production build of the SPA (web/dist) served the way the CloudFront distribution serves
 * it, in front of a local stack: hashed assets immutable for a year; each client route its entry
 * document (shared/src/site-documents.ts) or else index.html, never cached, as the viewer-request
 * function answers (infra/lib/site.ts); brotli or gzip as the browser asks; the app's security
 * headers; /api, /config.json, /cognito and /media passed to the local stack as CloudFront's other
 * behaviours would, and the live WebSocket's upgrade at /ws too. Locally the site is plain http, so HSTS and upgrade-insecure-requests are left
 * out; everything else is the deployed CSP with local hosts. Used by `npm run bench:lighthouse`
 * and the end-to-end suite's production-build spec.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type ServerResponse,
} from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { Server } from 'node:net';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { entryDocumentOf, LIVE } from '@clubs/shared';
import { contentSecurityPolicy, liveSocketSource } from '../lib/site-headers.ts';
import { drawnDocuments } from './drawn-documents.ts';

/** Stand-ins for the deployed AWS hosts in the policy, which the local stack serves on localhost. */
const AWS_HOSTS = {
  authHostedDomain: 'auth.invalid',
  uploadDomain: 'uploads.invalid',
  region: 'local',
  siteDomain: 'site.invalid',
};
const LOCAL_SOURCE = 'http://localhost:*';
/** The local live socket (the app's own /ws), named as the deployed policy names its wss: one. */
const LOCAL_SOCKET_SOURCE = 'ws://localhost:*';

/**
 * The deployed Content-Security-Policy (infra/lib/site-headers.ts) with the local stack's hosts in
 * place of Cognito's and the media bucket's, the local socket in place of the site's wss: one,
 * and without upgrade-insecure-requests (the local services speak plain http).
 */
export function localContentSecurityPolicy(): string {
  const aws = new Set([
    `https://${AWS_HOSTS.authHostedDomain}`,
    `https://${AWS_HOSTS.uploadDomain}`,
    `https://cognito-idp.${AWS_HOSTS.region}.amazonaws.com`,
  ]);
  const socket = liveSocketSource(AWS_HOSTS.siteDomain);
  return contentSecurityPolicy(AWS_HOSTS)
    .split('; ')
    .filter((directive) => directive !== 'upgrade-insecure-requests')
    .map((directive) => {
      const sources = directive.split(' ');
      const local = sources.filter((source) => !aws.has(source) && source !== socket);
      const extra = [
        ...(sources.some((source) => aws.has(source)) ? [LOCAL_SOURCE] : []),
        ...(sources.includes(socket) ? [LOCAL_SOCKET_SOURCE] : []),
      ];
      return [...local, ...extra].join(' ');
    })
    .join('; ');
}

/** The deployed app's headers (site-headers.ts), with the local policy. */
const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': localContentSecurityPolicy(),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.webmanifest']);
// Whole path segments, as the dev server matches them (web/vite.config.ts): Amplify posts to `/cognito`.
const PROXIED = [/^\/api(\/|$)/, /^\/config\.json$/, /^\/cognito(\/|$|\?)/, /^\/media\//];

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;

/** Headers of one connection's hop, which HTTP/2 refuses to carry (and HTTP/2's pseudo-headers). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);
const forwardable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)),
  );

function proxy(target: string, req: Request, res: Response): void {
  const url = new URL(req.url ?? '/', target);
  const upstream = request(
    url,
    { method: req.method, headers: { ...forwardable(req.headers), host: url.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardable(answer.headers));
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    res.writeHead(502).end();
  });
  req.pipe(upstream);
}

/** A WebSocket upgrade at the live path, passed through to the stack (CloudFront's /ws behaviour). */
function proxyUpgrade(target: string, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  const url = new URL(req.url ?? '/', target);
  if (url.pathname !== LIVE.path) {
    socket.destroy();
    return;
  }
  const upstream = request(url, { method: 'GET', headers: { ...req.headers, host: url.host } });
  upstream.on('upgrade', (answer, upstreamSocket, upstreamHead) => {
    const lines = [`HTTP/1.1 101 ${answer.statusMessage ?? 'Switching Protocols'}`];
    for (let i = 0; i < answer.rawHeaders.length; i += 2) {
      lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
    }
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (upstreamHead.length > 0) socket.write(upstreamHead);
    if (head.length > 0) upstreamSocket.write(head);
    upstreamSocket.pipe(socket).pipe(upstreamSocket);
    socket.on('error', () => upstreamSocket.destroy());
    upstreamSocket.on('error', () => socket.destroy());
  });
  upstream.on('response', (answer) => {
    socket.end(
      `HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ''}\r\ncontent-length: 0\r\n\r\n`,
    );
  });
  upstream.on('error', () => socket.destroy());
  upstream.end();
}

/**
 * `dist` as CloudFront serves the site bucket, and the pages drawn with their data as it serves
 * the site-pages function's answers (`drawn`).
 */
async function serveBuild(
  dist: string,
  drawn: (url: URL) => Promise<string | undefined>,
  req: Request,
  res: Response,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://site');
  const pathname = decodeURIComponent(url.pathname);
  const document = await drawn(url);
  let file = path.join(dist, path.normalize(pathname));
  if (document !== undefined) file = path.join(dist, entryDocumentOf(pathname));
  else if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
    // CloudFront's viewer-request function: the route's entry document, or the app shell.
    file = path.join(dist, entryDocumentOf(pathname));
  }
  const ext = path.extname(file);
  const hashed = pathname.startsWith('/assets/');
  const headers: Record<string, string> = {
    ...SECURITY_HEADERS,
    'content-type': TYPES[ext] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (document !== undefined || (COMPRESSIBLE.has(ext) && /\b(br|gzip)\b/.test(accepts))) {
    const body = document === undefined ? readFileSync(file) : Buffer.from(document);
    if (!/\b(br|gzip)\b/.test(accepts)) {
      res.writeHead(200, headers);
      res.end(body);
      return;
    }
    const br = /\bbr\b/.test(accepts);
    res.writeHead(200, { ...headers, 'content-encoding': br ? 'br' : 'gzip', vary: 'accept-encoding' });
    res.end(br ? brotliCompressSync(body) : gzipSync(body));
    return;
  }
  res.writeHead(200, headers);
  createReadStream(file).pipe(res);
}

/**
 * The site of `dist` (web/dist), with the local stack at `stackUrl` behind it: over HTTP/1.1, or,
 * given a certificate, over HTTP/2 with TLS as the distribution serves it (browsers speak HTTP/2
 * only over TLS; the page's many small chunks then share one connection instead of queueing for
 * six).
 */
export function createSiteServer(
  dist: string,
  stackUrl: string,
  tls?: { key: string; cert: string },
): Server {
  const drawn = drawnDocuments(path.dirname(dist), stackUrl);
  const handle = (req: Request, res: Response) => {
    if (PROXIED.some((pattern) => pattern.test(req.url ?? ''))) proxy(stackUrl, req, res);
    else
      serveBuild(dist, drawn, req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
  };
  const server = tls ? createSecureServer({ ...tls, allowHTTP1: true }, handle) : createServer(handle);
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    proxyUpgrade(stackUrl, req, socket, head),
  );
  return server;
}
