import { Flex } from '@aws-amplify/ui-react';
import { Suspense } from 'react';
import { NavLink, Outlet, useParams } from 'react-router-dom';
import { Brand } from '../components/Brand.tsx';
import { LoadingScreen } from '../components/LoadingScreen.tsx';
import { UserNav } from '../components/UserNav.tsx';

const SECTIONS = [
  { to: '.', label: 'Home', end: true },
  { to: 'events', label: 'Events' },
  { to: 'courses', label: 'Courses' },
  { to: 'leaderboard', label: 'Leaderboard' },
  { to: 'members', label: 'Members' },
] as const;

/**
 * The frame of every club page, under both /clubs/:clubId and /communities/:clubId (spec part 2
 * section 2). The club header, sidebar and admin menu come with the club issue.
 */
export default function ClubLayout() {
  const { clubId } = useParams();
  return (
    <>
      <Flex
        as="header"
        className="clubs-header"
        justifyContent="space-between"
        alignItems="center"
        wrap="wrap"
      >
        <Brand />
        <UserNav />
      </Flex>
      <Flex className="clubs-club" data-club-id={clubId}>
        <nav aria-label="Club" className="clubs-club__nav">
          {SECTIONS.map((section) => (
            <NavLink key={section.label} to={section.to} end={'end' in section} className="clubs-club__link">
              {section.label}
            </NavLink>
          ))}
        </nav>
        <div className="clubs-club__content">
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </div>
      </Flex>
    </>
  );
}
