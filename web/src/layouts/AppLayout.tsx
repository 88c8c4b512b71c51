import { Flex } from '@aws-amplify/ui-react';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { Brand } from '../components/Brand.tsx';
import { LoadingScreen } from '../components/LoadingScreen.tsx';
import { UserNav } from '../components/UserNav.tsx';

/** The frame of signed-in pages outside a club (dashboard, profile, settings, admin). */
export default function AppLayout() {
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
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
