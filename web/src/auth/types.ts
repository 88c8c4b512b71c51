/** What the app knows about the signed-in person, read from the Cognito ID token. */
export interface AuthUser {
  sub: string;
  email: string;
  /** The `name` attribute, when set. */
  name: string | null;
  /** `cognito:groups`: e.g. ['super_admin']. */
  groups: string[];
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

/**
 * The seam between the auth provider and the identity service: Amplify in the app
 * (auth/amplifyAuth.ts), a fake in tests.
 */
export interface AuthService {
  /** The current session, refreshed when expired; null when signed out. */
  currentSession(): Promise<AuthSnapshot | null>;
  signIn(email: string, password: string): Promise<void>;
  signOut(): Promise<void>;
  /** Calls `listener` on every auth event (signed in/out, token refresh, ...); returns unsubscribe. */
  onChange(listener: (event: string) => void): () => void;
}
