import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from './api/queryClient.ts';
import { AuthProvider } from './auth/AuthProvider.tsx';
import type { AuthService } from './auth/types.ts';
import { ToastProvider } from './components/Toaster.tsx';

type Router = Parameters<typeof RouterProvider>[0]['router'];

/** The providers every screen relies on, around any router (browser in the app, memory in tests). */
export function AppProviders({ authService, children }: { authService: AuthService; children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {/* A different person signed in (or out): nothing cached for the previous one survives. */}
      <AuthProvider service={authService} onUserChange={() => queryClient.clear()}>
        <ToastProvider>{children}</ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}

export function App({ authService, router }: { authService: AuthService; router: Router }) {
  return (
    <AppProviders authService={authService}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
