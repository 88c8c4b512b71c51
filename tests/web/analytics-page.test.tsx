/**
 * The Analytics page's details for a new club, against a fetch double: a count of one reads in
 * the singular (1 visitor, 1 point), any other count in the plural.
 */
import type { Analytics } from '@clubs/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from './api-mock.ts';
import { CLUB, homeApi, LONG, signedIn } from './club-home-support.ts';
import { renderApp } from './helpers.tsx';

const figure = (value: number) => ({ value, previous: null });

const analytics: Analytics = {
  period: '30d',
  bucket: 'day',
  revenueShown: false,
  headline: { members: figure(2), activeMembers: figure(1), posts: figure(1) },
  series: [],
  funnel: { visitors: 1, requests: 1, joins: 2 },
  topPosts: [{ postId: '01POST00000000000000000000', title: 'Welcome', engagement: 1, likeCount: 1 }],
  courses: [],
};

const entry = (userId: string, name: string, points: number, rank: number) => ({
  rank,
  userId,
  name,
  avatar: null,
  points,
  level: 1,
  badges: [],
});

describe('analytics of a new club', () => {
  it('says a count of one in the singular', async () => {
    homeApi([], 'club_owner', {
      getClubAnalytics: () => ok(analytics),
      getLeaderboard: () =>
        ok({
          period: 'last30',
          items: [entry('u1', 'Olive Founder', 3, 1), entry('u2', 'Mia Newcomer', 1, 2)],
          nextCursor: null,
        }),
      countReports: () => ok({ count: 0, more: false }),
    });
    renderApp(`/communities/${CLUB}/analytics`, { service: signedIn() });
    const funnel = await screen.findByTestId('analytics-funnel', {}, LONG);
    expect(
      within(funnel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 visitor', '1 join request', '2 new members']);
    expect(screen.getByTestId('analytics-top-posts')).toHaveTextContent('Welcome — 1 like or comment');
    const contributors = await screen.findByText(/Mia Newcomer/, {}, LONG);
    expect(contributors.closest('li')).toHaveTextContent('Mia Newcomer — 1 point');
    expect(screen.getByText(/Olive Founder/).closest('li')).toHaveTextContent('Olive Founder — 3 points');
  });
});
