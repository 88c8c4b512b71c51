import {
  AdminAddUserToGroupCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { handler } from '@clubs/functions/triggers/post-confirmation';
import { SUPER_ADMIN_GROUP } from '@clubs/shared';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const cognito = mockClient(CognitoIdentityProviderClient);
const ADMIN = 'Founder@Clubs.Example';

function confirmation(
  email: string,
  options: { verified?: boolean; triggerSource?: PostConfirmationTriggerEvent['triggerSource'] } = {},
): PostConfirmationTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: 'a1b2c3d4-user',
    triggerSource: options.triggerSource ?? 'PostConfirmation_ConfirmSignUp',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'client' },
    request: {
      userAttributes: {
        sub: 'a1b2c3d4-user',
        email,
        email_verified: options.verified === false ? 'false' : 'true',
        'cognito:user_status': 'CONFIRMED',
      },
    },
    response: {},
  };
}

const addCalls = () => cognito.commandCalls(AdminAddUserToGroupCommand);

beforeEach(() => {
  cognito.reset();
  cognito.on(AdminAddUserToGroupCommand).resolves({});
  vi.stubEnv('SUPER_ADMIN_EMAIL', ADMIN);
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('post-confirmation trigger', () => {
  it('adds the configured super-admin e-mail (any case) to the super_admin group', async () => {
    const event = confirmation('  founder@clubs.example ');
    await expect(handler(event)).resolves.toBe(event);

    expect(addCalls()).toHaveLength(1);
    expect(addCalls()[0]?.args[0].input).toEqual({
      UserPoolId: 'eu-west-1_pool',
      Username: 'a1b2c3d4-user',
      GroupName: SUPER_ADMIN_GROUP,
    });
  });

  it('also adds it when the account confirms through a password reset or Google', async () => {
    await handler(confirmation(ADMIN, { triggerSource: 'PostConfirmation_ConfirmForgotPassword' }));
    expect(addCalls()).toHaveLength(1);
  });

  it('leaves every other account alone', async () => {
    const event = confirmation('member@clubs.example');
    await expect(handler(event)).resolves.toBe(event);
    expect(addCalls()).toHaveLength(0);
  });

  it('does not add an unverified e-mail', async () => {
    await handler(confirmation(ADMIN, { verified: false }));
    expect(addCalls()).toHaveLength(0);
  });

  it('adds nobody when no super-admin e-mail is configured', async () => {
    vi.stubEnv('SUPER_ADMIN_EMAIL', '');
    await handler(confirmation(''));
    await handler(confirmation(ADMIN));
    expect(addCalls()).toHaveLength(0);
  });

  it('fails (and Cognito reports it) when the group cannot be joined', async () => {
    cognito.on(AdminAddUserToGroupCommand).rejects(new Error('ResourceNotFoundException'));
    await expect(handler(confirmation(ADMIN))).rejects.toThrow('ResourceNotFoundException');
  });
});
