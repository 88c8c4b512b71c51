/** The member profile page (/members/{userId}): what a fellow member sees, and 'not found' for others. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { me, mockApi, ok } from './api-mock.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const signedIn = () => fakeAuthService(snapshotFor()).service;

describe('member profile', () => {
  it('shows the photo, name, bio, location, the clubs in common and recent posts', async () => {
    const api = mockApi({
      getMe: () => ok(me),
      getMemberProfile: () =>
        ok({
          id: 'user-2',
          name: 'Max Member',
          avatarUrl: null,
          bio: 'Always up for a new club.',
          location: 'Berlin',
          sharedClubs: [{ id: 'club-1', name: 'Morning Yoga', logoUrl: null, role: 'club_member' }],
          recentPosts: [
            {
              id: 'p1',
              clubId: 'club-1',
              clubName: 'Morning Yoga',
              title: 'Sunrise practice',
              content: 'Five mornings in a row.',
              type: 'image',
              likeCount: 11,
              commentCount: 1,
              createdAt: '2026-11-20T10:00:00.000Z',
            },
          ],
        }),
    });
    renderApp('/members/user-2', { service: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Max Member' })).toBeInTheDocument();
    expect(screen.getByText('Always up for a new club.')).toBeInTheDocument();
    expect(screen.getByText('Berlin')).toBeInTheDocument();
    const clubs = screen.getByRole('region', { name: 'Clubs in common' });
    expect(within(clubs).getByRole('link', { name: /Morning Yoga/ })).toHaveAttribute(
      'href',
      '/communities/club-1',
    );
    const posts = screen.getByRole('region', { name: 'Recent posts' });
    expect(within(posts).getByRole('link', { name: 'Sunrise practice' })).toHaveAttribute(
      'href',
      '/communities/club-1?post=p1',
    );
    expect(within(posts).getByText(/11 likes · 1 comment/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/members/user-2')).toHaveLength(1);
  });

  it("says 'Member not found' when the API does (no active club in common)", async () => {
    mockApi({
      getMe: () => ok(me),
      getMemberProfile: () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'Not found' } },
      }),
    });
    renderApp('/members/stranger', { service: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Member not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
