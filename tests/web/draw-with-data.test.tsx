import type { PublicClub } from '@clubs/shared';
import { sampleClub } from '@clubs/web/build/sample-data.ts';
import { App } from '@clubs/web/src/App.tsx';
import { drawWithData } from '@clubs/web/src/draw-with-data.tsx';
import { DRAWN_DATA_ID, drawnDataBlock, readDrawnData } from '@clubs/web/src/drawn-data.ts';
import { createAppRouter, preloadPages } from '@clubs/web/src/routes.tsx';
import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeAuthService } from './helpers.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Every character a stored name could use to break out of the data block or the markup. */
const HOSTILE = 'Evil </script><script>alert(1)</script> <!-- & "quoted" \u2028\u2029 \'x\'';

const club = (id: string, more: Partial<PublicClub> = {}) =>
  sampleClub(id, { name: `Club ${id}`, description: `About club ${id}`, memberCount: 2, ...more });

const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8">
<meta name="description" content="Built description"><title>Club · Clubs</title>
<script type="module" async crossorigin src="/assets/early-1.js"></script>
</head><body><div id="root"><div class="pending">Loading</div></div>
</body></html>`;

/** An API that answers the club and the directory's first page, and records what it was asked. */
function fakeApi(clubs: PublicClub[], status = 200) {
  const asked: string[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    asked.push(`${url.pathname}${url.search}`);
    const body =
      url.pathname === '/api/clubs'
        ? { items: clubs, nextCursor: null }
        : url.pathname === '/api/featured-clubs'
          ? { items: clubs }
          : (clubs.find((c) => url.pathname === `/api/clubs/${encodeURIComponent(c.id)}`) ?? {
              error: { code: 'not_found', message: 'Club not found' },
            });
    const found = !('error' in body);
    return new Response(JSON.stringify(body), {
      status: found ? status : 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetchImpl: fetchImpl as unknown as typeof fetch, asked };
}

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('the data block', () => {
  it('carries hostile text as data: nothing in it ends the element or reads as markup', () => {
    const queries = [{ key: ['getClub', { params: { clubId: 'a' } }], data: { name: HOSTILE } }];
    const block = drawnDataBlock(queries);
    const inner = block.slice(block.indexOf('>') + 1, block.lastIndexOf('</script>'));
    expect(inner).not.toMatch(/[<>&\u2028\u2029]/);
    const document = parse(`<html><head>${block}</head><body></body></html>`);
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(readDrawnData(document)).toEqual(queries);
  });

  it('reads no data from a document without a block, or with one that is not a list of answers', () => {
    expect(readDrawnData(parse('<html><body></body></html>'))).toEqual([]);
    for (const text of ['not json', '{"key":[]}', '[{"data":1}]', '[{"key":"x","data":1}]']) {
      const document = parse(`<script type="application/json" id="${DRAWN_DATA_ID}">${text}</script>`);
      expect(readDrawnData(document), text).toEqual([]);
    }
  });
});

describe('drawing a document with its data', () => {
  it("draws a club's page with its name, description and data block, the name escaped everywhere", async () => {
    const api = fakeApi([club('c1', { name: HOSTILE, description: `${HOSTILE} described`, price: 9 })]);
    const html = await drawWithData(TEMPLATE, new URL('http://site/c/c1'), 'http://api', api.fetchImpl);
    if (html === undefined) throw new Error('not drawn');
    // The page's own read, which counts the visit.
    expect(api.asked).toEqual(['/api/clubs/c1?view=page']);
    const document = parse(html);
    expect(document.querySelectorAll('script:not([type="application/json"])')).toHaveLength(1);
    expect(document.title).toBe(`${HOSTILE} · Clubs`);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toContain(
      `${HOSTILE} described`,
    );
    expect(document.querySelector('h1')?.textContent).toBe(HOSTILE);
    expect(document.querySelector('.pending')).toBeNull();
    expect(document.body.textContent).toContain('$9/month');
    // Before the early-data script, which must find it.
    expect(html.indexOf(DRAWN_DATA_ID)).toBeLessThan(html.indexOf('early-1.js'));
    const [drawn] = readDrawnData(document);
    expect(drawn?.key).toEqual(['getClub', { params: { clubId: 'c1' }, query: { view: 'page' } }]);
    expect((drawn?.data as PublicClub | undefined)?.name).toBe(HOSTILE);
  });

  it("draws the directory's cards for the location's filters", async () => {
    const api = fakeApi([club('c1'), club('c2', { name: HOSTILE })]);
    const html = await drawWithData(
      TEMPLATE,
      new URL('http://site/clubs?tab=free'),
      'http://api',
      api.fetchImpl,
    );
    if (html === undefined) throw new Error('not drawn');
    expect(api.asked).toEqual(['/api/clubs?tab=free&size=any&limit=12']);
    const cards = [...parse(html).querySelectorAll('[data-testid="club-card"]')];
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Club c1', HOSTILE]);
  });

  it("draws the landing page's featured clubs, each name escaped", async () => {
    const api = fakeApi([club('c1', { price: 5 }), club('c2', { name: HOSTILE })]);
    const html = await drawWithData(TEMPLATE, new URL('http://site/'), 'http://api', api.fetchImpl);
    if (html === undefined) throw new Error('not drawn');
    expect(api.asked).toEqual(['/api/featured-clubs']);
    const document = parse(html);
    const featured = [...document.querySelectorAll('.clubs-card__name')].map((name) => name.textContent);
    expect(featured).toEqual(['Club c1', HOSTILE]);
    // No placeholder waits for the app: the page starts on demand.
    expect(document.querySelector('[data-awaits-app]')).toBeNull();
    expect(document.querySelectorAll('script:not([type="application/json"])')).toHaveLength(1);
    const [drawn] = readDrawnData(document);
    expect(drawn?.key).toEqual(['featuredClubs']);
    // The page keeps its own name and description.
    expect(document.title).toBe('Club · Clubs');
  });

  it('leaves the document as built where there is nothing to draw', async () => {
    const api = fakeApi([club('c1')]);
    const draw = (path: string) =>
      drawWithData(TEMPLATE, new URL(path, 'http://site'), 'http://api', api.fetchImpl);
    expect(await draw('/c/missing')).toBeUndefined();
    expect(await draw('/c/%E0%A4%A')).toBeUndefined();
    expect(await draw('/login')).toBeUndefined();
    expect(await draw('/c/a/b')).toBeUndefined();
    const failing = fakeApi([club('c1')], 503);
    for (const path of ['/clubs', '/'])
      expect(
        await drawWithData(TEMPLATE, new URL(path, 'http://site'), 'http://api', failing.fetchImpl),
        path,
      ).toBeUndefined();
  });
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.head.querySelector(`#${DRAWN_DATA_ID}`)?.remove();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

/**
 * A document drawn with its data taken over by the app as app-start.tsx does it: the query cache
 * starts with the data block's answers, so React finds exactly the drawing and asks the API for
 * nothing.
 */
describe('hydrating a document drawn with its data', () => {
  for (const path of ['/c/c1', '/clubs', '/']) {
    it(`takes over ${path} without a mismatch or a request`, async () => {
      const api = fakeApi([club('c1', { name: HOSTILE, price: 5, trialPeriod: 7 }), club('c2')]);
      const html = await drawWithData(TEMPLATE, new URL(path, 'http://site'), 'http://api', api.fetchImpl);
      if (html === undefined) throw new Error('not drawn');
      const drawnDocument = parse(html);
      const block = drawnDocument.getElementById(DRAWN_DATA_ID);
      const container = drawnDocument.getElementById('root');
      if (!block || !container) throw new Error('no data block or root');
      document.head.append(document.importNode(block, true));
      const mounted = document.importNode(container, true);
      document.body.append(mounted);
      const drawnElements = [...mounted.querySelectorAll('*')];
      expect(drawnElements.length).toBeGreaterThan(20);

      window.history.replaceState(null, '', path);
      await preloadPages(path);
      // The session check still running, as it is when the app takes the drawing over.
      const checking = {
        ...fakeAuthService().service,
        currentSession: () => new Promise<never>(() => undefined),
      };
      const fetchSpy = vi.fn(async () => new Response('{}', { status: 500 }));
      vi.stubGlobal('fetch', fetchSpy);
      const errors: unknown[] = [];
      const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
      await act(async () => {
        root = hydrateRoot(
          mounted,
          <StrictMode>
            <App authService={checking} router={createAppRouter()} drawn={readDrawnData()} />
          </StrictMode>,
          { onRecoverableError: (error) => errors.push(error) },
        );
      });
      consoleError.mockRestore();

      expect(errors).toEqual([]);
      for (const element of drawnElements) expect(mounted.contains(element)).toBe(true);
      expect(fetchSpy).not.toHaveBeenCalled();
      expect(mounted.textContent).toContain(HOSTILE);
    });
  }
});
