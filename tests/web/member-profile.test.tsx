/** The member profile page (/members/{userId}): what a fellow member sees, and 'not found' for others. */
import type { MemberProfile } from '@clubs/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

  it('offers "Message" only when the start would be allowed, through the club the API names', async () => {
    const profile: MemberProfile = {
      id: 'user-2',
      name: 'Max Member',
      avatarUrl: null,
      bio: '',
      location: '',
      sharedClubs: [
        { id: 'club-1', name: 'Morning Yoga', logoUrl: null, role: 'club_member' },
        { id: 'club-2', name: 'Night Owls', logoUrl: null, role: 'club_member' },
      ],
      recentPosts: [],
    };
    let startable: { userId: string; clubId: string }[] = [];
    const api = mockApi({
      getMe: () => ok(me),
      getMemberProfile: () => ok(profile),
      listStartableConversations: () => ok({ items: startable }),
      startConversation: () => ok({ id: 'conv-9', created: false }),
    });
    const first = renderApp('/members/user-2', { service: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Max Member' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/me/conversations/startable')).toHaveLength(1));
    const asked = api.callsTo('GET', '/api/me/conversations/startable')[0];
    expect(asked?.query.get('userIds')).toBe('user-2');
    expect(asked?.query.get('clubIds')).toBe('club-1,club-2');
    expect(screen.queryByRole('button', { name: 'Message Max Member' })).toBeNull();
    first.unmount();

    startable = [{ userId: 'user-2', clubId: 'club-2' }];
    renderApp('/members/user-2', { service: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Message Max Member' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/me/conversations')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/me/conversations')[0]?.body).toEqual({
      userId: 'user-2',
      clubId: 'club-2',
    });
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
