/**
 * Account operations through Amplify Auth (registration, confirmation, password reset, password
 * and e-mail changes, Google). Loaded on first use, like amplifyActions.ts, so none of it is in
 * the initial JavaScript. Cognito's exception names become the product's messages here, so pages
 * only ever show `error.message`.
 */
import type { RuntimeConfig } from '@clubs/shared';
import {
  autoSignIn,
  confirmResetPassword,
  confirmSignUp,
  confirmUserAttribute,
  fetchAuthSession,
  resendSignUpCode,
  resetPassword,
  signIn,
  signInWithRedirect,
  signUp,
  updatePassword,
  updateUserAttribute,
} from 'aws-amplify/auth';
import { errorName, friendly } from './cognitoErrors.ts';
import { CODE_MISMATCH, CURRENT_PASSWORD_INCORRECT, EMAIL_IN_USE } from './messages.ts';
import type { EmailChangeOutcome, SignUpInput, SignUpOutcome } from './types.ts';

type AuthFlow = RuntimeConfig['authFlow'];

async function signInAfterConfirmation(email: string, password: string, authFlow: AuthFlow): Promise<void> {
  const result = await signIn({ username: email, password, options: { authFlowType: authFlow } });
  if (!result.isSignedIn) throw new Error('Your account is ready. Please log in.');
}

export async function registerAccount(input: SignUpInput, authFlow: AuthFlow): Promise<SignUpOutcome> {
  try {
    const { nextStep } = await signUp({
      username: input.email,
      password: input.password,
      options: {
        userAttributes: { email: input.email, name: input.name },
        autoSignIn: { authFlowType: authFlow },
      },
    });
    if (nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
      return { status: 'confirmCode', destination: nextStep.codeDeliveryDetails.destination ?? null };
    }
    if (nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
      const { isSignedIn } = await autoSignIn();
      if (isSignedIn) return { status: 'signedIn' };
    }
    await signInAfterConfirmation(input.email, input.password, authFlow);
    return { status: 'signedIn' };
  } catch (error) {
    throw friendly(error, { UsernameExistsException: EMAIL_IN_USE });
  }
}

export async function confirmRegistration(
  input: SignUpInput & { code: string },
  authFlow: AuthFlow,
): Promise<void> {
  try {
    const { nextStep } = await confirmSignUp({ username: input.email, confirmationCode: input.code.trim() });
    if (nextStep.signUpStep === 'COMPLETE_AUTO_SIGN_IN') {
      try {
        const { isSignedIn } = await autoSignIn();
        if (isSignedIn) return;
      } catch {
        // Auto sign-in only survives in the tab that signed up; sign in with the password instead.
      }
    }
    await signInAfterConfirmation(input.email, input.password, authFlow);
  } catch (error) {
    throw friendly(error);
  }
}

export async function resendRegistrationCode(email: string): Promise<void> {
  try {
    await resendSignUpCode({ username: email });
  } catch (error) {
    throw friendly(error);
  }
}

/**
 * Asks Cognito to e-mail a reset code. Whether the address has an account is never revealed:
 * "no such user" (and "no verified address") end exactly like success.
 */
export async function requestReset(email: string): Promise<void> {
  try {
    await resetPassword({ username: email });
  } catch (error) {
    const name = errorName(error);
    if (name === 'UserNotFoundException' || name === 'InvalidParameterException') return;
    throw friendly(error);
  }
}

export async function confirmReset(email: string, code: string, newPassword: string): Promise<void> {
  try {
    await confirmResetPassword({ username: email, confirmationCode: code.trim(), newPassword });
  } catch (error) {
    // An unknown address reads like a wrong code: nothing tells whether it has an account.
    throw friendly(error, { UserNotFoundException: CODE_MISMATCH });
  }
}

export async function changeOwnPassword(currentPassword: string, newPassword: string): Promise<void> {
  try {
    await updatePassword({ oldPassword: currentPassword, newPassword });
  } catch (error) {
    const name = errorName(error);
    const message = error instanceof Error ? error.message : '';
    // Cognito: NotAuthorizedException. cognito-local: InvalidPasswordException "Invalid password"
    // (Cognito uses that name for policy failures, whose message says so).
    if (
      name === 'NotAuthorizedException' ||
      (name === 'InvalidPasswordException' && !/policy/i.test(message))
    ) {
      throw new Error(CURRENT_PASSWORD_INCORRECT, { cause: error });
    }
    throw friendly(error);
  }
}

export async function changeOwnEmail(newEmail: string): Promise<EmailChangeOutcome> {
  try {
    const { nextStep } = await updateUserAttribute({
      userAttribute: { attributeKey: 'email', value: newEmail },
    });
    if (nextStep.updateAttributeStep === 'CONFIRM_ATTRIBUTE_WITH_CODE') {
      return { status: 'confirmCode', destination: nextStep.codeDeliveryDetails?.destination ?? newEmail };
    }
    await fetchAuthSession({ forceRefresh: true });
    return { status: 'done' };
  } catch (error) {
    throw friendly(error);
  }
}

export async function confirmOwnEmail(code: string): Promise<void> {
  try {
    await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code.trim() });
    // New tokens carry the new address (the API reads it from the ID token).
    await fetchAuthSession({ forceRefresh: true });
  } catch (error) {
    throw friendly(error);
  }
}

export async function redirectToGoogle(): Promise<void> {
  await signInWithRedirect({ provider: 'Google' });
}
