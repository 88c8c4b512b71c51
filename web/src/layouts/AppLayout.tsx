import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { AppHeader } from '../components/AppHeader.tsx';
import { LoadingScreen } from '../components/LoadingScreen.tsx';

/** The frame of signed-in pages outside a club (dashboard, profile, settings, admin). */
export default function AppLayout() {
  return (
    <>
      <AppHeader />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
    </>
  );
}
