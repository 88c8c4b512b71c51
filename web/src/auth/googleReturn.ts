/**
 * Google sign-in leaves the app for the hosted UI and comes back to `/`. Where to go then (and
 * whether it was a login or a sign-up, for the failure message) is kept in sessionStorage for
 * the round trip; a stale entry (an abandoned attempt) is ignored.
 */
export type GoogleMode = 'login' | 'signup';

interface Pending {
  target: string;
  mode: GoogleMode;
  at: number;
}

const KEY = 'clubs:google-return';
const MAX_AGE_MS = 10 * 60 * 1000;

export function rememberGoogleReturn(target: string, mode: GoogleMode, now = Date.now()): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ target, mode, at: now } satisfies Pending));
  } catch {
    // Storage can be unavailable (privacy modes): the user then lands on / after signing in.
  }
}

/** The pending return, removed as it is read; null when none or too old. */
export function takeGoogleReturn(now = Date.now()): Omit<Pending, 'at'> | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Pending>;
    if (typeof value.target !== 'string' || (value.mode !== 'login' && value.mode !== 'signup')) return null;
    if (typeof value.at !== 'number' || now - value.at > MAX_AGE_MS || value.at > now) return null;
    return { target: value.target, mode: value.mode };
  } catch {
    return null;
  }
}

/**
 * Cognito's refusal of a first Google sign-in that the pre-sign-up trigger has just linked to the
 * password account with the same e-mail (functions/src/triggers/pre-sign-up.ts): started again,
 * the same sign-in succeeds as that account.
 */
const LINKED_TO_PASSWORD_ACCOUNT = /already found an entry for username/i;
const RETRIED_KEY = 'clubs:google-link-retried';

/** Whether a failed Google return is that refusal and may be retried: once per tab, never in a loop. */
export function retryLinkedGoogleSignIn(errorMessage: string | undefined): boolean {
  if (!errorMessage || !LINKED_TO_PASSWORD_ACCOUNT.test(errorMessage)) return false;
  try {
    if (sessionStorage.getItem(RETRIED_KEY)) return false;
    sessionStorage.setItem(RETRIED_KEY, '1');
    return true;
  } catch {
    return false;
  }
}

/** After a completed sign-in: a later link (another provider) may be retried once again. */
export function forgetLinkedRetry(): void {
  try {
    sessionStorage.removeItem(RETRIED_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
