/**
 * Cognito pre-token-generation trigger, in stages where super admins must use MFA
 * (`superAdminMfa`): Cognito can require MFA only for a whole pool, so the super-admin power is
 * withheld instead. A token carries the super_admin group only when its person has an
 * authenticator app (TOTP) enabled, which with MFA optional means Cognito asks for its code at
 * every sign-in. Without one, the group is left out of the token (every other group is kept) and
 * the ID token says why (SUPER_ADMIN_NEEDS_MFA_CLAIM), so the SPA can send them to set it up; the
 * next token refresh after enrolling carries the group again.
 *
 * A federated or hosted sign-in (Cognito asks no TOTP code there) and a user linked to an external
 * identity never carry the group, whatever their MFA settings.
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

/**
 * Whether the token comes from a sign-in Cognito asks no TOTP code for: the hosted UI (where a
 * federated sign-in such as Google lands), or a user linked to an external identity (its
 * `identities` attribute lists them), whose tokens may come from that provider's sign-in.
 */
function federatedSignIn(event: PreTokenGenerationTriggerEvent): boolean {
  if (event.triggerSource === 'TokenGeneration_HostedAuth') return true;
  const identities = event.request.userAttributes.identities;
  if (!identities) return false;
  try {
    const listed = JSON.parse(identities) as unknown;
    return !Array.isArray(listed) || listed.length > 0;
  } catch {
    // Unreadable: treated as linked (fail closed).
    return true;
  }
}

export async function handler(
  event: PreTokenGenerationTriggerEvent,
): Promise<PreTokenGenerationTriggerEvent> {
  const groups = event.request.groupConfiguration.groupsToOverride ?? [];
  if (!groups.includes(SUPER_ADMIN_GROUP)) return event;
  // Super-admin power needs a password sign-in with the authenticator's code, never a federated one.
  const federated = federatedSignIn(event);
  if (!federated && (await hasTotpMfa(event.userPoolId, event.userName))) return event;

  logger.info('super_admin withheld from a token', {
    sub: event.request.userAttributes.sub,
    triggerSource: event.triggerSource,
    reason: federated ? 'federated or hosted sign-in' : 'no authenticator app enabled',
  });
  const details = event.response.claimsOverrideDetails ?? {};
  event.response.claimsOverrideDetails = {
    ...details,
    // The SPA sends a person without an authenticator app to set one up; a federated sign-in is not helped by that.
    ...(federated
      ? {}
      : {
          claimsToAddOrOverride: {
            ...details.claimsToAddOrOverride,
            [SUPER_ADMIN_NEEDS_MFA_CLAIM]: 'true',
          },
        }),
    groupOverrideDetails: {
      ...event.request.groupConfiguration,
      groupsToOverride: groups.filter((group) => group !== SUPER_ADMIN_GROUP),
    },
  };
  return event;
}
