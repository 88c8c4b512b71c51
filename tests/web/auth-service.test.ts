import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The Amplify module the lazy service would load, as a double that records being loaded. */
const loaded = vi.hoisted(() => ({ count: 0, listeners: [] as ((event: string) => void)[] }));
const amplifyDouble = () => {
  loaded.count += 1;
  return {
    configureAuth: async () => ({}),
    currentIdToken: async () => 'id-token',
    amplifyAuthService: {
      currentSession: async () => ({ user: { sub: 'user-1' }, session: {} }),
      signIn: async () => {
        for (const listener of loaded.listeners) listener('signedIn');
      },
      onChange: (listener: (event: string) => void) => {
        loaded.listeners.push(listener);
        return () => loaded.listeners.splice(loaded.listeners.indexOf(listener), 1);
      },
    },
  };
};

/** The service as a new page would load it: module state and the double's record start empty. */
const freshService = async () => {
  vi.resetModules();
  vi.doMock('../../web/src/auth/amplifyAuth.ts', amplifyDouble);
  return import('@clubs/web/src/auth/service.ts');
};

beforeEach(() => {
  loaded.count = 0;
  loaded.listeners.length = 0;
  localStorage.clear();
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('the lazily loaded auth service', () => {
  it('answers "signed out" to a visitor with no stored session without loading Amplify', async () => {
    const { authService, currentIdToken, preloadAuth } = await freshService();
    preloadAuth();
    const unsubscribe = authService.onChange(() => undefined);

    expect(await authService.currentSession()).toBeNull();
    expect(await currentIdToken()).toBeUndefined();
    expect(loaded.count).toBe(0);
    unsubscribe();
  });

  it('loads Amplify at once when this device holds a session', async () => {
    localStorage.setItem('CognitoIdentityServiceProvider.client1.user-1.refreshToken', 'refresh');
    const { authService, currentIdToken } = await freshService();

    expect(await authService.currentSession()).toMatchObject({ user: { sub: 'user-1' } });
    expect(await currentIdToken()).toBe('id-token');
    expect(loaded.count).toBe(1);
  });

  it('loads Amplify for a browser coming back from Google with a code', async () => {
    window.history.replaceState(null, '', '/?code=abc&state=xyz');
    const { authService } = await freshService();

    expect(await authService.currentSession()).toMatchObject({ user: { sub: 'user-1' } });
    expect(loaded.count).toBe(1);
  });

  it('tells a listener registered before Amplify loaded about the sign-in that loads it', async () => {
    const { authService } = await freshService();
    const events: string[] = [];
    authService.onChange((event) => events.push(event));
    const removed: string[] = [];
    authService.onChange((event) => removed.push(event))();

    await authService.signIn('member@clubs.local', 'secret');

    expect(events).toEqual(['signedIn']);
    expect(removed).toEqual([]);
    // Signed in on this page: from now on Amplify is asked, whatever the storage holds.
    expect(await authService.currentSession()).toMatchObject({ user: { sub: 'user-1' } });
  });
});
