/**
 * The route table. Every page is its own lazy chunk;
 * the first paint of / needs only the root bundle and the landing chunk.
 */

import { ENTRY_DOCUMENTS } from '@clubs/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth, RequireSuperAdmin } from './auth/guards.tsx';
import { NotFound } from './components/NotFound.tsx';
import { RouteError } from './components/RouteError.tsx';
import { UNGATED_CLUB_PAGE } from './layouts/club/clubSpace.ts';
import { RootLayout } from './layouts/RootLayout.tsx';
import type { TitleHandle } from './layouts/useRouteTitle.ts';

type PageModule = { default: ComponentType };

/** What a route's `handle` may hold: its tab title, and how to load its page ahead of rendering. */
export interface PageHandle extends Partial<TitleHandle> {
  preload?: () => Promise<void>;
}

/**
 * A lazy page. Rendered before its code has arrived it suspends (the root layout shows the
 * loading screen); once `preload` has loaded it, it renders at once, which is how the first
 * render of a page the entry document has already drawn replaces it without a loading screen in
 * between (main.tsx, web/build/entry-documents.ts).
 */
const page = (load: () => Promise<PageModule>, handle: Partial<TitleHandle> = {}) => {
  let Loaded: ComponentType | undefined;
  const remember = (module: PageModule) => {
    Loaded = module.default;
    return module;
  };
  const Lazy: LazyExoticComponent<ComponentType> = lazy(() => load().then(remember));
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  const preload = () => load().then((module) => void remember(module));
  return { element: <Page />, handle: { ...handle, preload } satisfies PageHandle };
};

/** A page of the table with the title of its browser tab (see layouts/useRouteTitle.ts). */
const titled = (title: string, path: string, load: () => Promise<PageModule>): RouteObject => ({
  path,
  ...page(load, { title }),
});

/** Loads the pages (layouts aside) the route table shows at `pathname`. */
export const preloadPages = (pathname: string): Promise<unknown> =>
  Promise.all(
    (matchRoutes(routes, pathname) ?? []).map((match) =>
      (match.route.handle as PageHandle | undefined)?.preload?.(),
    ),
  );

type EntryRoute = (typeof ENTRY_DOCUMENTS)[number]['route'];
/** The tab title of a page with an entry document of its own (shared/src/site-documents.ts). */
const entryTitle = (route: EntryRoute): string =>
  ENTRY_DOCUMENTS.find((document) => document.route === route)?.title ?? '';

const AppLayout = lazy(() => import('./layouts/AppLayout.tsx'));
const ClubLayout = lazy(() => import('./layouts/club/ClubLayout.tsx'));

/** The sub-paths of a club, mounted under both /clubs/:clubId and /communities/:clubId. */
export const CLUB_SUB_PATHS = [
  '',
  'home',
  'settings',
  'billing',
  'edit',
  'dashboard',
  'events',
  'events/create',
  'invite',
  'invite-members',
  'members',
  'leaderboard',
  'courses',
  'courses/create',
  'courses/:courseId',
  'courses/:courseId/take',
  'membership-success',
  'search',
  'analytics',
  'reports',
] as const;

/** The tab titles of a club's pages. */
const CLUB_PAGE_TITLES: Record<(typeof CLUB_SUB_PATHS)[number], string> = {
  '': 'Club Home',
  home: 'Club Home',
  settings: 'Club Settings',
  billing: 'Billing',
  edit: 'Edit Club',
  dashboard: 'Member Dashboard',
  events: 'Events',
  'events/create': 'New Event',
  invite: 'Invite Members',
  'invite-members': 'Invite Members',
  members: 'Members',
  leaderboard: 'Leaderboard',
  courses: 'Courses',
  'courses/create': 'New Course',
  'courses/:courseId': 'Course',
  'courses/:courseId/take': 'Course',
  'membership-success': 'Welcome to the club',
  search: 'Search',
  analytics: 'Analytics',
  reports: 'Reports',
};

const clubSetup = () => import('./features/club-settings/pages/ClubSetupPage.tsx');
const accountSettings = () => import('./features/account/pages/AccountSettingsPage.tsx');
const messagesPage = () => import('./features/chat/pages/MessagesPage.tsx');
const clubHome = () => import('./features/feed/pages/ClubHomePage.tsx');
const clubPages: Record<(typeof CLUB_SUB_PATHS)[number], () => Promise<PageModule>> = {
  '': clubHome,
  home: clubHome,
  settings: () => import('./features/club-settings/pages/ClubSettingsPage.tsx'),
  billing: () => import('./features/club-settings/pages/BillingPage.tsx'),
  edit: () => import('./features/club-settings/pages/EditClubPage.tsx'),
  dashboard: () => import('./features/dashboard/pages/MemberDashboardPage.tsx'),
  events: () => import('./features/events/pages/EventsPage.tsx'),
  'events/create': () => import('./features/events/pages/EventsPage.tsx'),
  invite: () => import('./features/members/pages/InvitePage.tsx'),
  'invite-members': () => import('./features/members/pages/InvitePage.tsx'),
  members: () => import('./features/members/pages/MembersPage.tsx'),
  leaderboard: () => import('./features/leaderboard/pages/LeaderboardPage.tsx'),
  courses: () => import('./features/courses/pages/CourseListPage.tsx'),
  'courses/create': () => import('./features/courses/pages/CourseCreatePage.tsx'),
  'courses/:courseId': () => import('./features/courses/pages/CourseManagePage.tsx'),
  'courses/:courseId/take': () => import('./features/courses/pages/CourseTakePage.tsx'),
  'membership-success': () => import('./features/members/pages/MembershipSuccessPage.tsx'),
  search: () => import('./features/search/pages/SearchPage.tsx'),
  analytics: () => import('./features/analytics/pages/AnalyticsPage.tsx'),
  reports: () => import('./features/moderation/pages/ReportsPage.tsx'),
};

const clubChildren = (): RouteObject[] =>
  CLUB_SUB_PATHS.map((path) => {
    const title = CLUB_PAGE_TITLES[path];
    if (path === '') return { index: true, ...page(clubPages[path], { title }) };
    const handle = path === 'membership-success' ? { ...UNGATED_CLUB_PAGE, title } : { title };
    return { path, ...page(clubPages[path], handle) };
  });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // Public pages.
      {
        index: true,
        ...page(() => import('./features/public/pages/LandingPage.tsx'), { title: entryTitle('/') }),
      },
      titled(entryTitle('/login'), 'login', () => import('./features/account/pages/LoginPage.tsx')),
      titled(entryTitle('/register'), 'register', () => import('./features/account/pages/RegisterPage.tsx')),
      titled(
        'Reset your password',
        'forgot-password',
        () => import('./features/account/pages/ForgotPasswordPage.tsx'),
      ),
      titled(entryTitle('/clubs'), 'clubs', () => import('./features/directory/pages/DirectoryPage.tsx')),
      {
        path: 'c/:clubId',
        ...page(() => import('./features/directory/pages/ClubPublicPage.tsx'), {
          title: entryTitle('/c/*'),
          subjectTitle: true,
        }),
      },
      titled('About', 'about', () => import('./features/public/pages/AboutPage.tsx')),
      titled(entryTitle('/features'), 'features', () => import('./features/public/pages/FeaturesPage.tsx')),
      titled(entryTitle('/pricing'), 'pricing', () => import('./features/public/pages/PricingPage.tsx')),
      titled('Contact', 'contact', () => import('./features/public/pages/ContactPage.tsx')),
      titled('Terms of Service', 'terms', () => import('./features/public/pages/TermsPage.tsx')),
      titled('Privacy Policy', 'privacy', () => import('./features/public/pages/PrivacyPage.tsx')),
      titled('Help Centre', 'support', () => import('./features/public/pages/SupportPage.tsx')),
      titled('Developers', 'developers', () => import('./features/public/pages/DevelopersPage.tsx')),
      // An e-mail's unsubscribe link: works signed out (a signed token).
      titled('Unsubscribe', 'unsubscribe', () => import('./features/public/pages/UnsubscribePage.tsx')),
      // The setup callback checks the session itself (3 s wait, then /login): not guarded.
      titled('Setting up your club', 'club-setup', clubSetup),

      // The account pages answer a signed-out visitor themselves: 'Please log in'.
      {
        element: <AppLayout />,
        children: [
          titled('Edit Profile', 'profile', () => import('./features/account/pages/ProfilePage.tsx')),
          titled('Account Settings', 'settings', accountSettings),
        ],
      },

      // Signed-in pages.
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              titled('Dashboard', 'dashboard', () => import('./features/dashboard/pages/DashboardPage.tsx')),
              titled(
                'My Clubs',
                'member-dashboard',
                () => import('./features/dashboard/pages/MemberDashboardPage.tsx'),
              ),
              titled(CLUB_PAGE_TITLES.settings, 'club-settings/:clubId', clubPages.settings),
              titled(CLUB_PAGE_TITLES.billing, 'club-billing/:clubId', clubPages.billing),
              titled(
                'Invitation',
                'invite/:clubId/:token',
                () => import('./features/members/pages/AcceptInvitePage.tsx'),
              ),
              titled(
                'Member',
                'members/:userId',
                () => import('./features/members/pages/MemberProfilePage.tsx'),
              ),
              titled(
                'Notifications',
                'notifications',
                () => import('./features/notifications/pages/NotificationsPage.tsx'),
              ),
              titled('Messages', 'messages', messagesPage),
              titled('Messages', 'messages/:conversationId', messagesPage),
            ],
          },
          {
            path: 'clubs/:clubId',
            element: <ClubLayout />,
            children: clubChildren(),
            handle: { title: 'Club' },
          },
          {
            path: 'communities',
            children: [
              // The empty path inside the app (no club chosen) goes to the dashboard.
              { index: true, element: <Navigate to="/dashboard" replace /> },
              {
                path: ':clubId',
                element: <ClubLayout />,
                children: clubChildren(),
                handle: { title: 'Club' },
              },
            ],
          },
        ],
      },
      {
        element: <RequireSuperAdmin />,
        children: [
          {
            element: <AppLayout />,
            children: [
              titled('Super Admin', 'super-admin', () => import('./features/admin/pages/SuperAdminPage.tsx')),
            ],
          },
        ],
      },
      { path: '*', element: <NotFound />, handle: { title: 'Page not found' } },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
