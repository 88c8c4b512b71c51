/**
 * On `/` (Cognito's redirect target): once Amplify has finished a Google sign-in, go where the
 * visitor was heading; if it failed, say so — unless Cognito refused it
 * because Google was just linked to the visitor's password account, which is retried once.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '../components/Toaster.tsx';
import { useAuth } from './AuthProvider.tsx';
import {
  forgetLinkedRetry,
  rememberGoogleReturn,
  retryLinkedGoogleSignIn,
  takeGoogleReturn,
} from './googleReturn.ts';
import { GOOGLE_LOGIN_FAILED, GOOGLE_SIGNUP_FAILED, LOGGED_IN } from './messages.ts';
import { isSafeRedirect } from './redirect.ts';

export function useGoogleReturn(): void {
  const { user, loading, subscribe, signInWithGoogle } = useAuth();
  const navigate = useNavigate();
  const { toast } = useToast();

  useEffect(
    () =>
      subscribe((event, errorMessage) => {
        if (event !== 'signInWithRedirect_failure') return;
        const pending = takeGoogleReturn();
        if (retryLinkedGoogleSignIn(errorMessage)) {
          if (pending) rememberGoogleReturn(pending.target, pending.mode);
          signInWithGoogle().catch(() =>
            toast({
              title: pending?.mode === 'signup' ? GOOGLE_SIGNUP_FAILED : GOOGLE_LOGIN_FAILED,
              variant: 'error',
            }),
          );
          return;
        }
        toast({
          title: pending?.mode === 'signup' ? GOOGLE_SIGNUP_FAILED : GOOGLE_LOGIN_FAILED,
          variant: 'error',
        });
      }),
    [subscribe, toast, signInWithGoogle],
  );

  useEffect(() => {
    if (loading || !user) return;
    const pending = takeGoogleReturn();
    if (!pending) return;
    forgetLinkedRetry();
    toast({ title: LOGGED_IN, variant: 'success' });
    navigate(isSafeRedirect(pending.target) ? pending.target : '/dashboard', { replace: true });
  }, [loading, user, navigate, toast]);
}
