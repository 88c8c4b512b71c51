import type { MyMembership } from '@clubs/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { club, mockApi, ok } from './api-mock.ts';
import { currentUrl, fakeAuthService, linkIn, renderApp, snapshotFor } from './helpers.tsx';

// The app's API client takes its token from Amplify; here the session is a fixed ID token.
vi.mock('../../web/src/auth/service.ts', () => ({
  currentIdToken: vi.fn(async () => 'id-token-1'),
}));

const me = {
  id: 'user-1',
  email: 'max.mustermann@example.com',
  fullName: 'Max Mustermann',
  name: 'Max Mustermann',
  bio: '',
  location: '',
  avatarUrl: null,
  createdAt: '2025-04-01T00:00:00.000Z',
  isSuperAdmin: false,
};

const membership = (
  clubId: string,
  status: 'active' | 'pending',
  role: MyMembership['membership']['role'] = 'club_member',
): MyMembership['membership'] => ({ clubId, userId: 'user-1', role, status, createdAt: me.createdAt });

const requested = club({ id: 'req-1', name: 'Pending Pottery', description: 'Clay and wheels' });
const joined = club({ id: 'join-1', name: 'Joined Joggers' });
const moderated = club({ id: 'mod-1', name: 'Moderated Makers' });
const owned = club({ id: 'own-1', name: 'Owned Orchestra', ownerId: 'user-1' });
const unpaid = club({ id: 'own-2', name: 'Unpaid Union', ownerId: 'user-1', status: 'unpaid' });
const discover = [
  club({ id: 'd-1', name: 'Discover One' }),
  club({ id: 'd-2', name: 'Discover Two' }),
  club({ id: 'd-3', name: 'Discover Three' }),
];

const ALL: MyMembership[] = [
  { club: requested, membership: membership('req-1', 'pending') },
  { club: joined, membership: membership('join-1', 'active') },
  { club: moderated, membership: membership('mod-1', 'active', 'club_moderator') },
  { club: owned, membership: membership('own-1', 'active', 'club_owner') },
  { club: unpaid, membership: membership('own-2', 'active', 'club_owner') },
];

function dashboardApi({ memberships = ALL, clubs = discover, profile = me as unknown } = {}) {
  return mockApi({
    // Untyped on purpose: some tests answer a malformed profile.
    'GET /api/me': () => ok(profile),
    listMyMemberships: () => ok({ items: memberships, nextCursor: null }),
    discoverClubs: () => ok({ items: clubs }),
  });
}

const signedIn = () => fakeAuthService(snapshotFor({ email: me.email })).service;

describe('dashboard', () => {
  it('calls GET /api/me with the bearer token and greets the user by first name', async () => {
    const api = dashboardApi();
    renderApp('/dashboard', { service: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Max' })).toBeInTheDocument();
    const [url, init] = api.spy.mock.calls.find(([u]) => String(u) === '/api/me') ?? [];
    expect(url).toBe('/api/me');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token-1');
  });

  it('falls back to the name, then to the e-mail before the @', async () => {
    dashboardApi({ profile: { ...me, fullName: '', name: '', email: 'grace@example.com' } });
    renderApp('/dashboard', { service: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, grace' })).toBeInTheDocument();
  });

  it("shows the server's message when /api/me fails", async () => {
    mockApi({
      getMe: () => ({
        status: 403,
        body: { error: { code: 'forbidden', message: 'Account disabled' } },
      }),
      listMyMemberships: () => ok({ items: [], nextCursor: null }),
      discoverClubs: () => ok({ items: [] }),
    });
    renderApp('/dashboard', { service: signedIn() });
    expect(await screen.findByText('Account disabled')).toBeInTheDocument();
  });

  it('Log out signs out and goes to /', async () => {
    dashboardApi();
    const { service } = fakeAuthService(snapshotFor());
    const { router } = renderApp('/dashboard', { service });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Max' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(service.signOut).toHaveBeenCalledOnce();
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  });

  it('shows the search box, the create-club banner and How It Works', async () => {
    dashboardApi();
    renderApp('/dashboard', { service: signedIn() });
    expect(await screen.findByPlaceholderText('Search clubs...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create your own club' })).toBeInTheDocument();
    const how = screen.getByRole('region', { name: 'How It Works' });
    for (const step of ['1. Join a club', '2. Engage and learn', '3. Create your own'])
      expect(within(how).getByRole('heading', { name: step })).toBeInTheDocument();
  });

  it('Discover: up to 3 clubs the user is not in, View Details to the club page, Discover More Clubs', async () => {
    const api = dashboardApi();
    renderApp('/dashboard', { service: signedIn() });
    const card = await screen.findByRole('article', { name: 'Discover Two' });
    expect(linkIn(card, /View Details/)).toHaveAttribute('href', '/c/d-2');
    expect(
      screen.getAllByRole('article').filter((a) => a.closest('[role=tabpanel]:not([hidden])')),
    ).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Discover More Clubs' })).toHaveAttribute('href', '/clubs');
    expect(api.callsTo('GET', '/api/me/discover-clubs')[0]?.query.get('limit')).toBe('3');
  });

  it('counts and lists Clubs Requested, Joined and Owned with the link and label rules', async () => {
    const user = userEvent.setup();
    dashboardApi();
    renderApp('/dashboard', { service: signedIn() });
    const tab = async (name: RegExp) => {
      await user.click(await screen.findByRole('tab', { name }));
      return screen.getByRole('tabpanel');
    };
    await waitFor(() => expect(screen.getByRole('tab', { name: /Clubs Requested/ })).toHaveTextContent('1'));
    expect(screen.getByRole('tab', { name: /Clubs Joined/ })).toHaveTextContent('Clubs Joined2');
    expect(screen.getByRole('tab', { name: /Clubs Owned/ })).toHaveTextContent('Clubs Owned2');

    const req = await tab(/Clubs Requested/);
    expect(linkIn(req, /View Club/)).toHaveAttribute('href', '/c/req-1');

    const joinedPanel = await tab(/Clubs Joined/);
    expect(linkIn(joinedPanel, 'View Club: Joined Joggers')).toHaveAttribute('href', '/communities/join-1');
    expect(linkIn(joinedPanel, 'View Club: Moderated Makers')).toHaveAttribute('href', '/communities/mod-1');

    const ownedPanel = await tab(/Clubs Owned/);
    expect(linkIn(ownedPanel, 'Manage Club: Owned Orchestra')).toHaveAttribute('href', '/communities/own-1');
    expect(within(ownedPanel).getByText('Awaiting payment')).toBeInTheDocument();
  });

  it('the search narrows the cards of the open tab', async () => {
    const user = userEvent.setup();
    dashboardApi();
    renderApp('/dashboard', { service: signedIn() });
    await user.click(await screen.findByRole('tab', { name: /Clubs Requested/ }));
    await screen.findByRole('article', { name: 'Pending Pottery' });
    await user.type(screen.getByPlaceholderText('Search clubs...'), 'wheels');
    expect(screen.getByRole('article', { name: 'Pending Pottery' })).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search clubs...'), 'xyz');
    expect(within(screen.getByRole('tabpanel')).getByText('No clubs match your search')).toBeInTheDocument();
  });

  it("empty tabs have no count badge and offer 'Create Club', which opens the create-club dialog", async () => {
    const user = userEvent.setup();
    dashboardApi({ memberships: [], clubs: [] });
    renderApp('/dashboard', { service: signedIn() });
    for (const [name, empty] of [
      [/Clubs Requested/, 'No pending requests'],
      [/Clubs Joined/, "You haven't joined any clubs yet"],
      [/Clubs Owned/, "You don't own any clubs yet"],
    ] as const) {
      const tabButton = await screen.findByRole('tab', { name });
      await user.click(tabButton);
      expect(tabButton.textContent).toMatch(/^Clubs (Requested|Joined|Owned)$/);
      const panel = screen.getByRole('tabpanel');
      expect(await within(panel).findByRole('heading', { name: empty })).toBeInTheDocument();
      await user.click(within(panel).getByRole('button', { name: 'Create Club' }));
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      await user.keyboard('{Escape}');
      const cancel = screen.queryByRole('button', { name: 'Cancel' });
      if (cancel) await user.click(cancel);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it("the avatar menu: 'My Account', the e-mail (disabled), Profile, Settings, Log out", async () => {
    const user = userEvent.setup();
    dashboardApi();
    const { service } = fakeAuthService(snapshotFor({ email: me.email }));
    const { router } = renderApp('/dashboard', { service });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('My Account')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: me.email })).toBeDisabled();
    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/profile'));

    router.navigate('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/settings'));

    router.navigate('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(service.signOut).toHaveBeenCalledOnce();
  });
});
