/**
 * Cognito pre-sign-up trigger: the first Google sign-in of someone who already has a password
 * account with the same verified e-mail links Google to that account (AdminLinkProviderForUser)
 * instead of creating a second user, so they keep their profile, clubs, memberships and payments.
 *
 * Cognito then refuses this one sign-in ("Already found an entry for username Google_…"): the SPA
 * starts Google sign-in again once (web/src/auth/useGoogleReturn.ts), and from then on Google
 * signs in as the password account. Only verified addresses on both sides are linked: a password
 * account whose owner never proved the address, or a Google address Google has not verified,
 * gets nothing, and neither does an account in the super_admin group (its power needs a password
 * sign-in with TOTP, which a federated sign-in skips). Every other sign-up passes through
 * untouched; the trigger hands the event back.
 */
import {
  AdminLinkProviderForUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { SUPER_ADMIN_GROUP } from '@clubs/shared';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { logger } from '../logger.ts';

let client: CognitoIdentityProviderClient | undefined;

const attributeOf = (user: UserType, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;

/** Cognito's filter syntax quotes with `"`; an address with a quote or backslash is escaped. */
const quoted = (value: string) => `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;

/** "Google_1234" or "google_1234": the provider as Cognito names it, and the user's id there. */
export function externalIdentityOf(userName: string): { provider: string; id: string } | null {
  const separator = userName.indexOf('_');
  if (separator <= 0 || separator === userName.length - 1) return null;
  const name = userName.slice(0, separator);
  return { provider: `${name[0]?.toUpperCase()}${name.slice(1)}`, id: userName.slice(separator + 1) };
}

/** The confirmed password account with this verified e-mail, if there is one. */
async function passwordAccountOf(userPoolId: string, email: string): Promise<UserType | undefined> {
  client ??= new CognitoIdentityProviderClient({});
  const { Users = [] } = await client.send(
    new ListUsersCommand({ UserPoolId: userPoolId, Filter: `email = ${quoted(email)}`, Limit: 10 }),
  );
  return Users.find(
    (user) =>
      user.UserStatus === 'CONFIRMED' &&
      user.Enabled !== false &&
      attributeOf(user, 'email_verified') === 'true' &&
      attributeOf(user, 'email')?.toLowerCase() === email,
  );
}

/** Whether the account is in the super_admin group; true when that cannot be read (fail closed). */
async function isSuperAdmin(userPoolId: string, userName: string): Promise<boolean> {
  try {
    const { Groups = [] } = await (client as CognitoIdentityProviderClient).send(
      new AdminListGroupsForUserCommand({ UserPoolId: userPoolId, Username: userName, Limit: 60 }),
    );
    return Groups.some((group) => group.GroupName === SUPER_ADMIN_GROUP);
  } catch (error) {
    logger.error('could not read the groups of the account to link; nothing is linked', { error });
    return true;
  }
}

export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') return event;
  const attributes = event.request.userAttributes;
  const email = (attributes.email ?? '').trim().toLowerCase();
  const identity = externalIdentityOf(event.userName);
  if (!email || attributes.email_verified !== 'true' || !identity) return event;

  const account = await passwordAccountOf(event.userPoolId, email);
  if (!account?.Username) return event;
  // A super admin's account is never reachable by an external sign-in (no TOTP is asked there).
  if (await isSuperAdmin(event.userPoolId, account.Username)) {
    logger.warn('an external sign-in was not linked to a super admin account', {
      provider: identity.provider,
    });
    return event;
  }
  await client?.send(
    new AdminLinkProviderForUserCommand({
      UserPoolId: event.userPoolId,
      DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: account.Username },
      SourceUser: {
        ProviderName: identity.provider,
        ProviderAttributeName: 'Cognito_Subject',
        ProviderAttributeValue: identity.id,
      },
    }),
  );
  logger.info('linked an external sign-in to the password account with its e-mail', {
    provider: identity.provider,
    sub: attributeOf(account, 'sub'),
  });
  return event;
}
