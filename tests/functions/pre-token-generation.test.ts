import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  type MFAOptionType,
} from '@aws-sdk/client-cognito-identity-provider';
import { handler } from '@clubs/functions/triggers/pre-token-generation';
import { SUPER_ADMIN_GROUP, SUPER_ADMIN_NEEDS_MFA_CLAIM } from '@clubs/shared';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const cognito = mockClient(CognitoIdentityProviderClient);

function tokenRequest(
  groups: string[],
  source: PreTokenGenerationTriggerEvent['triggerSource'] = 'TokenGeneration_Authentication',
): PreTokenGenerationTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: 'a1b2c3d4-0000-4000-8000-000000000001',
    triggerSource: source,
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'client' },
    request: {
      userAttributes: { sub: 'a1b2c3d4-0000-4000-8000-000000000001', email: 'founder@clubs.example' },
      groupConfiguration: { groupsToOverride: groups, iamRolesToOverride: [], preferredRole: undefined },
    },
    response: { claimsOverrideDetails: {} },
  } as PreTokenGenerationTriggerEvent;
}

const withMfa = (settings: string[], legacy: MFAOptionType[] = []) =>
  cognito
    .on(AdminGetUserCommand)
    .resolves({ Username: 'u', UserMFASettingList: settings, MFAOptions: legacy });

beforeEach(() => {
  cognito.reset();
});

describe('pre-token-generation trigger (super admins need MFA)', () => {
  it.each(['TokenGeneration_Authentication', 'TokenGeneration_RefreshTokens'] as const)(
    'keeps every group of a super admin with an authenticator app (%s)',
    async (source) => {
      withMfa(['SOFTWARE_TOKEN_MFA']);
      const event = tokenRequest([SUPER_ADMIN_GROUP, 'beta'], source);
      const result = await handler(event);
      expect(result.response.claimsOverrideDetails).toEqual({});
      expect(cognito.commandCalls(AdminGetUserCommand)[0]?.args[0].input).toEqual({
        UserPoolId: 'eu-west-1_pool',
        Username: 'a1b2c3d4-0000-4000-8000-000000000001',
      });
    },
  );

  it.each([
    ['a hosted-UI (federated) sign-in', 'TokenGeneration_HostedAuth', undefined],
    [
      'a user linked to Google',
      'TokenGeneration_RefreshTokens',
      '[{"providerName":"Google","userId":"1098765"}]',
    ],
    ['a user whose identities cannot be read', 'TokenGeneration_Authentication', 'not json'],
  ] as const)(
    'never gives super_admin to %s, even with an authenticator app',
    async (_what, source, identities) => {
      withMfa(['SOFTWARE_TOKEN_MFA']);
      const event = tokenRequest([SUPER_ADMIN_GROUP, 'beta'], source);
      if (identities) event.request.userAttributes.identities = identities;
      const result = await handler(event);
      expect(result.response.claimsOverrideDetails?.groupOverrideDetails?.groupsToOverride).toEqual(['beta']);
      expect(result.response.claimsOverrideDetails?.claimsToAddOrOverride).toBeUndefined();
    },
  );

  it('withholds super_admin (keeping the other groups) and says why when no authenticator app is enabled', async () => {
    withMfa([]);
    const result = await handler(tokenRequest(['beta', SUPER_ADMIN_GROUP, 'gamma']));
    expect(result.response.claimsOverrideDetails).toEqual({
      claimsToAddOrOverride: { [SUPER_ADMIN_NEEDS_MFA_CLAIM]: 'true' },
      groupOverrideDetails: { groupsToOverride: ['beta', 'gamma'], iamRolesToOverride: [] },
    });
  });

  it('does not count SMS (not offered by the pool) as the required MFA', async () => {
    withMfa(['SMS_MFA'], [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }]);
    const result = await handler(tokenRequest([SUPER_ADMIN_GROUP]));
    expect(result.response.claimsOverrideDetails.groupOverrideDetails?.groupsToOverride).toEqual([]);
  });

  it('fails closed: when AdminGetUser fails the group is withheld, and the sign-in still goes on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    cognito
      .on(AdminGetUserCommand)
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    const result = await handler(tokenRequest([SUPER_ADMIN_GROUP, 'beta']));
    expect(result.response.claimsOverrideDetails).toMatchObject({
      claimsToAddOrOverride: { [SUPER_ADMIN_NEEDS_MFA_CLAIM]: 'true' },
      groupOverrideDetails: { groupsToOverride: ['beta'] },
    });
  });

  it('never looks up people outside the super_admin group, and changes nothing for them', async () => {
    for (const groups of [[], ['beta']]) {
      const event = tokenRequest(groups);
      await expect(handler(event)).resolves.toEqual(tokenRequest(groups));
    }
    expect(cognito.commandCalls(AdminGetUserCommand)).toHaveLength(0);
  });
});
