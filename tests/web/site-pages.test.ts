/**
 * The site-pages function's handler (functions/src/routes/site-pages.ts) over the real drawing
 * module: what CloudFront gets for each page asked for, hostile ones included. The API's answers
 * come from a stand-in here; functions/src/http/in-process.ts is held to the API's own handler in
 * tests/functions/in-process.test.ts.
 */

import { sitePagesHandler } from '@clubs/functions/routes/site-pages';
import type { PublicClub } from '@clubs/shared';
import { DRAWN_PAGE_HEADER, type DrawModule } from '@clubs/shared';
import { sampleClub } from '@clubs/web/build/sample-data.ts';
import * as drawing from '@clubs/web/src/draw-with-data.tsx';
import { DRAWN_DATA_ID, readDrawnData } from '@clubs/web/src/drawn-data.ts';
import type { Context, LambdaFunctionURLEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';

const HOSTILE = 'Evil </script><script>alert(1)</script> <!-- & "quoted" \u2028';

const TEMPLATE = (name: string) => `<!doctype html><html lang="en"><head><meta charset="UTF-8">
<meta name="description" content="Built description"><title>${name} · Clubs</title>
<script type="module" async crossorigin src="/assets/early-1.js"></script>
</head><body><div id="root"><div class="pending">Loading</div></div>
</body></html>`;

const clubs: PublicClub[] = [
  sampleClub('c1', { name: HOSTILE, description: 'About c1', price: 9 }),
  sampleClub('c2', { name: 'Club c2' }),
];

/** The API as a visitor reads it, recording what it was asked; `status` for every answer. */
function api(status = 200) {
  const asked: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(`${url.pathname}${url.search}`);
    const club = clubs.find((c) => url.pathname === `/api/clubs/${encodeURIComponent(c.id)}`);
    const body =
      url.pathname === '/api/clubs'
        ? { items: clubs, nextCursor: null }
        : url.pathname === '/api/featured-clubs'
          ? { items: clubs }
          : club;
    return body
      ? new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ error: { code: 'not_found', message: 'Club not found' } }), {
          status: 404,
        });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, asked };
}

function sitePages(answers = api(), module: DrawModule = drawing) {
  const read: string[] = [];
  const handler = sitePagesHandler({
    loadModule: async () => module,
    readTemplate: async (file) => {
      read.push(file);
      return TEMPLATE(file);
    },
    fetchFor: () => answers.fetchImpl,
  });
  return { handler, read, asked: answers.asked };
}

const context = { awsRequestId: 'request-1' } as Context;

const request = (page: string | undefined, query = '', method = 'GET') =>
  ({
    rawPath: '/club.html',
    rawQueryString: query,
    headers: page === undefined ? {} : { [DRAWN_PAGE_HEADER]: page },
    requestContext: { http: { method } },
  }) as unknown as LambdaFunctionURLEvent;

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('the site-pages function', () => {
  it("answers a club's page drawn with it, never kept at the edge (its read counts the visit)", async () => {
    const { handler, asked, read } = sitePages();
    const answer = await handler(request('/c/c1'), context);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    });
    expect(read).toEqual(['club.html']);
    expect(asked).toEqual(['/api/clubs/c1?view=page']);
    const document = parse(String(answer.body));
    expect(document.querySelector('h1')?.textContent).toBe(HOSTILE);
    expect(document.querySelectorAll('script:not([type="application/json"])')).toHaveLength(1);
    const block = document.getElementById(DRAWN_DATA_ID)?.textContent ?? '';
    expect(block).not.toMatch(/[<>&\u2028]/);
    expect((readDrawnData(document)[0]?.data as PublicClub | undefined)?.name).toBe(HOSTILE);
  });

  it('keeps the landing page and the directory at the edge briefly, drawn from the query the directory reads alone', async () => {
    const { handler, asked } = sitePages();
    const home = await handler(request('/'), context);
    expect(home.headers?.['cache-control']).toBe('public, max-age=0, s-maxage=30');
    expect(parse(String(home.body)).querySelectorAll('.clubs-card')).toHaveLength(2);
    const directory = await handler(
      request('/clubs', 'tab=free&junk=%3Cscript%3E&q=%3Cb%3Eyoga&size=bogus&recent=true'),
      context,
    );
    expect(directory.statusCode).toBe(200);
    expect(directory.headers?.['cache-control']).toBe('public, max-age=0, s-maxage=30');
    expect(asked).toEqual([
      '/api/featured-clubs',
      '/api/clubs?tab=free&size=any&recent=true&q=%3Cb%3Eyoga&limit=12',
    ]);
    expect(String(directory.body)).not.toContain('<b>yoga');
  });

  it('answers a club that cannot be drawn with its document as built, for the app to say what happened', async () => {
    const { handler } = sitePages();
    for (const page of [
      '/c/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      '/c/<img src=x onerror=alert(1)>',
      '/c/%E0%A4%A',
      `/c/${'A'.repeat(6000)}`,
      '/c/missing',
    ]) {
      const answer = await handler(request(page), context);
      expect(answer.statusCode, page).toBe(200);
      expect(answer.body, page).toBe(TEMPLATE('club.html'));
      expect(answer.headers?.['cache-control'], page).toBe('no-cache');
    }
    const failing = sitePages(api(503));
    const answer = await failing.handler(request('/clubs'), context);
    expect(answer.body).toBe(TEMPLATE('clubs.html'));
    expect(answer.headers?.['cache-control']).toBe('no-cache');
  });

  it('answers 404 where no page drawn with data is named, for CloudFront to serve the bucket', async () => {
    const { handler, asked } = sitePages();
    for (const page of [
      undefined,
      '',
      'c/c1',
      '//evil.example/c/c1',
      '/login',
      '/c/a/b',
      '/c/<script>alert(1)</script>',
      '/c/',
      '/clubs/x',
    ]) {
      const answer = await handler(request(page), context);
      expect(answer.statusCode, String(page)).toBe(404);
      expect(answer.body, String(page)).toBe('Not Found');
    }
    expect(asked).toEqual([]);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const { handler } = sitePages();
    const head = await handler(request('/c/c1', '', 'HEAD'), context);
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect((await handler(request('/c/c1', '', 'POST'), context)).statusCode).toBe(405);
  });

  it('fails, for CloudFront to serve the bucket, when the drawing module cannot be loaded', async () => {
    const handler = sitePagesHandler({
      loadModule: () => Promise.reject(new Error('no module')),
      readTemplate: async () => TEMPLATE('x'),
      fetchFor: () => api().fetchImpl,
    });
    await expect(handler(request('/clubs'), context)).rejects.toThrow('no module');
  });
});
