import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../components/Toaster.tsx';
import { closeLiveSockets } from '../live/closeLiveSockets.ts';
import { useAuth } from './AuthProvider.tsx';
import { LOGGED_OUT, LOGOUT_FAILED } from './messages.ts';
import { forgetStoredSession, storedIdToken } from './storedSession.ts';

/**
 * Signs out, goes to / and forgets cached data. The
 * stored tokens go first, so a reload or a closed tab right after the click is signed out; the
 * person's open live sockets are closed with the ID token read just before.
 */
export function useLogout(): () => Promise<void> {
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  return useCallback(async () => {
    // Synchronously, inside the click, before anything asynchronous: from here on a reload or a
    // closed tab is signed out.
    const idToken = storedIdToken();
    const refreshToken = forgetStoredSession();
    if (idToken) void closeLiveSockets(idToken);
    try {
      // Leave as soon as the tokens are gone and before the user turns null: a guarded page still
      // on screen then would redirect to /login.
      await signOut(() => navigate('/', { replace: true, flushSync: true }), refreshToken);
      queryClient.clear();
      toast({ title: LOGGED_OUT, variant: 'success' });
    } catch (error) {
      console.error('Logout failed', error);
      toast({ title: LOGOUT_FAILED, variant: 'error' });
    }
  }, [signOut, queryClient, navigate, toast]);
}
