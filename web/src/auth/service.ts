/**
 * The app's AuthService: Amplify, loaded on first use. The Amplify code (and the runtime-config
 * schema) arrives in its own chunk, in parallel with the first paint, so `/` does not wait for it.
 */
import type { AuthService } from './types.ts';

const amplify = () => import('./amplifyAuth.ts');

/** Starts downloading the auth code and configuring Amplify (called once at boot). */
export function preloadAuth(): void {
  amplify()
    .then((m) => m.configureAuth())
    .catch((error: unknown) => console.error('Auth is not configured', error));
}

export const authService: AuthService = {
  currentSession: async () => (await amplify()).amplifyAuthService.currentSession(),
  signIn: async (email, password) => (await amplify()).amplifyAuthService.signIn(email, password),
  signOut: async () => (await amplify()).amplifyAuthService.signOut(),
  onChange(listener) {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    void amplify().then((m) => {
      if (active) unsubscribe = m.amplifyAuthService.onChange(listener);
    });
    return () => {
      active = false;
      unsubscribe?.();
    };
  },
};

/** The current ID token for API calls; undefined when signed out. */
export const currentIdToken = async (): Promise<string | undefined> => (await amplify()).currentIdToken();
