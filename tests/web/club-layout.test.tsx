/**
 * The club layout: who gets in, what the others are told, the Admin
 * Controls by role, the club switcher, and the sidebar's keyboard toggle and cookie.
 */
import type { MyMembership, ViewerMembership } from '@clubs/shared';
import ClubLayout from '@clubs/web/src/layouts/club/ClubLayout.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { club, type MockRoutes, me, mockApi, ok } from './api-mock.ts';
import { fakeAuthService, linkIn, renderApp, snapshotFor } from './helpers.tsx';

const signedIn = () => fakeAuthService(snapshotFor()).service;
const notFound = { status: 404, body: { error: { code: 'not_found', message: 'Club not found' } } };
const LONG = { timeout: 5000 };

const membershipOf = (clubId: string, role: MyMembership['membership']['role'] = 'club_member') => ({
  clubId,
  userId: 'user-1',
  role,
  status: 'active' as const,
  createdAt: '2025-04-01T00:00:00.000Z',
});

function clubApi(viewer: Omit<ViewerMembership, 'trialAvailable'>, extra: MockRoutes = {}) {
  return mockApi({
    getMe: () => ok(me),
    getClub: () => ok(club({ name: 'Morning Yoga' })),
    getClubMembership: () => ok({ ...viewer, trialAvailable: false }),
    listMyMemberships: () =>
      ok({
        items: [
          { club: club({ name: 'Morning Yoga' }), membership: membershipOf('club-1') },
          { club: club({ id: 'club-2', name: 'Trail Runners' }), membership: membershipOf('club-2') },
          {
            club: club({ id: 'club-3', name: 'Unpaid Pottery', status: 'unpaid' }),
            membership: membershipOf('club-3', 'club_owner'),
          },
        ],
        nextCursor: null,
      }),
    ...extra,
  });
}

/** A member's view of a club that is not active: it is not found, and their membership says why. */
const notActiveClubApi = (extra: MockRoutes = {}) =>
  clubApi(
    { status: 'active', role: 'club_member' },
    {
      getClub: () => notFound,
      getClubMembership: () => ({
        status: 403,
        body: { error: { code: 'club_not_active', message: 'This club is not active.' } },
      }),
      getOwnedClub: () => notFound,
      ...extra,
    },
  );

afterEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the layout reads document.cookie; jsdom has no Cookie Store
  document.cookie = 'sidebar:state=; path=/; max-age=0';
});

describe('club layout: who gets in', () => {
  it('shows an active member the club header, the navigation and the page', async () => {
    clubApi({ status: 'active', role: 'club_member' });
    renderApp('/communities/club-1/leaderboard', { service: signedIn() });
    await screen.findByRole('navigation', { name: 'Club' }, LONG);
    const header = screen.getByRole('banner');
    expect(linkIn(header, /Morning Yoga/)).toHaveAttribute('href', '/communities/club-1');
    expect(await within(header).findByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Club' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Home', '/communities/club-1'],
      ['Events', '/communities/club-1/events'],
      ['Courses', '/communities/club-1/courses'],
      ['Leaderboard', '/communities/club-1/leaderboard'],
      ['Members', '/communities/club-1/members'],
    ]);
    expect(linkIn(nav, 'Leaderboard')).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Leaderboard' }, LONG)).toBeInTheDocument();
  }, 30_000); // the first test of the file also loads the layout's and the page's code

  it('keeps the /clubs prefix in the navigation when the visitor came that way', async () => {
    clubApi({ status: 'active', role: 'club_member' });
    renderApp('/clubs/club-1/events', { service: signedIn() });
    const nav = await screen.findByRole('navigation', { name: 'Club' }, LONG);
    expect(linkIn(nav, 'Members')).toHaveAttribute('href', '/clubs/club-1/members');
  });

  it('lists in the switcher only the active clubs the viewer is an active member of', async () => {
    clubApi({ status: 'active', role: 'club_member' });
    renderApp('/communities/club-1', { service: signedIn() });
    const switcher = await screen.findByRole('navigation', { name: 'Your clubs' }, LONG);
    expect(within(switcher).getAllByRole('link')).toHaveLength(2);
    expect(linkIn(switcher, 'Morning Yoga')).toHaveAttribute('aria-current', 'page');
    expect(linkIn(switcher, 'Trail Runners')).toHaveAttribute('href', '/communities/club-2');
  });

  it.each<[string, Omit<ViewerMembership, 'trialAvailable'>, string]>([
    [
      'a pending member',
      { status: 'pending', role: 'club_member' },
      'Your membership request is pending approval.',
    ],
    ['a stranger', { status: 'not_member', role: null }, 'You are not a member of this club.'],
  ])('tells %s "Access Denied" with the reason and the public page', async (_who, viewer, reason) => {
    const api = clubApi(viewer);
    renderApp('/communities/club-1', { service: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' }, LONG)).toBeInTheDocument();
    expect(screen.getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Public Page' })).toHaveAttribute('href', '/c/club-1');
    expect(screen.queryByRole('navigation', { name: 'Club' })).not.toBeInTheDocument();
    expect(screen.queryByText('Morning Yoga')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path.includes('/posts'))).toBe(false);
  });

  it('tells a member of a club that is not active "Access Denied" with the reason, never its content', async () => {
    const api = notActiveClubApi();
    renderApp('/communities/club-1', { service: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' }, LONG)).toBeInTheDocument();
    expect(screen.getByText('This club is not active.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Public Page' })).toHaveAttribute('href', '/c/club-1');
    expect(screen.queryByRole('heading', { name: 'Club Not Found' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Club' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path.includes('/posts'))).toBe(false);
  });

  it('lets a member leave a club that is not active, and says so once the server has stored it', async () => {
    let answer: (value: { status: number; body: { left: boolean; endsAt: null } }) => void = () => undefined;
    const api = notActiveClubApi({ leaveClub: () => new Promise((resolve) => (answer = resolve)) });
    renderApp('/communities/club-1', { service: signedIn() });
    await userEvent.click(await screen.findByRole('button', { name: 'Leave Club' }, LONG));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave Club' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(screen.queryByText('You left the club')).not.toBeInTheDocument();
    answer({ status: 200, body: { left: true, endsAt: null } });
    expect(await screen.findByText('You left the club', {}, LONG)).toBeInTheDocument();
  });

  it('lets the owner into a club that is not active (its billing and settings reopen it)', async () => {
    clubApi(
      { status: 'active', role: 'club_owner' },
      {
        getClub: () => notFound,
        getClubMembership: () => notFound,
        getOwnedClub: () => ok(club({ status: 'unpaid', ownerId: 'user-1' })),
      },
    );
    renderApp('/communities/club-1/leaderboard', { service: signedIn() });
    expect(await screen.findByRole('button', { name: 'Admin Controls' }, LONG)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Club' })).toBeInTheDocument();
  });

  it('shows "Club Not Found" with a return to the dashboard for an unknown club', async () => {
    clubApi(
      { status: 'not_member', role: null },
      {
        getClub: () => notFound,
        getClubMembership: () => notFound,
        getOwnedClub: () => notFound,
      },
    );
    renderApp('/clubs/nope/events', { service: signedIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Club Not Found' }, LONG),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('says a failed load failed (not "not found") and retries on request', async () => {
    let fail = true;
    clubApi(
      { status: 'active', role: 'club_member' },
      {
        getClub: () =>
          fail ? { status: 503, body: { error: { code: 'unavailable', message: 'down' } } } : ok(club()),
      },
    );
    renderApp('/communities/club-1', { service: signedIn() });
    // Server errors are retried twice (1 s, then 2 s) before the page gives up.
    const retry = await screen.findByRole('button', { name: 'Retry' }, { timeout: 8000 });
    expect(screen.getByRole('heading', { level: 1, name: 'Could not load this club' })).toBeInTheDocument();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('navigation', { name: 'Club' }, LONG)).toBeInTheDocument();
  }, 30_000);
});

describe('club layout: the header while the club loads', () => {
  it('keeps the bell’s panel open when the club arrives after it was opened', async () => {
    let arrive = () => {};
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    clubApi(
      { status: 'active', role: 'club_member' },
      {
        getClub: async () => {
          await arrived;
          return ok(club({ name: 'Morning Yoga' }));
        },
        getUnreadNotificationCount: () => ok({ unreadCount: 3 }),
        listNotifications: () => ok({ items: [], nextCursor: null, unreadCount: 3 }),
      },
    );
    renderApp('/communities/club-1/leaderboard', { service: signedIn() });
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread notifications' }, LONG);
    // A person clicks the bell while the club is still loading: the panel opens.
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(panel).findByText('You have no notifications yet.');
    expect(bell).toHaveAttribute('aria-expanded', 'true');

    arrive();
    await screen.findByRole('navigation', { name: 'Club' }, LONG);
    expect(linkIn(screen.getByRole('banner'), /Morning Yoga/)).toHaveAttribute('href', '/communities/club-1');
    // The same bell, still open, and the same panel: nothing was mounted anew under the person's hand.
    expect(bell).toBeInTheDocument();
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBe(panel);
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeVisible();
  });
});

describe('club layout: a failed re-read', () => {
  it('keeps the page when the club is read again and that read fails', async () => {
    let fail = false;
    const api = clubApi(
      { status: 'active', role: 'club_member' },
      {
        getClub: () =>
          fail
            ? { status: 429, body: { error: { code: 'too_many_requests', message: 'Slow down' } } }
            : ok(club()),
      },
    );
    function ReadAgain() {
      const client = useQueryClient();
      return (
        <button type="button" onClick={() => void client.invalidateQueries()}>
          Read everything again
        </button>
      );
    }
    renderApp('/communities/club-1', {
      service: signedIn(),
      routes: [
        {
          path: '/communities/:clubId',
          element: <ClubLayout />,
          children: [{ index: true, element: <ReadAgain /> }],
        },
      ],
    });
    const readAgain = await screen.findByRole('button', { name: 'Read everything again' }, LONG);
    const reads = () => api.callsTo('GET', '/api/clubs/club-1').length;
    const before = reads();
    fail = true;
    await userEvent.click(readAgain);
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    // The club read again and refused: what was shown stays, no "Could not load this club".
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('heading', { name: 'Could not load this club' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read everything again' })).toBe(readAgain);
    expect(screen.getByRole('navigation', { name: 'Club' })).toBeInTheDocument();
  });
});

describe('club layout: Admin Controls', () => {
  const openControls = async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Admin Controls' }, LONG));
    return screen.getAllByRole('link').filter((a) => a.closest('.club-admin'));
  };

  it('gives the owner View Public Page (new tab), Edit Club, Invite Members, Club Settings, Analytics and Reports', async () => {
    clubApi({ status: 'active', role: 'club_owner' });
    renderApp('/communities/club-1', { service: signedIn() });
    const links = await openControls();
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['View Public Page', '/c/club-1'],
      ['Edit Club', '/communities/club-1/edit'],
      ['Invite Members', '/communities/club-1/invite'],
      ['Club Settings', '/communities/club-1/settings'],
      ['Analytics', '/communities/club-1/analytics'],
      ['Reports', '/communities/club-1/reports'],
    ]);
    expect(links[0]).toHaveAttribute('target', '_blank');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Admin Controls' })).toHaveAttribute(
        'aria-expanded',
        'false',
      ),
    );
  });

  it('gives a moderator only what the permissions table allows them', async () => {
    clubApi({ status: 'active', role: 'club_moderator' });
    renderApp('/communities/club-1', { service: signedIn() });
    const links = await openControls();
    expect(links.map((a) => a.textContent)).toEqual(['View Public Page', 'Analytics', 'Reports']);
  });

  it('is not there for a member', async () => {
    clubApi({ status: 'active', role: 'club_member' });
    renderApp('/communities/club-1', { service: signedIn() });
    await screen.findByRole('navigation', { name: 'Club' }, LONG);
    expect(screen.queryByRole('button', { name: 'Admin Controls' })).not.toBeInTheDocument();
  });
});

describe('club layout: the sidebar', () => {
  it('collapses and expands with Ctrl+B and Cmd+B, remembering the state in the sidebar:state cookie', async () => {
    clubApi({ status: 'active', role: 'club_member' });
    renderApp('/communities/club-1', { service: signedIn() });
    const toggle = await screen.findByRole('button', { name: 'Toggle Sidebar' }, LONG);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.cookie).toContain('sidebar:state=false');
    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(document.cookie).toContain('sidebar:state=true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Collapsed to icons, every link keeps its name.
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('title', 'Members');
  });

  it('starts collapsed when the cookie says so', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the layout reads document.cookie; jsdom has no Cookie Store
    document.cookie = 'sidebar:state=false; path=/';
    clubApi({ status: 'active', role: 'club_member' });
    renderApp('/communities/club-1', { service: signedIn() });
    expect(await screen.findByRole('button', { name: 'Toggle Sidebar' }, LONG)).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
