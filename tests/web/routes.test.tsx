import { CLUB_SUB_PATHS, routes } from '@clubs/web/src/routes.tsx';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { STATIC_PAGES } from '../support/static-pages.ts';
import { apiDown, club, mockApi, ok } from './api-mock.ts';
import { currentUrl, fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

// The app's API client takes its token from Amplify; here the session is a fixed ID token.

const signedIn = (groups: string[] = []) => fakeAuthService(snapshotFor({ groups })).service;

/** A course named 'Course' without sections, as the course pages read it. */
const courseDetail = () => ({
  course: {
    id: 'course-1',
    clubId: 'club-1',
    creatorId: 'owner-1',
    title: 'Course',
    description: '',
    level: 'beginner' as const,
    mainTopic: '',
    targetAudience: '',
    learningGoals: '',
    outline: '',
    unlockLevel: null,
    sectionCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  sections: [],
  canEdit: false,
});

describe('public routes', () => {
  it('/ is the landing page with the hero and Log In / Sign Up when signed out', async () => {
    renderApp('/');
    expect(
      await screen.findByRole('heading', { name: 'Cultivate Your Exclusive Circle' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Begin Your Journey' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Explore Clubs' })).toHaveAttribute('href', '/clubs');
  });

  it('/ greets a signed-in user by first name, linking to /dashboard', async () => {
    renderApp('/', { service: signedIn() });
    const welcome = await screen.findByRole('link', { name: 'Welcome, Ada' });
    expect(welcome).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
  });

  it.each([
    ['/login', 'Welcome back'],
    ['/register', 'Create your account'],
    ['/forgot-password', 'Reset your password'],
    ['/clubs', 'Explore Clubs'],
    // No server in unit tests (a 503): the page says so rather than 'Club not found'.
    ['/c/club-1', "Couldn't load this club"],
    ...STATIC_PAGES.map(({ path, heading }) => [path, heading]),
    ['/club-setup?success=true', 'Setting up your club...'],
  ])('%s renders without signing in', async (path, heading) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(currentUrl(router)).toBe(path);
  });
});

describe('guarded routes', () => {
  it('send a signed-out visitor to /login?redirect=<original path and search>', async () => {
    const { router } = renderApp('/clubs/club-1/events?tab=past');
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/login?redirect=%2Fclubs%2Fclub-1%2Fevents%3Ftab%3Dpast');
  });

  it.each([
    '/dashboard',
    '/member-dashboard',
    '/club-settings/club-1',
    '/club-billing/club-1',
    '/invite/club-1/token-1',
    '/communities/club-1',
    '/clubs/club-1',
    '/clubs/club-1/courses/course-1/take',
  ])('%s needs login', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(path)}`);
  });

  it.each(['/profile', '/settings'])(
    '%s shows a signed-out visitor "Please log in" with a Login link',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Please log in' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute(
        'href',
        `/login?redirect=${encodeURIComponent(path)}`,
      );
      expect(currentUrl(router)).toBe(path);
    },
  );

  it('shows the loading screen while the first session check runs', async () => {
    const { service } = fakeAuthService();
    let release: (value: null) => void = () => undefined;
    service.currentSession.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const { router } = renderApp('/dashboard', { service });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(router.state.location.pathname).toBe('/dashboard');
    release(null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  // The invite page is the owner's (a member is sent to /dashboard): tests/web/invitations.test.tsx.
  const clubPaths = CLUB_SUB_PATHS.filter((sub) => !sub.startsWith('invite')).flatMap((sub) =>
    ['/clubs', '/communities'].map(
      (prefix) => `${prefix}/club-1${sub ? `/${sub.replace(':courseId', 'course-1')}` : ''}`,
    ),
  );
  const headings: Record<string, string> = {
    '': 'Morning Yoga',
    home: 'Morning Yoga',
    settings: 'Club Settings',
    billing: 'Billing',
    edit: 'Edit Club: Morning Yoga',
    dashboard: 'Welcome, Ada',
    events: 'Events',
    'events/create': 'Events',
    members: 'Members',
    leaderboard: 'Leaderboard',
    courses: 'Courses',
    'courses/create': 'Create a course',
    'courses/course-1': 'Course',
    'courses/course-1/take': 'Course',
    // The server is asked first: 'Membership Activated!' once it confirms (tests/web/payments.test.tsx).
    'membership-success': 'Confirming your membership...',
  };

  it.each(clubPaths)('%s renders its club screen for a signed-in member', async (path) => {
    mockApi({
      getClub: () => ok(club()),
      getClubMembership: () => ok({ status: 'active', role: 'club_member', trialAvailable: false }),
      // Edit club reads the owner's club (anyone else is sent to /dashboard: tests/web/edit-club.test.tsx).
      getOwnedClub: () => ok(club()),
      listCourses: () => ok({ items: [], nextCursor: null, canCreate: false }),
      getCourse: () => ok(courseDetail()),
      getCourseProgress: () => ok({ courseId: 'course-1', completedSectionIds: [], done: 0, total: 0 }),
    });
    const { router } = renderApp(path, { service: signedIn() });
    const sub = path.replace(/^\/(clubs|communities)\/club-1\/?/, '');
    // The first visit loads the layout's chunk, the typed client and the page's chunk one after another.
    expect(
      await screen.findByRole('heading', { level: 1, name: headings[sub] }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // membership-success opens before the membership is active: the layout does not gate it.
    if (sub === 'membership-success') {
      expect(screen.queryByRole('navigation', { name: 'Club' })).not.toBeInTheDocument();
    } else {
      expect(screen.getByRole('navigation', { name: 'Club' })).toBeInTheDocument();
    }
    expect(currentUrl(router)).toBe(path);
  });

  it.each([
    ['/dashboard', 'Welcome'],
    ['/member-dashboard', 'Welcome, Ada'],
    ['/profile', 'Edit Profile'],
    ['/settings', 'Account Settings'],
    ['/club-settings/club-1', 'Club Settings'],
    ['/club-billing/club-1', 'Billing'],
  ])('%s renders for a signed-in user', async (path, heading) => {
    apiDown();
    const { router } = renderApp(path, { service: signedIn() });
    if (heading === 'Welcome') {
      expect(await screen.findByRole('heading', { level: 2, name: 'How It Works' })).toBeInTheDocument();
    } else {
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    }
    expect(currentUrl(router)).toBe(path);
  });

  it('/communities (no club) redirects to /dashboard', async () => {
    apiDown();
    const { router } = renderApp('/communities', { service: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('super-admin guard', () => {
  it('lets a member of the super_admin group in', async () => {
    renderApp('/super-admin', { service: signedIn(['super_admin']) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Super Admin Portal' })).toBeInTheDocument();
  });

  it('sends other signed-in users to /dashboard with Access Denied', async () => {
    apiDown();
    const { router } = renderApp('/super-admin', { service: signedIn(['club_owner']) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this page.")).toBeInTheDocument();
  });

  it('sends signed-out visitors to /login', async () => {
    const { router } = renderApp('/super-admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fsuper-admin');
  });
});

describe('fallbacks', () => {
  it.each(['/no-such-page', '/c', '/clubs/club-1/unknown', '/communities/club-1/courses/c1/take/extra'])(
    'an unknown path (%s) shows the 404 page with a Return Home link',
    async (path) => {
      renderApp(path, { service: signedIn() });
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    },
  );

  it('a render error shows a friendly message and ways back, never the exception text', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Boom(): never {
      throw new Error('kaboom');
    }
    const [root, ...rest] = routes as [RouteObject, ...RouteObject[]];
    const boom: RouteObject = { path: 'boom', element: <Boom /> };
    const withBoom: RouteObject[] = [
      { ...root, index: false, children: [boom, ...(root.children ?? [])] },
      ...rest,
    ];
    renderApp('/boom', { routes: withBoom });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/kaboom/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');
    expect(error).toHaveBeenCalled();
  });
});
