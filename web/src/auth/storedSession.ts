/**
 * Amplify keeps the Cognito session in localStorage under `CognitoIdentityServiceProvider.{client
 * id}.…` (its default token store). Sign-out removes it synchronously, inside the click, before
 * anything asynchronous runs: a reload or a closed tab from that moment on is signed out.
 */
const PREFIX = 'CognitoIdentityServiceProvider.';
const SESSION_KEYS = [
  'idToken',
  'accessToken',
  'refreshToken',
  'clockDrift',
  'signInDetails',
  'LastAuthUser',
];

/** Removes the stored session now and returns its refresh token, so it can still be revoked. */
export function forgetStoredSession(storage: Storage = window.localStorage): string | null {
  let refreshToken: string | null = null;
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX) && SESSION_KEYS.some((name) => key.endsWith(`.${name}`))) keys.push(key);
  }
  for (const key of keys) {
    if (key.endsWith('.refreshToken')) refreshToken = storage.getItem(key);
    storage.removeItem(key);
  }
  return refreshToken;
}

/** The stored ID token (read before the session is forgotten, for the calls that end it). */
export function storedIdToken(storage: Storage = window.localStorage): string | null {
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX) && key.endsWith('.idToken')) return storage.getItem(key);
  }
  return null;
}

/** Whether this device holds a Cognito session (of any user of any app client): a cheap check. */
export function hasStoredSession(storage: Storage = window.localStorage): boolean {
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key?.startsWith(PREFIX) && (key.endsWith('.refreshToken') || key.endsWith('.idToken'))) return true;
  }
  return false;
}
