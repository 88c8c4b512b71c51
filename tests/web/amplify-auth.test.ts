import type { RuntimeConfig } from '@clubs/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from './api-mock.ts';
import { fakeJwt } from './jwt.ts';

const amplify = vi.hoisted(() => ({
  configure: vi.fn(),
  fetchAuthSession: vi.fn(),
  signIn: vi.fn(),
  signOut: vi.fn(),
  setTokenRefresher: vi.fn(),
  listen: vi.fn(() => () => undefined),
}));

vi.mock('aws-amplify', () => ({ Amplify: { configure: amplify.configure } }));
vi.mock('aws-amplify/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('aws-amplify/auth')>()),
  fetchAuthSession: amplify.fetchAuthSession,
  signIn: amplify.signIn,
  signOut: amplify.signOut,
}));
vi.mock('aws-amplify/auth/cognito', () => ({
  cognitoUserPoolsTokenProvider: { tokenOrchestrator: { setTokenRefresher: amplify.setTokenRefresher } },
}));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: amplify.listen } }));

const localConfig: RuntimeConfig = {
  stage: 'local',
  region: 'us-east-1',
  userPoolId: 'us-east-1_LocalPool1',
  userPoolClientId: 'local-client',
  userPoolEndpoint: '/cognito',
  authFlow: 'USER_PASSWORD_AUTH',
  mediaBaseUrl: '/media',
};

const awsConfig: RuntimeConfig = {
  stage: 'aws',
  region: 'eu-west-1',
  userPoolId: 'eu-west-1_Abc',
  userPoolClientId: 'web-client',
  authFlow: 'USER_SRP_AUTH',
  oauth: {
    domain: 'clubs.auth.eu-west-1.amazoncognito.com',
    redirectSignIn: ['https://clubs.example/dashboard'],
    redirectSignOut: ['https://clubs.example/'],
    scopes: ['openid', 'email', 'profile'],
  },
  mediaBaseUrl: '/media',
};

const serveConfig = (config: unknown, status = 200) =>
  mockApi({ 'GET /config.json': () => ({ status, body: config }) });

// Each test gets fresh module state (the config is loaded once per page).
const load = () => import('@clubs/web/src/auth/amplifyAuth.ts');

beforeEach(() => {
  vi.resetModules();
  for (const fn of Object.values(amplify)) fn.mockClear();
});

describe('Amplify configuration', () => {
  it('locally: absolute endpoint, e-mail login, and the InitiateAuth refresher', async () => {
    const api = serveConfig(localConfig);
    const { configureAuth } = await load();
    await expect(configureAuth()).resolves.toEqual(localConfig);
    await configureAuth();
    expect(api.to('GET', '/config.json')).toHaveLength(1);
    expect(amplify.configure).toHaveBeenCalledOnce();
    expect(amplify.configure).toHaveBeenCalledWith({
      Auth: {
        Cognito: {
          userPoolId: 'us-east-1_LocalPool1',
          userPoolClientId: 'local-client',
          userPoolEndpoint: `${window.location.origin}/cognito`,
          loginWith: { email: true },
        },
      },
    });
    expect(amplify.setTokenRefresher).toHaveBeenCalledOnce();
  });

  it('deployed: no endpoint override, OAuth config, default refresher', async () => {
    serveConfig(awsConfig);
    const { configureAuth } = await load();
    await configureAuth();
    expect(amplify.configure).toHaveBeenCalledWith({
      Auth: {
        Cognito: {
          userPoolId: 'eu-west-1_Abc',
          userPoolClientId: 'web-client',
          loginWith: {
            email: true,
            oauth: {
              domain: 'clubs.auth.eu-west-1.amazoncognito.com',
              redirectSignIn: ['https://clubs.example/dashboard'],
              redirectSignOut: ['https://clubs.example/'],
              scopes: ['openid', 'email', 'profile'],
              responseType: 'code',
              providers: ['Google'],
            },
          },
        },
      },
    });
    expect(amplify.setTokenRefresher).not.toHaveBeenCalled();
  });

  it('refuses an invalid config.json and tries again on the next call', async () => {
    serveConfig({ stage: 'moon' });
    const { configureAuth } = await load();
    await expect(configureAuth()).rejects.toThrow('Invalid /config.json');
    serveConfig(localConfig);
    await expect(configureAuth()).resolves.toEqual(localConfig);
  });

  it('signs in with USER_PASSWORD_AUTH locally and SRP when deployed', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    serveConfig(localConfig);
    let mod = await load();
    await mod.amplifyAuthService.signIn('ada@example.com', 'pw');
    expect(amplify.signIn).toHaveBeenLastCalledWith({
      username: 'ada@example.com',
      password: 'pw',
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });

    vi.resetModules();
    vi.restoreAllMocks();
    serveConfig(awsConfig);
    mod = await load();
    await mod.amplifyAuthService.signIn('ada@example.com', 'pw');
    expect(amplify.signIn).toHaveBeenLastCalledWith(
      expect.objectContaining({ options: { authFlowType: 'USER_SRP_AUTH' } }),
    );
  });

  it('turns an unfinished sign-in (e.g. unconfirmed e-mail) into a readable error', async () => {
    amplify.signIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    serveConfig(localConfig);
    const { amplifyAuthService } = await load();
    await expect(amplifyAuthService.signIn('ada@example.com', 'pw')).rejects.toThrow(
      'Please confirm your e-mail address before logging in.',
    );
  });

  it('reads the user and session from the ID token', async () => {
    serveConfig(localConfig);
    const { decodeJWT } = await vi.importActual<typeof import('aws-amplify/auth')>('aws-amplify/auth');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const idToken = fakeJwt({
      sub: 'u1',
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      'cognito:groups': ['super_admin'],
      exp,
    });
    amplify.fetchAuthSession.mockResolvedValue({
      tokens: { idToken: decodeJWT(idToken), accessToken: decodeJWT(fakeJwt({ sub: 'u1', exp })) },
    });
    const { amplifyAuthService, currentIdToken } = await load();
    await expect(amplifyAuthService.currentSession()).resolves.toMatchObject({
      user: { sub: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', groups: ['super_admin'] },
      session: { idToken, expiresAt: exp * 1000 },
    });
    await expect(currentIdToken()).resolves.toBe(idToken);
  });

  it('has no session and no token when signed out', async () => {
    serveConfig(localConfig);
    amplify.fetchAuthSession.mockResolvedValue({});
    const { amplifyAuthService, currentIdToken } = await load();
    await expect(amplifyAuthService.currentSession()).resolves.toBeNull();
    await expect(currentIdToken()).resolves.toBeUndefined();
  });

  it("forwards Hub auth events, with a failure's error message", async () => {
    serveConfig(localConfig);
    const { amplifyAuthService } = await load();
    const listener = vi.fn();
    amplifyAuthService.onChange(listener);
    const calls = amplify.listen.mock.calls as unknown as [string, (capsule: unknown) => void][];
    const [channel, callback] = calls[0] ?? [];
    expect(channel).toBe('auth');
    callback?.({ payload: { event: 'signedOut' } });
    expect(listener).toHaveBeenCalledWith('signedOut', undefined);
    callback?.({
      payload: {
        event: 'signInWithRedirect_failure',
        data: { error: { message: 'Already found an entry' } },
      },
    });
    expect(listener).toHaveBeenLastCalledWith('signInWithRedirect_failure', 'Already found an entry');
  });
});
