/**
 * The route table (spec part 1 section 2, part 2 section 2). Every page is its own lazy chunk;
 * the first paint of / needs only the root bundle and the landing chunk.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireAuth, RequireSuperAdmin } from './auth/guards.tsx';
import { NotFound } from './components/NotFound.tsx';
import { RouteError } from './components/RouteError.tsx';
import { UNGATED_CLUB_PAGE } from './layouts/club/clubSpace.ts';
import { RootLayout } from './layouts/RootLayout.tsx';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => {
  const Page: LazyExoticComponent<ComponentType> = lazy(load);
  return <Page />;
};

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
] as const;

const clubHome = () => import('./pages/club/ClubHomePage.tsx');
const clubPages: Record<(typeof CLUB_SUB_PATHS)[number], () => Promise<PageModule>> = {
  '': clubHome,
  home: clubHome,
  settings: () => import('./pages/settings/ClubSettingsPage.tsx'),
  billing: () => import('./pages/settings/BillingPage.tsx'),
  edit: () => import('./pages/settings/EditClubPage.tsx'),
  dashboard: () => import('./pages/dashboard/MemberDashboardPage.tsx'),
  events: () => import('./pages/events/EventsPage.tsx'),
  'events/create': () => import('./pages/events/EventsPage.tsx'),
  invite: () => import('./pages/members/InvitePage.tsx'),
  'invite-members': () => import('./pages/members/InvitePage.tsx'),
  members: () => import('./pages/members/MembersPage.tsx'),
  leaderboard: () => import('./pages/club/LeaderboardPage.tsx'),
  courses: () => import('./pages/courses/CourseListPage.tsx'),
  'courses/create': () => import('./pages/courses/CourseCreatePage.tsx'),
  'courses/:courseId': () => import('./pages/courses/CourseManagePage.tsx'),
  'courses/:courseId/take': () => import('./pages/courses/CourseTakePage.tsx'),
  'membership-success': () => import('./pages/club/MembershipSuccessPage.tsx'),
};

const clubChildren = (): RouteObject[] =>
  CLUB_SUB_PATHS.map((path) => {
    const element = page(clubPages[path]);
    if (path === '') return { index: true, element };
    return path === 'membership-success' ? { path, element, handle: UNGATED_CLUB_PAGE } : { path, element };
  });

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // Public pages.
      { index: true, element: page(() => import('./pages/public/LandingPage.tsx')) },
      { path: 'login', element: page(() => import('./pages/auth/LoginPage.tsx')) },
      { path: 'register', element: page(() => import('./pages/auth/RegisterPage.tsx')) },
      { path: 'forgot-password', element: page(() => import('./pages/auth/ForgotPasswordPage.tsx')) },
      { path: 'clubs', element: page(() => import('./pages/directory/DirectoryPage.tsx')) },
      { path: 'c/:clubId', element: page(() => import('./pages/directory/ClubPublicPage.tsx')) },
      { path: 'about', element: page(() => import('./pages/public/AboutPage.tsx')) },
      { path: 'features', element: page(() => import('./pages/public/FeaturesPage.tsx')) },
      { path: 'pricing', element: page(() => import('./pages/public/PricingPage.tsx')) },
      { path: 'contact', element: page(() => import('./pages/public/ContactPage.tsx')) },
      { path: 'terms', element: page(() => import('./pages/public/TermsPage.tsx')) },
      { path: 'privacy', element: page(() => import('./pages/public/PrivacyPage.tsx')) },
      { path: 'support', element: page(() => import('./pages/public/SupportPage.tsx')) },
      // The setup callback checks the session itself (3 s wait, then /login): not guarded.
      { path: 'club-setup', element: page(() => import('./pages/setup/ClubSetupPage.tsx')) },

      // The account pages answer a signed-out visitor themselves: 'Please log in' (spec part 2).
      {
        element: <AppLayout />,
        children: [
          { path: 'profile', element: page(() => import('./pages/settings/ProfilePage.tsx')) },
          { path: 'settings', element: page(() => import('./pages/settings/AccountSettingsPage.tsx')) },
        ],
      },

      // Signed-in pages.
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: 'dashboard', element: page(() => import('./pages/dashboard/DashboardPage.tsx')) },
              {
                path: 'member-dashboard',
                element: page(() => import('./pages/dashboard/MemberDashboardPage.tsx')),
              },
              { path: 'club-settings/:clubId', element: page(clubPages.settings) },
              { path: 'club-billing/:clubId', element: page(clubPages.billing) },
              {
                path: 'invite/:clubId/:token',
                element: page(() => import('./pages/club/AcceptInvitePage.tsx')),
              },
              {
                path: 'members/:userId',
                element: page(() => import('./pages/members/MemberProfilePage.tsx')),
              },
            ],
          },
          { path: 'clubs/:clubId', element: <ClubLayout />, children: clubChildren() },
          {
            path: 'communities',
            children: [
              // The empty path inside the app (no club chosen) goes to the dashboard.
              { index: true, element: <Navigate to="/dashboard" replace /> },
              { path: ':clubId', element: <ClubLayout />, children: clubChildren() },
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
              { path: 'super-admin', element: page(() => import('./pages/admin/SuperAdminPage.tsx')) },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
