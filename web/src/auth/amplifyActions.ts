/** Sign-in and sign-out through Amplify; imported on first use (keeps SRP off the first load). */
import type { RuntimeConfig } from '@clubs/shared';
import { confirmSignIn, signIn, signOut } from 'aws-amplify/auth';
import { friendly } from './cognitoErrors.ts';
import { SIGN_IN_CODE_SESSION_EXPIRED } from './messages.ts';
import type { SignInOutcome } from './types.ts';

const NEXT_STEP_MESSAGES: Record<string, string> = {
  CONFIRM_SIGN_UP: 'Please confirm your e-mail address before logging in.',
  RESET_PASSWORD: 'Please reset your password before logging in.',
};

export async function passwordSignIn(
  email: string,
  password: string,
  authFlow: RuntimeConfig['authFlow'],
): Promise<SignInOutcome> {
  const { isSignedIn, nextStep } = await signIn({
    username: email,
    password,
    options: { authFlowType: authFlow },
  });
  if (isSignedIn) return { status: 'signedIn' };
  if (nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return { status: 'totpCode' };
  throw new Error(
    NEXT_STEP_MESSAGES[nextStep.signInStep] ?? `Sign-in needs another step (${nextStep.signInStep}).`,
  );
}

/** Answers the authenticator app's code for the sign-in waiting for it. */
export async function confirmTotpSignIn(code: string): Promise<void> {
  try {
    const { isSignedIn, nextStep } = await confirmSignIn({ challengeResponse: code.trim() });
    if (!isSignedIn) throw new Error(`Sign-in needs another step (${nextStep.signInStep}).`);
  } catch (error) {
    // Cognito's session for the code lasts three minutes; after that only a new sign-in helps.
    throw friendly(error, { NotAuthorizedException: SIGN_IN_CODE_SESSION_EXPIRED });
  }
}

export async function signOutUser(): Promise<void> {
  await signOut();
}

/**
 * Revokes a refresh token with Cognito (RevokeToken), so a copy of it stops working. The device
 * has already forgotten it: a failure is logged, not shown.
 */
export async function revokeRefreshToken(options: {
  endpoint: string;
  clientId: string;
  token: string;
}): Promise<void> {
  try {
    const response = await fetch(options.endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-amz-json-1.1',
        'X-Amz-Target': 'AWSCognitoIdentityProviderService.RevokeToken',
      },
      body: JSON.stringify({ ClientId: options.clientId, Token: options.token }),
    });
    if (!response.ok) console.warn('Token revocation failed', response.status);
  } catch (error) {
    console.warn('Token revocation failed', error);
  }
}
