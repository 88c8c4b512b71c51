import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from './api/queryClient.ts';
import { AuthProvider } from './auth/AuthProvider.tsx';
import type { AuthService } from './auth/types.ts';
import { ToastProvider } from './components/Toaster.tsx';
import type { DrawnQuery } from './drawn-data.ts';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/**
 * The providers every screen relies on, around any router (browser in the app, memory in tests).
 * `drawn` holds the answers a document was drawn with (drawn-data.ts): the cache starts with them,
 * so the first render is the drawing and the page asks the API for none of them.
 */
export function AppProviders({
  authService,
  drawn = [],
  children,
}: {
  authService: AuthService;
  drawn?: readonly DrawnQuery[];
  children: ReactNode;
}) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    for (const query of drawn) client.setQueryData(query.key, query.data);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      {/* A different person signed in (or out): nothing cached for the previous one survives. */}
      <AuthProvider service={authService} onUserChange={() => queryClient.clear()}>
        <ToastProvider>{children}</ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

export function App({
  authService,
  router,
  drawn,
}: {
  authService: AuthService;
  router: Router;
  drawn?: readonly DrawnQuery[];
}) {
  return (
    <AppProviders authService={authService} drawn={drawn}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
