/**
 * `npm run smoke` against a local HTTP server standing in for a deployed site: every check passes
 * when the site answers as deployed (health ok, a page of clubs, the SPA's sign-in document, the
 * runtime configuration); each wrong answer fails its own check and no other; a site that does not
 * answer fails every check; the script exits non-zero on any failure.
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { REPO_ROOT } from '@clubs/infra/lib/paths.ts';
import { formatSmoke, smoke } from '@clubs/infra/ops/smoke.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

type Answer = { status: number; type: string; body: string };

const GOOD: Record<string, Answer> = {
  '/api/health': {
    status: 200,
    type: 'application/json',
    body: JSON.stringify({ status: 'ok', checks: { table: { ok: true, latencyMs: 4 } } }),
  },
  '/api/clubs': {
    status: 200,
    type: 'application/json',
    body: JSON.stringify({ items: [], nextCursor: null }),
  },
  '/login': {
    status: 200,
    type: 'text/html',
    body: '<!doctype html><title>Log in</title><div id="root"></div>',
  },
  '/config.json': {
    status: 200,
    type: 'application/json',
    body: JSON.stringify({
      stage: 'aws',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_abc',
      userPoolClientId: 'client',
      authFlow: 'USER_SRP_AUTH',
      mediaBaseUrl: '/media',
    }),
  },
};

let answers: Record<string, Answer> = GOOD;
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const answer = answers[new URL(request.url ?? '/', 'http://x').pathname];
    if (!answer) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(answer.status, { 'content-type': answer.type }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

describe('npm run smoke', () => {
  it('passes every check of a site that answers as deployed', async () => {
    answers = GOOD;
    const results = await smoke(url);
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['API health', true],
      ['directory API', true],
      ['sign-in page', true],
      ['/config.json', true],
    ]);
    expect(formatSmoke(results)).toContain('smoke test passed (4 checks)');
  });

  it('fails each wrong answer on its own check', async () => {
    answers = {
      ...GOOD,
      '/api/health': {
        status: 503,
        type: 'application/json',
        body: JSON.stringify({ status: 'degraded', checks: { table: { ok: false, latencyMs: 9 } } }),
      },
      '/config.json': { status: 200, type: 'text/html', body: '<!doctype html><div id="root"></div>' },
    };
    const results = await smoke(url);
    expect(results.filter((r) => !r.ok).map((r) => r.name)).toEqual(['API health', '/config.json']);
    expect(formatSmoke(results)).toContain('smoke test FAILED (2 of 4)');
  });

  it('fails every check of a site that does not answer, and the script exits non-zero', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const results = await smoke(`http://127.0.0.1:${port}`, 2000);
    expect(results.every((r) => !r.ok)).toBe(true);

    answers = GOOD;
    const run = promisify(execFile);
    const passed = await run('npx', ['tsx', 'scripts/smoke.ts', '--url', url], { cwd: REPO_ROOT });
    expect(passed.stdout).toContain('smoke test passed');
    await expect(
      run('npx', ['tsx', 'scripts/smoke.ts', '--url', `http://127.0.0.1:${port}`], { cwd: REPO_ROOT }),
    ).rejects.toMatchObject({ code: 1 });
  }, 120_000);
});
