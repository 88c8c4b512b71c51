/**
 * Two-factor authentication through Amplify Auth: an authenticator app (TOTP) added, confirmed,
 * made the second factor of every sign-in, or turned off. Loaded on first use, like
 * amplifyAccount.ts. After a change the tokens are renewed: where super admins must use MFA, the
 * new token carries (or drops) the super_admin group.
 */
import {
  fetchAuthSession,
  fetchMFAPreference,
  setUpTOTP,
  updateMFAPreference,
  verifyTOTPSetup,
} from 'aws-amplify/auth';
import { friendly } from './cognitoErrors.ts';
import type { TotpSetup } from './types.ts';

/** The name authenticator apps show next to the account. */
export const TOTP_ISSUER = 'Clubs';

export async function totpEnabled(): Promise<boolean> {
  const { enabled = [] } = await fetchMFAPreference();
  return enabled.includes('TOTP');
}

export async function startTotpSetup(accountName: string): Promise<TotpSetup> {
  try {
    const details = await setUpTOTP();
    return { secret: details.sharedSecret, uri: details.getSetupUri(TOTP_ISSUER, accountName).toString() };
  } catch (error) {
    throw friendly(error);
  }
}

export async function confirmTotpSetup(code: string): Promise<void> {
  try {
    await verifyTOTPSetup({ code: code.trim() });
    await updateMFAPreference({ totp: 'PREFERRED' });
  } catch (error) {
    throw friendly(error);
  }
  await fetchAuthSession({ forceRefresh: true });
}

export async function disableTotp(): Promise<void> {
  try {
    await updateMFAPreference({ totp: 'DISABLED' });
  } catch (error) {
    throw friendly(error);
  }
  await fetchAuthSession({ forceRefresh: true });
}
