/**
 * A double of aws-amplify/auth for the tests of web/src/auth's Amplify modules: each function
 * they call is a vi.fn(), reset before every test. A test file replaces the module with it,
 * `vi.mock('aws-amplify/auth', () => import('./amplify-auth-double.ts').then((m) => m.amplifyAuth))`,
 * and imports `amplifyAuth` to script and check the calls (the same module instance).
 */
import { beforeEach, vi } from 'vitest';

export const amplifyAuth = {
  autoSignIn: vi.fn(),
  confirmResetPassword: vi.fn(),
  confirmSignIn: vi.fn(),
  confirmSignUp: vi.fn(),
  confirmUserAttribute: vi.fn(),
  fetchAuthSession: vi.fn(),
  fetchMFAPreference: vi.fn(),
  resendSignUpCode: vi.fn(),
  resetPassword: vi.fn(),
  setUpTOTP: vi.fn(),
  signIn: vi.fn(),
  signInWithRedirect: vi.fn(),
  signOut: vi.fn(),
  signUp: vi.fn(),
  updateMFAPreference: vi.fn(),
  updatePassword: vi.fn(),
  updateUserAttribute: vi.fn(),
  verifyTOTPSetup: vi.fn(),
};

/** An exception as Amplify throws Cognito's: an Error whose name is Cognito's exception name. */
export const cognitoError = (name: string, message = name) => Object.assign(new Error(message), { name });

beforeEach(() => {
  for (const fn of Object.values(amplifyAuth)) fn.mockReset();
});
