/**
 * The club home's unit-test fixtures: a post as the API returns it, an image, a sidebar summary,
 * and a fetch double answering the routes the club home calls (the layout's and the feed's).
 */
import type { ClubRole, Post } from '@clubs/shared';
import { screen } from '@testing-library/react';
import { club, type MockRoutes, me, mockApi, ok } from './api-mock.ts';
import { fakeAuthService, snapshotFor } from './helpers.tsx';

/**
 * For a first look at a lazily loaded page: 20 s, inside the test's 30 s, since the first test of
 * a file loads the page's chunk while the other worker runs (the suite's own wait is as long now:
 * timeouts.ts).
 */
export const LONG = { timeout: 20_000 };
export const signedIn = () => fakeAuthService(snapshotFor()).service;
export const CLUB = '01CLUB00000000000000000000';

export function post(id: string, overrides: Partial<Post> = {}): Post {
  return {
    id,
    clubId: CLUB,
    author: { id: 'author-1', name: 'Olivia Owner', avatarUrl: null },
    title: `Post ${id}`,
    content: `Content of ${id}`,
    type: 'text',
    media: [],
    isPinned: false,
    likeCount: 2,
    commentCount: 0,
    likedByMe: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: null,
    actions: { canEdit: false, canDelete: false, canPin: false },
    ...overrides,
  };
}

export const image = (n: number) => ({
  key: `club-media/${CLUB}/posts/u/${String(n).padStart(26, '0')}.png`,
  kind: 'image' as const,
  url: `/signed/${n}.png`,
  expiresAt: '2026-11-20T10:10:00.000Z',
});

const sidebar = {
  clubId: CLUB,
  about: 'A'.repeat(200),
  memberCount: 24,
  upcomingEvents: [
    {
      id: 'e1',
      title: 'Sunrise flow',
      startDate: '2027-01-05T07:00:00.000Z',
      location: 'Online',
      thumbnail: null,
    },
  ],
  trendingPosts: [{ id: 'p1', title: 'Welcome!', authorName: 'Olivia Owner', likeCount: 14 }],
  members: [{ id: 'm1', name: 'Max Member', avatarUrl: null }],
};

/** The club's invite link token, as the owner's sidebar card shows it. */
export const INVITE_TOKEN = 'tok_AbCdEfGhIjKlMnOpQrStUv';

export function homeApi(posts: Post[], role: ClubRole = 'club_member', extra: MockRoutes = {}) {
  return mockApi({
    getMe: () => ok(me),
    listMyMemberships: () => ok({ items: [], nextCursor: null }),
    getClub: () => ok(club({ id: CLUB, name: 'Morning Yoga' })),
    getClubMembership: () => ok({ status: 'active', role, trialAvailable: false }),
    listPosts: () => ok({ items: posts, nextCursor: null }),
    getClubSidebar: () => ok(sidebar),
    getInviteLink: () => ok({ token: INVITE_TOKEN, createdAt: '2026-01-01T00:00:00.000Z' }),
    listPendingInvitations: () => ok({ items: [], nextCursor: null }),
    ...extra,
  });
}

export const cardOf = async (title: string) =>
  (await screen.findByRole('heading', { level: 3, name: title }, LONG)).closest('article') as HTMLElement;
