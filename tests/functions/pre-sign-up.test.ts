import {
  AdminLinkProviderForUserCommand,
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import { externalIdentityOf, handler } from '@clubs/functions/triggers/pre-sign-up';
import { SUPER_ADMIN_GROUP } from '@clubs/shared';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';

const cognito = mockClient(CognitoIdentityProviderClient);

function signUp(
  options: {
    source?: PreSignUpTriggerEvent['triggerSource'];
    userName?: string;
    email?: string;
    verified?: boolean;
  } = {},
): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'eu-west-1',
    userPoolId: 'eu-west-1_pool',
    userName: options.userName ?? 'Google_1098765',
    triggerSource: options.source ?? 'PreSignUp_ExternalProvider',
    callerContext: { awsSdkVersion: 'aws-sdk-unknown-unknown', clientId: 'client' },
    request: {
      userAttributes: {
        email: options.email ?? 'Ada@Example.com',
        email_verified: options.verified === false ? 'false' : 'true',
      },
      validationData: {},
    },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  };
}

const passwordAccount = (overrides: Partial<UserType> = {}, verified = 'true'): UserType => ({
  Username: 'a1b2c3d4-0000-4000-8000-000000000001',
  UserStatus: 'CONFIRMED',
  Enabled: true,
  Attributes: [
    { Name: 'sub', Value: 'a1b2c3d4-0000-4000-8000-000000000001' },
    { Name: 'email', Value: 'ada@example.com' },
    { Name: 'email_verified', Value: verified },
  ],
  ...overrides,
});

const links = () => cognito.commandCalls(AdminLinkProviderForUserCommand);

beforeEach(() => {
  cognito.reset();
  cognito.on(AdminLinkProviderForUserCommand).resolves({});
  cognito.on(ListUsersCommand).resolves({ Users: [] });
  cognito.on(AdminListGroupsForUserCommand).resolves({ Groups: [] });
});

describe('pre-sign-up trigger', () => {
  it('links a first Google sign-in to the confirmed password account with the same verified e-mail', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [passwordAccount()] });
    const event = signUp();
    await expect(handler(event)).resolves.toBe(event);

    expect(cognito.commandCalls(ListUsersCommand)[0]?.args[0].input).toMatchObject({
      UserPoolId: 'eu-west-1_pool',
      Filter: 'email = "ada@example.com"',
    });
    expect(links()).toHaveLength(1);
    expect(links()[0]?.args[0].input).toEqual({
      UserPoolId: 'eu-west-1_pool',
      DestinationUser: {
        ProviderName: 'Cognito',
        ProviderAttributeValue: 'a1b2c3d4-0000-4000-8000-000000000001',
      },
      SourceUser: {
        ProviderName: 'Google',
        ProviderAttributeName: 'Cognito_Subject',
        ProviderAttributeValue: '1098765',
      },
    });
  });

  it('never links an external sign-in to a super admin, nor when the groups cannot be read', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [passwordAccount()] });
    cognito.on(AdminListGroupsForUserCommand).resolves({ Groups: [{ GroupName: SUPER_ADMIN_GROUP }] });
    await handler(signUp());
    expect(cognito.commandCalls(AdminListGroupsForUserCommand)[0]?.args[0].input).toMatchObject({
      UserPoolId: 'eu-west-1_pool',
      Username: 'a1b2c3d4-0000-4000-8000-000000000001',
    });
    expect(links()).toHaveLength(0);
    cognito.on(AdminListGroupsForUserCommand).rejects(new Error('throttled'));
    await handler(signUp());
    expect(links()).toHaveLength(0);
  });

  it('creates a new user (links nothing) when no password account has the address', async () => {
    const event = signUp();
    await expect(handler(event)).resolves.toBe(event);
    expect(links()).toHaveLength(0);
  });

  it.each([
    ['an unverified password account', passwordAccount({}, 'false')],
    ['an unconfirmed password account', passwordAccount({ UserStatus: 'UNCONFIRMED' })],
    ['a disabled password account', passwordAccount({ Enabled: false })],
  ])('never links to %s', async (_what, user) => {
    cognito.on(ListUsersCommand).resolves({ Users: [user] });
    await handler(signUp());
    expect(links()).toHaveLength(0);
  });

  it('never links an address Google has not verified, and does not even look it up', async () => {
    cognito.on(ListUsersCommand).resolves({ Users: [passwordAccount()] });
    await handler(signUp({ verified: false }));
    expect(cognito.commandCalls(ListUsersCommand)).toHaveLength(0);
    expect(links()).toHaveLength(0);
  });

  it('leaves password sign-ups alone', async () => {
    const event = signUp({ source: 'PreSignUp_SignUp', userName: 'ada@example.com' });
    await expect(handler(event)).resolves.toBe(event);
    expect(cognito.commandCalls(ListUsersCommand)).toHaveLength(0);
  });

  it('quotes the address in the filter so it cannot change the query', async () => {
    await handler(signUp({ email: 'a"b\\c@example.com' }));
    expect(cognito.commandCalls(ListUsersCommand)[0]?.args[0].input.Filter).toBe(
      'email = "a\\"b\\\\c@example.com"',
    );
  });
});

describe('externalIdentityOf', () => {
  it("names the provider as Cognito's links expect and keeps the id whole", () => {
    expect(externalIdentityOf('google_1234_5')).toEqual({ provider: 'Google', id: '1234_5' });
    expect(externalIdentityOf('Google_99')).toEqual({ provider: 'Google', id: '99' });
    expect(externalIdentityOf('nounderscore')).toBeNull();
    expect(externalIdentityOf('Google_')).toBeNull();
  });
});
