/**
 * A local stand-in for Stripe, started by `npm start` when STRIPE_SECRET_KEY is not set: Stripe's
 * own stripe-mock is a separate binary that keeps no state, so a checkout could not be played
 * through against it, and no install step may download a binary. The app talks to it
 * through the real `stripe` SDK (`STRIPE_API_BASE` points the SDK here), browsers use its
 * Checkout, onboarding and portal pages, and it delivers signed events to the app's webhook
 * route, exactly as Stripe's test mode would. What it answers: api.ts; what it does:
 * simulator.ts; its pages: pages.ts.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOn } from '../ports.ts';
import { PayloadTooLarge, readBody } from '../read-body.ts';
import { type ApiRequest, createApi } from './api.ts';
import { StripeApiError } from './errors.ts';
import { parseForm } from './form.ts';
import { answerPage } from './pages.ts';
import { Simulator } from './simulator.ts';
import { Store } from './store.ts';
import { SIMULATED_API_VERSION, Webhooks } from './webhooks.ts';

export { CREATOR_CATALOG } from './catalog.ts';
export { Simulator } from './simulator.ts';
export { signatureHeader } from './webhooks.ts';

export interface StripeSimulatorOptions {
  port: number;
  host?: string;
  /** The secret key the app must present (its STRIPE_SECRET_KEY). */
  secretKey: string;
  /** The webhook endpoint's signing secret (the app's STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** The app's webhook route; without it events are recorded but not delivered. */
  webhookUrl?: string;
  /** How browsers reach the pages; default http://localhost:{port}. */
  publicUrl?: string;
  /** Where the state is kept between runs; in memory only without it. */
  stateFile?: string;
  /** First retry delay of a failed delivery (doubles each time). */
  retryBaseMs?: number;
  log?: (message: string) => void;
}

export interface StripeSimulator {
  /** The API base for the SDK (STRIPE_API_BASE). */
  url: string;
  publicUrl: string;
  port: number;
  server: Server;
  simulator: Simulator;
  /** Resolves once every webhook delivery started so far has finished. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

async function readText(req: IncomingMessage): Promise<string> {
  try {
    return (await readBody(req, MAX_BODY)).toString('utf8');
  } catch (error) {
    if (error instanceof PayloadTooLarge)
      throw new StripeApiError(413, 'invalid_request_error', 'Request too large');
    throw error;
  }
}

/** Stripe accepts the key as a bearer token or as the user name of basic auth. */
function keyOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization ?? '';
  if (header.startsWith('Bearer ')) return header.slice(7).trim();
  if (header.startsWith('Basic '))
    return Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
  return undefined;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': `req_${randomUUID().replace(/-/g, '').slice(0, 14)}`,
    'stripe-version': SIMULATED_API_VERSION,
    'cache-control': 'no-store',
  });
  res.end(text);
}

export async function startStripeSimulator(options: StripeSimulatorOptions): Promise<StripeSimulator> {
  const host = options.host ?? '127.0.0.1';
  const store = new Store(options.stateFile);
  const webhooks = new Webhooks({
    store,
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryBaseMs: options.retryBaseMs,
    log: options.log,
  });
  let publicUrl = options.publicUrl ?? '';
  const simulator = new Simulator(store, webhooks, {
    get publicUrl() {
      return publicUrl;
    },
  });
  const api = createApi(simulator);

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://simulator.local');
      const method = (req.method ?? 'GET').toUpperCase();
      const body = method === 'GET' || method === 'HEAD' ? '' : await readText(req);
      if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/_simulator/')) {
        if (keyOf(req) !== options.secretKey) {
          sendJson(res, 401, {
            error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
          });
          return;
        }
        const request: ApiRequest = {
          method,
          path: url.pathname,
          query: parseForm(url.search.slice(1)),
          body: parseForm(body),
          idempotencyKey: (req.headers['idempotency-key'] as string | undefined) || undefined,
        };
        const answer = api(request);
        sendJson(res, answer.status, answer.body);
        return;
      }
      if (url.pathname === '/' && method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Clubs local Stripe simulator: point the stripe SDK here (STRIPE_API_BASE).\n');
        return;
      }
      const page = answerPage(simulator, method, url.pathname, parseForm(body));
      if (!page) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Not found\n');
        return;
      }
      if (page.redirect) {
        res.writeHead(page.status, { location: page.redirect, 'cache-control': 'no-store' });
        res.end();
        return;
      }
      res.writeHead(page.status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'x-frame-options': 'DENY',
      });
      res.end(page.html);
    })().catch((error: unknown) => {
      const status = error instanceof StripeApiError ? error.status : 500;
      options.log?.(`[stripe] ${req.method} ${req.url}: ${(error as Error).message}`);
      if (!res.headersSent)
        sendJson(res, status, { error: { type: 'api_error', message: (error as Error).message } });
      else res.end();
    });
  });

  const port = await listenOn(server, options.port, host);
  publicUrl = options.publicUrl ?? `http://localhost:${port}`;

  return {
    url: `http://${host}:${port}`,
    get publicUrl() {
      return publicUrl;
    },
    port,
    server,
    simulator,
    idle: () => webhooks.idle(),
    async stop() {
      store.flush();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
