/**
 * The auth holder (spec part 1 section 4, "Session"): the user, the session and a loading flag
 * that clears after the first session check. It re-checks the session on every auth event
 * (signed in, signed out, token refresh, ...).
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { isSuperAdmin } from './claims.ts';
import type {
  AccountService,
  AuthEventListener,
  AuthService,
  AuthSession,
  AuthUser,
  SignInOutcome,
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

const AuthContext = createContext<AuthContextValue | null>(null);

interface State {
  user: AuthUser | null;
  session: AuthSession | null;
  loading: boolean;
}

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
    if (check === latestCheck.current) setState(next);
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

  const signIn = useCallback(
    async (email: string, password: string) => {
      const outcome = await service.signIn(email, password);
      if (outcome.status === 'signedIn') await refresh();
      return outcome;
    },
    [service, refresh],
  );

  const confirmSignInCode = useCallback(
    async (code: string) => {
      await service.confirmSignInCode(code);
      await refresh();
    },
    [service, refresh],
  );

  const signOut = useCallback(
    async (afterForgotten?: () => Promise<void> | void, refreshToken?: string | null) => {
      await service.signOut(afterForgotten, refreshToken);
      ++latestCheck.current;
      setState({ user: null, session: null, loading: false });
    },
    [service],
  );

  // Account operations: the ones that sign in or change the tokens re-read the session after.
  const account = useMemo<AccountService>(
    () => ({
      signUp: async (input) => {
        const outcome = await service.signUp(input);
        if (outcome.status === 'signedIn') await refresh();
        return outcome;
      },
      confirmSignUp: async (input) => {
        await service.confirmSignUp(input);
        await refresh();
      },
      resendSignUpCode: (email) => service.resendSignUpCode(email),
      requestPasswordReset: (email) => service.requestPasswordReset(email),
      confirmPasswordReset: (email, code, password) => service.confirmPasswordReset(email, code, password),
      changePassword: (current, next) => service.changePassword(current, next),
      changeEmail: async (email) => {
        const outcome = await service.changeEmail(email);
        if (outcome.status === 'done') await refresh();
        return outcome;
      },
      confirmEmailChange: async (code) => {
        await service.confirmEmailChange(code);
        await refresh();
      },
      googleSignInAvailable: () => service.googleSignInAvailable(),
      signInWithGoogle: () => service.signInWithGoogle(),
      totpEnabled: () => service.totpEnabled(),
      startTotpSetup: () => service.startTotpSetup(),
      // The renewed tokens may carry the super_admin group now (or no longer).
      confirmTotpSetup: async (code) => {
        await service.confirmTotpSetup(code);
        await refresh();
      },
      disableTotp: async () => {
        await service.disableTotp();
        await refresh();
      },
    }),
    [service, refresh],
  );
  const subscribe = useCallback((listener: AuthEventListener) => service.onChange(listener), [service]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      ...account,
      isSuperAdmin: isSuperAdmin(state.user),
      signIn,
      confirmSignInCode,
      signOut,
      refresh,
      subscribe,
    }),
    [state, account, signIn, confirmSignInCode, signOut, refresh, subscribe],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
