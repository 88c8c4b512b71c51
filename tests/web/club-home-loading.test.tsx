/**
 * The club home while the feed loads: after 10 s of waiting for the first
 * page the page renders anyway and says 'Loading timeout'; further pages are asked for, with the
 * cursor, when the end of the list scrolls into view.
 */
import type { PostPage } from '@clubs/shared';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Call, ok } from './api-mock.ts';
import { CLUB, cardOf, homeApi, LONG, post, signedIn } from './club-home-support.ts';
import { renderApp } from './helpers.tsx';

vi.mock('../../web/src/auth/service.ts', () => ({ currentIdToken: vi.fn(async () => 'id-token-1') }));

/**
 * The page's wait, shortened from the spec's 10 s so the test runs on the real clock: a fake
 * clock cannot tell when the lazily loaded page starts its timer on a busy machine.
 */
vi.mock('@clubs/shared', async (original) => {
  const shared = await original<typeof import('@clubs/shared')>();
  return { ...shared, CLUB_HOME: { ...shared.CLUB_HOME, loadingTimeoutMs: 1_500 } };
});

describe('club home: the slow first page and the infinite scroll', () => {
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(globalThis, 'IntersectionObserver');
  });

  it('waits the spec’s 10 s', async () => {
    const shared = await vi.importActual<typeof import('@clubs/shared')>('@clubs/shared');
    expect(shared.CLUB_HOME.loadingTimeoutMs).toBe(10_000);
  });

  it("renders the page after the loading wait with the 'Loading timeout' toast, then shows the posts", async () => {
    let answer: (page: PostPage) => void = () => undefined;
    homeApi([], 'club_member', {
      listPosts: () => new Promise((resolve) => (answer = (page) => resolve(ok(page)))),
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    await screen.findByText('Loading posts...', {}, LONG);
    expect(screen.queryByText('Loading timeout')).not.toBeInTheDocument();

    expect(await screen.findByText('Loading timeout', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('The feed is taking longer than usual.')).toBeInTheDocument();
    expect(screen.queryByText('Loading posts...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share something with the club...' })).toBeInTheDocument();
    expect(screen.getByText('Still loading posts...')).toBeInTheDocument();

    act(() => answer({ items: [post('p1', { title: 'Late but here' })], nextCursor: null }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Late but here' })).toBeInTheDocument();
    expect(screen.queryByText('Still loading posts...')).not.toBeInTheDocument();
  });

  it('asks for the next page with the cursor when the end of the list scrolls into view', async () => {
    const observers = stubIntersectionObserver();
    const api = homeApi([], 'club_member', {
      listPosts: (call: Call) =>
        call.query.get('cursor') === 'cursor-2'
          ? ok({ items: [post('p3', { title: 'Third' })], nextCursor: null })
          : ok({
              items: [post('p1', { title: 'First' }), post('p2', { title: 'Second' })],
              nextCursor: 'cursor-2',
            }),
    });
    renderApp(`/communities/${CLUB}`, { service: signedIn() });
    const second = await cardOf('Second');
    const feedCalls = () => api.callsTo('GET', `/api/clubs/${CLUB}/posts`);
    expect(feedCalls().map((c) => c.query.get('cursor'))).toEqual([null]);

    // What the page watches is the end of the list, right after the last post.
    const watched = observers.watched();
    expect(watched).toEqual([second.nextElementSibling]);
    // Scrolling near it without reaching it loads nothing.
    act(() => observers.scroll(false));
    expect(feedCalls()).toHaveLength(1);

    act(() => observers.scroll(true));
    const third = await cardOf('Third');
    expect(feedCalls().map((c) => c.query.get('cursor'))).toEqual([null, 'cursor-2']);
    expect(
      screen.getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent),
    ).toEqual(['First', 'Second', 'Third']);
    // The last page had no cursor: nothing is watched and no button offers more.
    expect(third).toBeInTheDocument();
    expect(observers.watched()).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
  });
});

/**
 * jsdom has no IntersectionObserver: this one records what the page observes and lets the test
 * say when those elements enter (or come near) the viewport, as the browser's would report it.
 */
function stubIntersectionObserver() {
  const live = new Set<StubObserver>();
  class StubObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];
    readonly targets = new Set<Element>();
    constructor(private readonly callback: IntersectionObserverCallback) {
      live.add(this);
    }
    observe(target: Element) {
      this.targets.add(target);
    }
    unobserve(target: Element) {
      this.targets.delete(target);
    }
    disconnect() {
      this.targets.clear();
      live.delete(this);
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
    report(isIntersecting: boolean) {
      if (this.targets.size === 0) return;
      const entries = [...this.targets].map(
        (target) =>
          ({
            target,
            isIntersecting,
            intersectionRatio: isIntersecting ? 1 : 0,
          }) as IntersectionObserverEntry,
      );
      this.callback(entries, this as unknown as IntersectionObserver);
    }
  }
  Object.assign(globalThis, { IntersectionObserver: StubObserver });
  return {
    watched: () => [...live].flatMap((observer) => [...observer.targets]),
    scroll: (intoView: boolean) => {
      for (const observer of [...live]) observer.report(intoView);
    },
  };
}
