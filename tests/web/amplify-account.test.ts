/**
 * The Amplify side of the account operations: Cognito's exceptions become the product's messages,
 * password-reset requests never reveal whether an address has an account, and sign-up finishes
 * signed in (auto sign-in, or the password when auto sign-in is gone).
 */
import { describe, expect, it, vi } from 'vitest';
import { amplifyAuth as amplify, cognitoError } from './amplify-auth-double.ts';

vi.mock('aws-amplify/auth', () => import('./amplify-auth-double.ts').then((m) => m.amplifyAuth));

const account = await import('@clubs/web/src/auth/amplifyAccount.ts');

const input = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine' };

describe('registerAccount', () => {
  it('signs in with auto sign-in when the pool confirms at once (local), with the stage auth flow', async () => {
    amplify.signUp.mockResolvedValue({ nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } });
    amplify.autoSignIn.mockResolvedValue({ isSignedIn: true });
    await expect(account.registerAccount(input, 'USER_PASSWORD_AUTH')).resolves.toEqual({
      status: 'signedIn',
    });
    expect(amplify.signUp).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'analytical-engine',
      options: {
        userAttributes: { email: 'ada@example.com', name: 'Ada Lovelace' },
        autoSignIn: { authFlowType: 'USER_PASSWORD_AUTH' },
      },
    });
  });

  it('asks for the code when the pool verifies e-mail (deployed)', async () => {
    amplify.signUp.mockResolvedValue({
      nextStep: { signUpStep: 'CONFIRM_SIGN_UP', codeDeliveryDetails: { destination: 'a***@e***' } },
    });
    await expect(account.registerAccount(input, 'USER_SRP_AUTH')).resolves.toEqual({
      status: 'confirmCode',
      destination: 'a***@e***',
    });
  });

  it('says an address is taken in plain words', async () => {
    amplify.signUp.mockRejectedValue(cognitoError('UsernameExistsException', 'User already exists'));
    await expect(account.registerAccount(input, 'USER_SRP_AUTH')).rejects.toThrow(
      'An account with this email already exists.',
    );
  });
});

describe('confirmRegistration', () => {
  it('falls back to signing in with the password when auto sign-in is not available', async () => {
    amplify.confirmSignUp.mockResolvedValue({ nextStep: { signUpStep: 'COMPLETE_AUTO_SIGN_IN' } });
    amplify.autoSignIn.mockRejectedValue(cognitoError('AutoSignInException'));
    amplify.signIn.mockResolvedValue({ isSignedIn: true });
    await account.confirmRegistration({ ...input, code: ' 123456 ' }, 'USER_SRP_AUTH');
    expect(amplify.confirmSignUp).toHaveBeenCalledWith({
      username: 'ada@example.com',
      confirmationCode: '123456',
    });
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'analytical-engine',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
  });

  it.each([
    ['CodeMismatchException', 'That code is not right. Please check it and try again.'],
    ['ExpiredCodeException', 'That code has expired. Please request a new one.'],
    ['LimitExceededException', 'Too many attempts. Please wait a few minutes and try again.'],
  ])('turns %s into "%s"', async (name, message) => {
    amplify.confirmSignUp.mockRejectedValue(cognitoError(name));
    await expect(account.confirmRegistration({ ...input, code: '1' }, 'USER_SRP_AUTH')).rejects.toThrow(
      message,
    );
  });
});

describe('password reset never reveals who has an account', () => {
  it.each(['UserNotFoundException', 'InvalidParameterException'])(
    'a request ending in %s resolves like success',
    async (name) => {
      amplify.resetPassword.mockRejectedValue(cognitoError(name));
      await expect(account.requestReset('nobody@example.com')).resolves.toBeUndefined();
    },
  );

  it('passes other failures on', async () => {
    amplify.resetPassword.mockRejectedValue(cognitoError('LimitExceededException'));
    await expect(account.requestReset('ada@example.com')).rejects.toThrow('Too many attempts');
  });

  it('reads an unknown address at the reset step like a wrong code', async () => {
    amplify.confirmResetPassword.mockRejectedValue(cognitoError('UserNotFoundException'));
    await expect(account.confirmReset('nobody@example.com', '1', 'a-new-passphrase')).rejects.toThrow(
      'That code is not right. Please check it and try again.',
    );
  });
});

describe('changeOwnPassword', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.'],
    ['InvalidPasswordException', 'Invalid password'],
  ])('turns %s (%s) into "Current password is incorrect"', async (name, message) => {
    amplify.updatePassword.mockRejectedValue(cognitoError(name, message));
    await expect(account.changeOwnPassword('wrong', 'a-new-passphrase')).rejects.toThrow(
      'Current password is incorrect',
    );
  });

  it("keeps Cognito's policy message for a new password it refuses", async () => {
    amplify.updatePassword.mockRejectedValue(
      cognitoError(
        'InvalidPasswordException',
        'Password does not conform to policy: Password not long enough',
      ),
    );
    await expect(account.changeOwnPassword('right', 'short')).rejects.toThrow(
      'Password does not conform to policy',
    );
  });
});

describe('changeOwnEmail', () => {
  it('asks for the code sent to the new address', async () => {
    amplify.updateUserAttribute.mockResolvedValue({
      nextStep: {
        updateAttributeStep: 'CONFIRM_ATTRIBUTE_WITH_CODE',
        codeDeliveryDetails: { destination: 'n***@e***' },
      },
    });
    await expect(account.changeOwnEmail('new@example.com')).resolves.toEqual({
      status: 'confirmCode',
      destination: 'n***@e***',
    });
    expect(amplify.updateUserAttribute).toHaveBeenCalledWith({
      userAttribute: { attributeKey: 'email', value: 'new@example.com' },
    });
  });

  it('confirms with the code and refreshes the tokens (the API reads the address from them)', async () => {
    await account.confirmOwnEmail(' 654321 ');
    expect(amplify.confirmUserAttribute).toHaveBeenCalledWith({
      userAttributeKey: 'email',
      confirmationCode: '654321',
    });
    expect(amplify.fetchAuthSession).toHaveBeenCalledWith({ forceRefresh: true });
  });
});
