/**
 * The app's AuthService: Amplify, loaded on first use. The Amplify code (and the runtime-config
 * schema, about 50 KB gzip) arrives in its own chunk. A visitor with no session stored on this
 * device and no Google sign-in coming back is signed out: they never load it until they sign in
 * or register, so the public pages of a signed-out visitor run no auth code at all.
 */
import { hasStoredSession } from './storedSession.ts';
import type { AuthService } from './types.ts';

type AmplifyModule = typeof import('./amplifyAuth.ts');
interface Subscription {
  listener: Parameters<AuthService['onChange']>[0];
  /** Set once attached to Amplify's events. */
  detach?: () => void;
}

let loading: Promise<AmplifyModule> | undefined;
/** onChange subscriptions, attached to Amplify's events once its code has arrived. */
const subscriptions = new Set<Subscription>();

const attach = (m: AmplifyModule, subscription: Subscription) => {
  if (subscriptions.has(subscription) && !subscription.detach)
    subscription.detach = m.amplifyAuthService.onChange(subscription.listener);
};

function amplify(): Promise<AmplifyModule> {
  loading ??= import('./amplifyAuth.ts').then(
    (m) => {
      for (const subscription of subscriptions) attach(m, subscription);
      return m;
    },
    (error: unknown) => {
      loading = undefined; // a failed download is tried again on the next use
      throw error;
    },
  );
  return loading;
}

/**
 * Whether this visit may have a session: tokens stored on this device, or the browser coming back
 * from Google's hosted UI (`?code=` or `?error=` on the return URL). Once Amplify has loaded (a
 * sign-in on this page), it is asked instead: its token store may be memory only.
 */
const maySignedIn = (): boolean =>
  loading !== undefined || hasStoredSession() || /[?&](code|error)=/.test(window.location.search);

/**
 * Starts downloading the auth code and configuring Amplify at boot, when a session may exist, and
 * says whether it did: a signed-out visitor loads none of it until they sign in or register.
 */
export function preloadAuth(): boolean {
  if (!maySignedIn()) return false;
  amplify()
    .then((m) => m.configureAuth())
    .catch((error: unknown) => console.error('Auth is not configured', error));
  return true;
}

export const authService: AuthService = {
  currentSession: async () => (maySignedIn() ? (await amplify()).amplifyAuthService.currentSession() : null),
  signIn: async (email, password) => (await amplify()).amplifyAuthService.signIn(email, password),
  confirmSignInCode: async (code) => (await amplify()).amplifyAuthService.confirmSignInCode(code),
  signOut: async (afterForgotten, refreshToken) =>
    (await amplify()).amplifyAuthService.signOut(afterForgotten, refreshToken),
  signUp: async (input) => (await amplify()).amplifyAuthService.signUp(input),
  confirmSignUp: async (input) => (await amplify()).amplifyAuthService.confirmSignUp(input),
  resendSignUpCode: async (email) => (await amplify()).amplifyAuthService.resendSignUpCode(email),
  requestPasswordReset: async (email) => (await amplify()).amplifyAuthService.requestPasswordReset(email),
  confirmPasswordReset: async (email, code, newPassword) =>
    (await amplify()).amplifyAuthService.confirmPasswordReset(email, code, newPassword),
  changePassword: async (currentPassword, newPassword) =>
    (await amplify()).amplifyAuthService.changePassword(currentPassword, newPassword),
  changeEmail: async (newEmail) => (await amplify()).amplifyAuthService.changeEmail(newEmail),
  confirmEmailChange: async (code) => (await amplify()).amplifyAuthService.confirmEmailChange(code),
  // The login page asks on arrival: /config.json answers it, without the Amplify code.
  googleSignInAvailable: async () => {
    const { loadRuntimeConfig, oauthConfigured } = await import('../config/runtimeConfig.ts');
    return oauthConfigured(await loadRuntimeConfig());
  },
  signInWithGoogle: async () => (await amplify()).amplifyAuthService.signInWithGoogle(),
  totpEnabled: async () => (await amplify()).amplifyAuthService.totpEnabled(),
  startTotpSetup: async () => (await amplify()).amplifyAuthService.startTotpSetup(),
  confirmTotpSetup: async (code) => (await amplify()).amplifyAuthService.confirmTotpSetup(code),
  disableTotp: async () => (await amplify()).amplifyAuthService.disableTotp(),
  onChange(listener) {
    // Nothing can change before Amplify is loaded: every sign-in or sign-up loads it first.
    const subscription: Subscription = { listener };
    subscriptions.add(subscription);
    void loading?.then((m) => attach(m, subscription)).catch(() => undefined); // reported by amplify()
    return () => {
      subscriptions.delete(subscription);
      subscription.detach?.();
    };
  },
};

/** The current ID token for API calls; undefined when signed out. */
export const currentIdToken = async (): Promise<string | undefined> =>
  maySignedIn() ? (await amplify()).currentIdToken() : undefined;
