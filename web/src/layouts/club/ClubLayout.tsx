/**
 * The frame of every club page, under both /clubs/:clubId and /communities/:clubId:
 * the app header with the club's logo and name, the sidebar toggle and the Admin
 * Controls; the club's side navigation; the page. Nothing of the club is shown before the server
 * has said the viewer may see it; from then on the club's changes follow live (useLiveClub).
 * The header is the same element while the club loads, once it is shown and when it is refused,
 * so nothing a person opened in it closes when the access state changes.
 */
import { Suspense, useMemo } from 'react';
import { Link, Outlet, useMatches, useParams, useResolvedPath } from 'react-router-dom';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { AppHeader } from '../../components/AppHeader.tsx';
import { ClubLogo } from '../../components/clubs/ClubAvatar.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { useLiveClub } from '../../live/useLiveClub.ts';
import AppLayout from '../AppLayout.tsx';
import { useTitleSubject } from '../useRouteTitle.ts';
import { AdminControls } from './AdminControls.tsx';
import { ClubAccessDenied, ClubLoadFailed, ClubNotFound } from './ClubAccessStates.tsx';
import { ClubSearchBox } from './ClubSearchBox.tsx';
import { ClubSidebar } from './ClubSidebar.tsx';
import { type ClubSpace, ClubSpaceProvider, isUngatedClubPage } from './clubSpace.ts';
import { ClubIcon } from './icons.tsx';
import { useClubAccess } from './useClubAccess.ts';
import { useSidebar } from './useSidebar.ts';
import './club-layout.css';

const SIDEBAR_ID = 'club-sidebar';

type Sidebar = ReturnType<typeof useSidebar>;

/** The header's left side inside a club: the sidebar toggle, the club's logo and name, search. */
function ClubIdentity({ space, sidebar }: { space: ClubSpace; sidebar: Sidebar }) {
  const { club, basePath } = space;
  const shown = sidebar.isMobile ? sidebar.openMobile : sidebar.open;
  return (
    <>
      <button
        type="button"
        className="club-header__toggle"
        aria-label="Toggle Sidebar"
        aria-controls={SIDEBAR_ID}
        aria-expanded={shown}
        aria-keyshortcuts="Control+B Meta+B"
        onClick={sidebar.toggle}
      >
        <ClubIcon name="sidebar" />
      </button>
      <Link to={basePath} className="club-header__club">
        <ClubLogo name={club.name} logoUrl={club.logoUrl} size={32} />
        <span className="club-header__name">{club.name}</span>
      </Link>
      <ClubSearchBox basePath={basePath} />
    </>
  );
}

/** Below the header, once the viewer is let in: the club's side navigation and the page. */
function ClubShell({ space, sidebar }: { space: ClubSpace; sidebar: Sidebar }) {
  const { club, basePath } = space;
  useLiveClub(club.id, useAuth().user?.sub);
  return (
    <div
      className="club-shell"
      data-sidebar={sidebar.open ? 'expanded' : 'collapsed'}
      data-mobile-open={sidebar.openMobile || undefined}
    >
      {sidebar.isMobile && sidebar.openMobile && (
        <button
          type="button"
          className="club-shell__backdrop"
          aria-label="Close sidebar"
          onClick={sidebar.closeMobile}
        />
      )}
      <ClubSidebar
        id={SIDEBAR_ID}
        basePath={basePath}
        clubId={club.id}
        collapsed={!sidebar.isMobile && !sidebar.open}
        onNavigate={sidebar.closeMobile}
      />
      <div className="club-shell__content">
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

export default function ClubLayout() {
  const ungated = useMatches().some((match) => isUngatedClubPage(match.handle));
  // A page the layout does not gate gets the signed-in frame alone, nothing of the club.
  return ungated ? <AppLayout /> : <GatedClub />;
}

function GatedClub() {
  const { clubId = '' } = useParams();
  const basePath = useResolvedPath('.').pathname.replace(/\/$/, '');
  const access = useClubAccess(clubId);
  const club = access.state === 'granted' ? access.club : null;
  const role = access.state === 'granted' ? access.role : null;
  const canWrite = access.state === 'granted' && access.canWrite;
  useTitleSubject(club?.name);
  const space = useMemo<ClubSpace | null>(
    () => (club ? { club, role, canWrite, basePath } : null),
    [club, role, canWrite, basePath],
  );

  const sidebar = useSidebar();

  // The header is one element in every access state, at one place in the tree: a panel or menu
  // opened in it while the club loads (the bell, Admin Controls) stays open when the club arrives,
  // instead of vanishing with a header that React would mount anew.
  return (
    <ClubSpaceProvider value={space}>
      <AppHeader
        identity={space ? <ClubIdentity space={space} sidebar={sidebar} /> : undefined}
        actions={
          space ? <AdminControls clubId={space.club.id} basePath={basePath} role={space.role} /> : undefined
        }
      />
      {space ? (
        <ClubShell space={space} sidebar={sidebar} />
      ) : (
        <>
          {access.state === 'loading' && <LoadingScreen />}
          {access.state === 'not_found' && <ClubNotFound />}
          {access.state === 'denied' && <ClubAccessDenied clubId={clubId} reason={access.reason} />}
          {access.state === 'failed' && <ClubLoadFailed retry={access.retry} />}
        </>
      )}
    </ClubSpaceProvider>
  );
}
