/**
 * Route guards: guarded routes need login, otherwise
 * /login?redirect=<where the visitor was going>; the super-admin guard sends signed-out visitors
 * to /login and signed-in non-admins to /dashboard, and a super admin whose token came without
 * the power for want of an authenticator app to Account Settings, which says so.
 */
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen.tsx';
import { useToast } from '../components/Toaster.tsx';
import { useAuth } from './AuthProvider.tsx';
import { loginPathFor } from './redirect.ts';

function ToLogin() {
  const location = useLocation();
  const target = `${location.pathname}${location.search}`;
  return <Navigate to={loginPathFor(target)} replace state={{ from: location }} />;
}

/** Layout route: renders its children only for a signed-in user. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  if (!user) return <ToLogin />;
  return <Outlet />;
}

/** Leaves for `to` with one toast saying why. */
function LeaveWithToast({ to, title, description }: { to: string; title: string; description: string }) {
  const { toast } = useToast();
  const shown = useRef(false); // StrictMode runs effects twice in development: one toast only.
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast({ title, description, variant: 'error' });
  }, [toast, title, description]);
  return <Navigate to={to} replace />;
}

/** Layout route: only members of the super_admin group. */
export function RequireSuperAdmin() {
  const { user, loading, isSuperAdmin } = useAuth();
  if (loading) return <LoadingScreen />;
  if (!user) return <ToLogin />;
  if (user.superAdminNeedsMfa) {
    return (
      <LeaveWithToast
        to="/settings"
        title="Two-factor authentication required"
        description="Set up an authenticator app to use the admin pages."
      />
    );
  }
  if (!isSuperAdmin) {
    return (
      <LeaveWithToast
        to="/dashboard"
        title="Access Denied"
        description="You don't have permission to access this page."
      />
    );
  }
  return <Outlet />;
}
