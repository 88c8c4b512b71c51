/**
 * Cognito post-confirmation trigger: when the account whose e-mail equals SUPER_ADMIN_EMAIL
 * confirms (a verified e-mail: by code, by a password reset code, or from Google), it joins the
 * super_admin group. Every other account passes through untouched. The trigger must hand the
 * event back to Cognito.
 */
import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { SUPER_ADMIN_GROUP } from '@clubs/shared';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { logger } from '../logger.ts';

let client: CognitoIdentityProviderClient | undefined;

const normalize = (email: string | undefined): string => (email ?? '').trim().toLowerCase();

export async function handler(event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> {
  const superAdminEmail = normalize(process.env.SUPER_ADMIN_EMAIL);
  const attributes = event.request.userAttributes;
  const email = normalize(attributes.email);
  if (!superAdminEmail || email !== superAdminEmail) return event;
  if (attributes.email_verified !== 'true') {
    logger.warn('super-admin e-mail confirmed without a verified e-mail; not added', {
      triggerSource: event.triggerSource,
    });
    return event;
  }

  client ??= new CognitoIdentityProviderClient({});
  await client.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: event.userPoolId,
      Username: event.userName,
      GroupName: SUPER_ADMIN_GROUP,
    }),
  );
  logger.info('added the configured super admin to its group', {
    group: SUPER_ADMIN_GROUP,
    triggerSource: event.triggerSource,
    sub: attributes.sub,
  });
  return event;
}
