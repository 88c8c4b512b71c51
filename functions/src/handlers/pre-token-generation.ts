/**
 * Cognito pre-token-generation trigger, in stages where super admins must use MFA
 * (`superAdminMfa`): Cognito can require MFA only for a whole pool, so the super-admin power is
 * withheld instead. A token carries the super_admin group only when its person has an
 * authenticator app (TOTP) enabled, which with MFA optional means Cognito asks for its code at
 * every sign-in. Without one, the group is left out of the token (every other group is kept) and
 * the ID token says why (SUPER_ADMIN_NEEDS_MFA_CLAIM), so the SPA can send them to set it up; the
 * next token refresh after enrolling carries the group again.
 *
 * It fails closed: when the user's MFA settings cannot be read, the group is left out, and the
 * sign-in still succeeds as an ordinary user. People outside the group are never looked up.
 */
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { SUPER_ADMIN_GROUP, SUPER_ADMIN_NEEDS_MFA_CLAIM } from '@clubs/shared';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { logger } from '../logger.ts';

let client: CognitoIdentityProviderClient | undefined;

/** Whether the user has TOTP MFA enabled; false when that cannot be read (fail closed). */
async function hasTotpMfa(userPoolId: string, userName: string): Promise<boolean> {
  client ??= new CognitoIdentityProviderClient({});
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: userName }));
    return (user.UserMFASettingList ?? []).includes('SOFTWARE_TOKEN_MFA');
  } catch (error) {
    logger.error('could not read the MFA settings of a super admin; the group is withheld', { error });
    return false;
  }
}

export async function handler(
  event: PreTokenGenerationTriggerEvent,
): Promise<PreTokenGenerationTriggerEvent> {
  const groups = event.request.groupConfiguration.groupsToOverride ?? [];
  if (!groups.includes(SUPER_ADMIN_GROUP)) return event;
  if (await hasTotpMfa(event.userPoolId, event.userName)) return event;

  logger.info('super_admin withheld from a token: no authenticator app enabled', {
    sub: event.request.userAttributes.sub,
    triggerSource: event.triggerSource,
  });
  const details = event.response.claimsOverrideDetails ?? {};
  event.response.claimsOverrideDetails = {
    ...details,
    claimsToAddOrOverride: { ...details.claimsToAddOrOverride, [SUPER_ADMIN_NEEDS_MFA_CLAIM]: 'true' },
    groupOverrideDetails: {
      ...event.request.groupConfiguration,
      groupsToOverride: groups.filter((group) => group !== SUPER_ADMIN_GROUP),
    },
  };
  return event;
}
