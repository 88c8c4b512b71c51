import { type CognitoAuthTokens, createInitiateAuthRefresher } from '@clubs/web/src/auth/refresher.ts';
import { describe, expect, it, vi } from 'vitest';
import { fakeJwt } from './jwt.ts';

const now = Math.floor(Date.now() / 1000);
const oldTokens = {
  accessToken: { payload: { sub: 'u1', exp: now - 10 }, toString: () => 'old-access' },
  idToken: { payload: { sub: 'u1', exp: now - 10 }, toString: () => 'old-id' },
  refreshToken: 'refresh-1',
  clockDrift: 0,
  username: 'u1',
} satisfies CognitoAuthTokens;

function setup(status: number, body: unknown) {
  const fetchImpl = vi.fn(
    async (_url: string | URL | Request, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status }),
  );
  const refresher = createInitiateAuthRefresher({
    endpoint: 'http://localhost:5173/cognito',
    clientId: 'client-1',
    fetchImpl,
  });
  return { fetchImpl, refresher };
}

describe('local token refresher (InitiateAuth REFRESH_TOKEN_AUTH)', () => {
  it('calls InitiateAuth and returns the new tokens, keeping the refresh token', async () => {
    const access = fakeJwt({ sub: 'u1', iat: now, exp: now + 3600 });
    const id = fakeJwt({ sub: 'u1', email: 'ada@example.com', iat: now, exp: now + 3600 });
    const { fetchImpl, refresher } = setup(200, {
      AuthenticationResult: { AccessToken: access, IdToken: id },
    });

    const tokens = await refresher({ tokens: oldTokens, username: 'u1' });

    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('http://localhost:5173/cognito');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({
      'Content-Type': 'application/x-amz-json-1.1',
      'X-Amz-Target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    });
    expect(JSON.parse(String(init?.body))).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'client-1',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1' },
    });
    expect(tokens.accessToken.toString()).toBe(access);
    expect(tokens.idToken?.toString()).toBe(id);
    expect(tokens.idToken?.payload.email).toBe('ada@example.com');
    expect(tokens.refreshToken).toBe('refresh-1');
    expect(tokens.username).toBe('u1');
    expect(Math.abs(tokens.clockDrift)).toBeLessThan(5_000);
  });

  it('takes a rotated refresh token when the service sends one', async () => {
    const { refresher } = setup(200, {
      AuthenticationResult: { AccessToken: fakeJwt({ iat: now }), RefreshToken: 'refresh-2' },
    });
    const tokens = await refresher({ tokens: oldTokens, username: 'u1' });
    expect(tokens.refreshToken).toBe('refresh-2');
    expect(tokens.idToken).toBeUndefined();
  });

  it("names its error after Cognito's exception, so Amplify clears tokens on NotAuthorizedException", async () => {
    const { refresher } = setup(400, {
      __type: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    });
    await expect(refresher({ tokens: oldTokens, username: 'u1' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Refresh Token has expired',
    });
  });

  it('shares one request between concurrent callers', async () => {
    const { fetchImpl, refresher } = setup(200, {
      AuthenticationResult: { AccessToken: fakeJwt({ iat: now }) },
    });
    const [a, b] = await Promise.all([
      refresher({ tokens: oldTokens, username: 'u1' }),
      refresher({ tokens: oldTokens, username: 'u1' }),
    ]);
    expect(fetchImpl).toHaveBeenCalledOnce();
    expect(a).toBe(b);
    await refresher({ tokens: oldTokens, username: 'u1' });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('refuses to run without a refresh token', async () => {
    const { fetchImpl, refresher } = setup(200, {});
    await expect(
      refresher({ tokens: { ...oldTokens, refreshToken: undefined }, username: 'u1' }),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
