import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../components/Toaster.tsx';
import { useAuth } from './AuthProvider.tsx';
import { LOGGED_OUT, LOGOUT_FAILED } from './messages.ts';

/** Goes to /, signs out and forgets cached data (spec part 1 section 4: "After logout ... /"). */
export function useLogout(): () => Promise<void> {
  const { signOut } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  return useCallback(async () => {
    try {
      // Leave first, synchronously: a guarded page still on screen when the user turns null
      // would otherwise redirect to /login.
      await navigate('/', { replace: true, flushSync: true });
      await signOut();
      queryClient.clear();
      toast({ title: LOGGED_OUT, variant: 'success' });
    } catch (error) {
      console.error('Logout failed', error);
      toast({ title: LOGOUT_FAILED, variant: 'error' });
    }
  }, [signOut, queryClient, navigate, toast]);
}
