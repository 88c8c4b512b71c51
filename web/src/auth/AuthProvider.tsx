/**
 * The auth holder: the user, the session and a loading flag
 * that clears after the first session check. It re-checks the session on every auth event
 * (signed in, signed out, token refresh, ...).
 */
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { requiredContext } from '../components/requiredContext.ts';
import { isSuperAdmin } from './claims.ts';
import type {
  AccountService,
  AuthEventListener,
  AuthService,
  AuthSession,
  AuthUser,
  SignInOutcome,
  SignUpInput,
} from './types.ts';

export interface AuthContextValue extends AccountService {
  user: AuthUser | null;
  session: AuthSession | null;
  /** True until the first session check has finished. */
  loading: boolean;
  isSuperAdmin: boolean;
  /** Signs in, or asks for the authenticator app's code (then confirmSignInCode). */
  signIn(email: string, password: string): Promise<SignInOutcome>;
  confirmSignInCode(code: string): Promise<void>;
  /** Signs out; `afterForgotten` runs once this device has forgotten the session (see AuthService). */
  signOut(afterForgotten?: () => Promise<void> | void, refreshToken?: string | null): Promise<void>;
  /** Re-reads the session (e.g. after a profile change). */
  refresh(): Promise<void>;
  /** Listens to the identity service's events ('signedIn', 'signInWithRedirect_failure', ...). */
  subscribe(listener: AuthEventListener): () => void;
}

const [AuthContextProvider, useAuthContext] = requiredContext<AuthContextValue>(
  'useAuth must be used within an AuthProvider',
);

interface State {
  user: AuthUser | null;
  session: AuthSession | null;
  loading: boolean;
}

/**
 * Wraps a call so that the session is read again after it, when `changed` says its result
 * changed the tokens (by default always).
 */
const refreshingAfter =
  (refresh: () => Promise<void>) =>
  <Args extends unknown[], Result>(
    run: (...args: Args) => Promise<Result>,
    changed: (result: Result) => boolean = () => true,
  ) =>
  async (...args: Args): Promise<Result> => {
    const result = await run(...args);
    if (changed(result)) await refresh();
    return result;
  };

export function AuthProvider({
  service,
  onUserChange,
  children,
}: {
  service: AuthService;
  /** Called when the signed-in person changes after the first check (sign-in, sign-out, switch). */
  onUserChange?: (user: AuthUser | null) => void;
  children: ReactNode;
}) {
  const [state, setState] = useState<State>({ user: null, session: null, loading: true });
  // Each check gets a number; only the newest one may write, so a slow old check never wins.
  const latestCheck = useRef(0);

  const refresh = useCallback(async () => {
    const check = ++latestCheck.current;
    let next: State;
    try {
      const snapshot = await service.currentSession();
      next = { user: snapshot?.user ?? null, session: snapshot?.session ?? null, loading: false };
    } catch (error) {
      console.error('Session check failed', error);
      next = { user: null, session: null, loading: false };
    }
    // A transition: on a drawn page (web/src/main.tsx) the answer usually comes while React is
    // still taking the drawing over, and an urgent update to what the top bar reads would make it
    // take over every part that reads it at once, in one long task; as a transition those parts
    // are taken over in the background first, yielding to the browser.
    if (check === latestCheck.current) startTransition(() => setState(next));
  }, [service]);

  useEffect(() => {
    void refresh();
    return service.onChange(() => void refresh());
  }, [service, refresh]);

  const previousSub = useRef<string | null | undefined>(undefined);
  const onUserChangeRef = useRef(onUserChange);
  onUserChangeRef.current = onUserChange;
  useEffect(() => {
    if (state.loading) return;
    const sub = state.user?.sub ?? null;
    if (previousSub.current !== undefined && previousSub.current !== sub)
      onUserChangeRef.current?.(state.user);
    previousSub.current = sub;
  }, [state.loading, state.user]);

  const signOut = useCallback(
    async (afterForgotten?: () => Promise<void> | void, refreshToken?: string | null) => {
      await service.signOut(afterForgotten, refreshToken);
      ++latestCheck.current;
      setState({ user: null, session: null, loading: false });
    },
    [service],
  );

  // Sign-in and account operations: the ones that sign in or change the tokens re-read the
  // session after, so that the user and the claims shown are the service's current ones.
  const operations = useMemo<AccountService & Pick<AuthContextValue, 'signIn' | 'confirmSignInCode'>>(() => {
    const thenRefresh = refreshingAfter(refresh);
    return {
      signIn: thenRefresh(
        (email: string, password: string) => service.signIn(email, password),
        (outcome) => outcome.status === 'signedIn',
      ),
      confirmSignInCode: thenRefresh((code: string) => service.confirmSignInCode(code)),
      signUp: thenRefresh(
        (input: SignUpInput) => service.signUp(input),
        (outcome) => outcome.status === 'signedIn',
      ),
      confirmSignUp: thenRefresh((input: SignUpInput & { code: string }) => service.confirmSignUp(input)),
      resendSignUpCode: (email) => service.resendSignUpCode(email),
      requestPasswordReset: (email) => service.requestPasswordReset(email),
      confirmPasswordReset: (email, code, password) => service.confirmPasswordReset(email, code, password),
      changePassword: (current, next) => service.changePassword(current, next),
      changeEmail: thenRefresh(
        (email: string) => service.changeEmail(email),
        (outcome) => outcome.status === 'done',
      ),
      confirmEmailChange: thenRefresh((code: string) => service.confirmEmailChange(code)),
      googleSignInAvailable: () => service.googleSignInAvailable(),
      signInWithGoogle: () => service.signInWithGoogle(),
      totpEnabled: () => service.totpEnabled(),
      startTotpSetup: () => service.startTotpSetup(),
      // The renewed tokens may carry the super_admin group now (or no longer).
      confirmTotpSetup: thenRefresh((code: string) => service.confirmTotpSetup(code)),
      disableTotp: thenRefresh(() => service.disableTotp()),
    };
  }, [service, refresh]);
  const subscribe = useCallback((listener: AuthEventListener) => service.onChange(listener), [service]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      ...operations,
      isSuperAdmin: isSuperAdmin(state.user),
      signOut,
      refresh,
      subscribe,
    }),
    [state, operations, signOut, refresh, subscribe],
  );
  return <AuthContextProvider value={value}>{children}</AuthContextProvider>;
}

export const useAuth: () => AuthContextValue = useAuthContext;
