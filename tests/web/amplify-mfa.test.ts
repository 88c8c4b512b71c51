/**
 * The Amplify side of two-factor authentication: the setup URI and secret, confirming turns the
 * app on as the preferred factor and renews the tokens, Cognito's wrong-code exceptions become
 * the product's message, and a password sign-in reports the authenticator-app step.
 */

import { CODE_MISMATCH, SIGN_IN_CODE_SESSION_EXPIRED } from '@clubs/web/src/auth/messages.ts';
import { describe, expect, it, vi } from 'vitest';
import { amplifyAuth as amplify, cognitoError } from './amplify-auth-double.ts';

vi.mock('aws-amplify/auth', () => import('./amplify-auth-double.ts').then((m) => m.amplifyAuth));

const mfa = await import('@clubs/web/src/auth/amplifyMfa.ts');
const actions = await import('@clubs/web/src/auth/amplifyActions.ts');

describe('authenticator app setup', () => {
  it('hands out the secret and the otpauth:// URI naming Clubs and the account', async () => {
    amplify.setUpTOTP.mockResolvedValue({
      sharedSecret: 'JBSWY3DPEHPK3PXP',
      getSetupUri: (app: string, account: string) =>
        new URL(`otpauth://totp/${app}:${encodeURIComponent(account)}?secret=JBSWY3DPEHPK3PXP&issuer=${app}`),
    });
    await expect(mfa.startTotpSetup('ada@example.com')).resolves.toEqual({
      secret: 'JBSWY3DPEHPK3PXP',
      uri: 'otpauth://totp/Clubs:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Clubs',
    });
  });

  it('confirms with the code, makes TOTP the preferred factor, then renews the tokens', async () => {
    const order: string[] = [];
    amplify.verifyTOTPSetup.mockImplementation(async () => void order.push('verify'));
    amplify.updateMFAPreference.mockImplementation(async () => void order.push('prefer'));
    amplify.fetchAuthSession.mockImplementation(async () => void order.push('refresh'));
    await mfa.confirmTotpSetup(' 123456 ');
    expect(amplify.verifyTOTPSetup).toHaveBeenCalledWith({ code: '123456' });
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'PREFERRED' });
    expect(amplify.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
    expect(order).toEqual(['verify', 'prefer', 'refresh']);
  });

  it('says a wrong code in plain words and turns nothing on', async () => {
    amplify.verifyTOTPSetup.mockRejectedValue(
      cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch'),
    );
    await expect(mfa.confirmTotpSetup('000000')).rejects.toThrow(CODE_MISMATCH);
    expect(amplify.updateMFAPreference).not.toHaveBeenCalled();
  });

  it('turns the app off and renews the tokens', async () => {
    await mfa.disableTotp();
    expect(amplify.updateMFAPreference).toHaveBeenCalledWith({ totp: 'DISABLED' });
    expect(amplify.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });

  it.each([
    [{ enabled: ['TOTP'], preferred: 'TOTP' }, true],
    [{}, false],
    [{ enabled: ['EMAIL'] }, false],
  ])('reads the current state from the MFA preference (%j)', async (preference, on) => {
    amplify.fetchMFAPreference.mockResolvedValue(preference);
    await expect(mfa.totpEnabled()).resolves.toBe(on);
  });
});

describe('signing in with an authenticator app', () => {
  it('reports the code step instead of failing', async () => {
    amplify.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_TOTP_CODE' },
    });
    await expect(actions.passwordSignIn('ada@example.com', 'pw', 'USER_SRP_AUTH')).resolves.toEqual({
      status: 'totpCode',
    });
  });

  it('answers the code, and explains a wrong code and an expired sign-in', async () => {
    amplify.confirmSignIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await actions.confirmTotpSignIn(' 654321 ');
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: '654321' });

    amplify.confirmSignIn.mockRejectedValueOnce(cognitoError('CodeMismatchException'));
    await expect(actions.confirmTotpSignIn('000000')).rejects.toThrow(CODE_MISMATCH);
    amplify.confirmSignIn.mockRejectedValueOnce(
      cognitoError('NotAuthorizedException', 'Invalid session for the user, session is expired.'),
    );
    await expect(actions.confirmTotpSignIn('000000')).rejects.toThrow(SIGN_IN_CODE_SESSION_EXPIRED);
  });
});

describe('the ID token of a super admin without an authenticator app', () => {
  it('reads the claim the pre-token-generation trigger adds, and only its "true"', async () => {
    const { userFromClaims } = await import('@clubs/web/src/auth/claims.ts');
    const user = (claims: Record<string, unknown>) => userFromClaims({ sub: 'u1', ...claims });
    expect(user({ super_admin_needs_mfa: 'true' })).toMatchObject({ groups: [], superAdminNeedsMfa: true });
    expect(user({ 'cognito:groups': ['super_admin'] })).toMatchObject({ superAdminNeedsMfa: false });
    expect(user({ super_admin_needs_mfa: 'false' }).superAdminNeedsMfa).toBe(false);
  });
});
