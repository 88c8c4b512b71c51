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
  googleSignInAvailable: async () => (await amplify()).amplifyAuthService.googleSignInAvailable(),
  signInWithGoogle: async () => (await amplify()).amplifyAuthService.signInWithGoogle(),
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
