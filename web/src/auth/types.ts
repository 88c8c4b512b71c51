/** What the app knows about the signed-in person, read from the Cognito ID token. */
export interface AuthUser {
  sub: string;
  email: string;
  /** The `name` attribute, when set. */
  name: string | null;
  /** `cognito:groups`: e.g. ['super_admin']. */
  groups: string[];
  /**
   * A super admin whose token came without the super_admin group because this deployment wants
   * super admins to use an authenticator app and they have none yet.
   */
  superAdminNeedsMfa: boolean;
}

export interface AuthSession {
  idToken: string;
  accessToken: string;
  /** ID token expiry, epoch milliseconds. */
  expiresAt: number;
}

export interface AuthSnapshot {
  user: AuthUser;
  session: AuthSession;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** Where a sign-up stands: signed in, or waiting for the code e-mailed to `destination`. */
export type SignUpOutcome = { status: 'signedIn' } | { status: 'confirmCode'; destination: string | null };

/** Where a password sign-in stands: signed in, or waiting for the authenticator app's code. */
export type SignInOutcome = { status: 'signedIn' } | { status: 'totpCode' };

/** An authenticator app being added: the secret to type in, and the otpauth:// URI its QR code holds. */
export interface TotpSetup {
  secret: string;
  uri: string;
}

/** Where an e-mail change stands: done, or waiting for the code sent to the new address. */
export type EmailChangeOutcome = { status: 'done' } | { status: 'confirmCode'; destination: string | null };

/** Account operations beyond signing in and out (registration, recovery, settings, Google). */
export interface AccountService {
  /** Registers and, once the account is confirmed (at once locally), signs in. */
  signUp(input: SignUpInput): Promise<SignUpOutcome>;
  /** Confirms a sign-up with the e-mailed code, then signs in. */
  confirmSignUp(input: SignUpInput & { code: string }): Promise<void>;
  resendSignUpCode(email: string): Promise<void>;
  /** Sends a reset code; resolves the same way whether or not the address has an account. */
  requestPasswordReset(email: string): Promise<void>;
  confirmPasswordReset(email: string, code: string, newPassword: string): Promise<void>;
  changePassword(currentPassword: string, newPassword: string): Promise<void>;
  changeEmail(newEmail: string): Promise<EmailChangeOutcome>;
  confirmEmailChange(code: string): Promise<void>;
  /** Whether this deployment has Google sign-in (a hosted UI); never true locally. */
  googleSignInAvailable(): Promise<boolean>;
  /** Leaves for Google's sign-in page; the app comes back to /. */
  signInWithGoogle(): Promise<void>;
  /** Whether the signed-in person has an authenticator app (TOTP) as their second factor. */
  totpEnabled(): Promise<boolean>;
  /** Starts adding an authenticator app: a new secret, not in force until confirmed. */
  startTotpSetup(): Promise<TotpSetup>;
  /** Confirms the app with a code it shows and makes it required at every sign-in. */
  confirmTotpSetup(code: string): Promise<void>;
  /** Stops asking for the app's code at sign-in. */
  disableTotp(): Promise<void>;
}

/**
 * The seam between the auth provider and the identity service: Amplify in the app
 * (auth/amplifyAuth.ts), a fake in tests.
 */
export interface AuthService extends AccountService {
  /** The current session, refreshed when expired; null when signed out. */
  currentSession(): Promise<AuthSnapshot | null>;
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** Finishes a sign-in that asked for the authenticator app's code. */
  confirmSignInCode(code: string): Promise<void>;
  /**
   * Forgets the session on this device first (a reload from then on is signed out), calls
   * `afterForgotten` (e.g. to leave the page), then revokes the refresh token with the service.
   */
  signOut(afterForgotten?: () => Promise<void> | void, refreshToken?: string | null): Promise<void>;
  /**
   * Calls `listener` on every auth event (signed in/out, token refresh, ...), with the error's
   * message for a failure event; returns unsubscribe.
   */
  onChange(listener: AuthEventListener): () => void;
}

/** An auth event by name ('signedIn', 'signInWithRedirect_failure', ...) and a failure's message. */
export type AuthEventListener = (event: string, errorMessage?: string) => void;
