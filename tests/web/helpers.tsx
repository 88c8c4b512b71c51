import { AppProviders } from '@clubs/web/src/App.tsx';
import type {
  AuthEventListener,
  AuthService,
  AuthSnapshot,
  AuthUser,
  EmailChangeOutcome,
  SignInOutcome,
  SignUpInput,
  SignUpOutcome,
  TotpSetup,
} from '@clubs/web/src/auth/types.ts';
import { routes as appRoutes } from '@clubs/web/src/routes.tsx';
import { render, within } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';

export function snapshotFor(user: Partial<AuthUser> = {}): AuthSnapshot {
  return {
    user: {
      sub: 'user-1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      groups: [],
      superAdminNeedsMfa: false,
      ...user,
    },
    session: { idToken: 'id-token-1', accessToken: 'access-token-1', expiresAt: Date.now() + 3_600_000 },
  };
}

/** What the double's authenticator-app setup hands out. */
export const FAKE_TOTP_SETUP: TotpSetup = {
  secret: 'JBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Clubs:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Clubs',
};

/**
 * An AuthService double: a session that sign-in sets and sign-out clears, emittable events, and
 * an authenticator app that setup turns on and disabling turns off.
 */
export function fakeAuthService(
  initial: AuthSnapshot | null = null,
  signedInAs: AuthSnapshot = snapshotFor(),
) {
  let current = initial;
  let totp = false;
  const listeners = new Set<AuthEventListener>();
  const service = {
    currentSession: vi.fn(async () => current),
    signIn: vi.fn(async (_email: string, _password: string): Promise<SignInOutcome> => {
      current = signedInAs;
      return { status: 'signedIn' };
    }),
    confirmSignInCode: vi.fn(async (_code: string) => {
      current = signedInAs;
    }),
    signOut: vi.fn(async (afterForgotten?: () => Promise<void> | void) => {
      current = null;
      await afterForgotten?.();
    }),
    onChange: vi.fn((listener: AuthEventListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    // Account operations: sign-up signs in at once (as locally); the rest succeed.
    signUp: vi.fn(async (_input: SignUpInput): Promise<SignUpOutcome> => {
      current = signedInAs;
      return { status: 'signedIn' };
    }),
    confirmSignUp: vi.fn(async (_input: SignUpInput & { code: string }) => {
      current = signedInAs;
    }),
    resendSignUpCode: vi.fn(async (_email: string) => undefined),
    requestPasswordReset: vi.fn(async (_email: string) => undefined),
    confirmPasswordReset: vi.fn(async (_email: string, _code: string, _password: string) => undefined),
    changePassword: vi.fn(async (_current: string, _next: string) => undefined),
    changeEmail: vi.fn(
      async (email: string): Promise<EmailChangeOutcome> => ({ status: 'confirmCode', destination: email }),
    ),
    confirmEmailChange: vi.fn(async (_code: string) => undefined),
    googleSignInAvailable: vi.fn(async () => false),
    signInWithGoogle: vi.fn(async () => undefined),
    totpEnabled: vi.fn(async () => totp),
    startTotpSetup: vi.fn(async () => FAKE_TOTP_SETUP),
    confirmTotpSetup: vi.fn(async (_code: string) => {
      totp = true;
    }),
    disableTotp: vi.fn(async () => {
      totp = false;
    }),
  } satisfies AuthService;
  return {
    service,
    /** Changes the session behind the provider's back and fires an auth event, as Amplify's Hub does. */
    emit(event: string, next: AuthSnapshot | null, errorMessage?: string) {
      current = next;
      for (const listener of listeners) listener(event, errorMessage);
    },
  };
}

export function renderApp(
  path: string | { pathname: string; search?: string; state?: unknown },
  {
    service = fakeAuthService().service,
    routes = appRoutes,
  }: { service?: AuthService; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders authService={service}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router };
}

export const currentUrl = (router: ReturnType<typeof createMemoryRouter>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

/** The link named `name` within `container`, for a check of where it goes or whether it is current. */
export const linkIn = (container: HTMLElement, name: string | RegExp) =>
  within(container).getByRole('link', { name });
