import type { MyMembership } from '@clubs/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { club, me, mockApi, ok } from './api-mock.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const m = (c: ReturnType<typeof club>, status: 'active' | 'pending'): MyMembership => ({
  club: c,
  membership: { clubId: c.id, userId: 'user-1', role: 'club_member', status, createdAt: me.createdAt },
});

function api(memberships: MyMembership[], discover: ReturnType<typeof club>[]) {
  return mockApi({
    getMe: () => ok(me),
    listMyMemberships: () => ok({ items: memberships, nextCursor: null }),
    discoverClubs: () => ok({ items: discover }),
  });
}

const signedIn = () => fakeAuthService(snapshotFor()).service;

describe('the member dashboard /member-dashboard', () => {
  it("greets, counts My Clubs, and shows 'View Club' or 'Pending Approval'", async () => {
    const calls = api(
      [
        m(club({ id: 'a', name: 'Active Archers' }), 'active'),
        m(club({ id: 'p', name: 'Pending Painters' }), 'pending'),
      ],
      [club({ id: 'd', name: 'Discover Divers' })],
    );
    renderApp('/member-dashboard', { service: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'My Clubs (2)' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'View Club: Active Archers' })).toHaveAttribute(
      'href',
      '/communities/a',
    );
    expect(screen.getByRole('link', { name: 'Pending Approval: Pending Painters' })).toHaveTextContent(
      'Pending Approval',
    );
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Discover' }));
    expect(await screen.findByRole('link', { name: 'View Club: Discover Divers' })).toHaveAttribute(
      'href',
      '/c/d',
    );
    expect(calls.callsTo('GET', '/api/me/discover-clubs')[0]?.query.get('limit')).toBe('12');
  });

  it('shows the three empty states, each with Create a Club opening the create dialog', async () => {
    const user = userEvent.setup();
    api([], []);
    renderApp('/member-dashboard', { service: signedIn() });
    expect(await screen.findByText("You haven't joined any clubs yet")).toBeInTheDocument();
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Create a Club' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a new club' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('tab', { name: 'Discover' }));
    expect(await screen.findByText('No clubs available to join')).toBeInTheDocument();
    expect(
      within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Create a Club' }),
    ).toBeInTheDocument();
  });

  it("narrows both tabs by the search, with 'No clubs match your search'", async () => {
    const user = userEvent.setup();
    api(
      [m(club({ id: 'a', name: 'Active Archers', description: 'Bows' }), 'active')],
      [club({ id: 'd', name: 'Divers' })],
    );
    renderApp('/member-dashboard', { service: signedIn() });
    await screen.findByRole('link', { name: 'View Club: Active Archers' });
    await user.type(screen.getByPlaceholderText('Search clubs...'), 'bows');
    expect(screen.getByRole('link', { name: 'View Club: Active Archers' })).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Search clubs...'));
    await user.type(screen.getByPlaceholderText('Search clubs...'), 'nothing');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('No clubs match your search')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Create a Club' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Discover' }));
    expect(await screen.findByText('No clubs match your search')).toBeInTheDocument();
  });
});
