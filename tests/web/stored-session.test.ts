import { forgetStoredSession } from '@clubs/web/src/auth/storedSession.ts';
import { describe, expect, it } from 'vitest';

describe('forgetStoredSession', () => {
  it('removes the stored Cognito session at once, keeps other keys, and returns the refresh token', () => {
    const base = 'CognitoIdentityServiceProvider.client1';
    localStorage.setItem(`${base}.LastAuthUser`, 'user-1');
    localStorage.setItem(`${base}.user-1.idToken`, 'id');
    localStorage.setItem(`${base}.user-1.accessToken`, 'access');
    localStorage.setItem(`${base}.user-1.refreshToken`, 'refresh');
    localStorage.setItem(`${base}.user-1.clockDrift`, '0');
    localStorage.setItem('sidebar:other', 'kept');

    expect(forgetStoredSession()).toBe('refresh');

    expect(
      Object.keys(localStorage).filter((key) => key.startsWith('CognitoIdentityServiceProvider.')),
    ).toEqual([]);
    expect(localStorage.getItem('sidebar:other')).toBe('kept');
    expect(forgetStoredSession()).toBeNull();
  });
});
