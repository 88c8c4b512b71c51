import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen.tsx';
import { useRouteTitle } from './useRouteTitle.ts';

/**
 * The root of every route: lazy pages show the loading screen while their code arrives, and the
 * route table's title (with the name of what the page shows) names the browser tab.
 */
export function RootLayout() {
  const { SubjectProvider, setSubject } = useRouteTitle();
  return (
    <SubjectProvider value={setSubject}>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration />
    </SubjectProvider>
  );
}
