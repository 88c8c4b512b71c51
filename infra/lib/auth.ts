/**
 * Sign-in: the Cognito user pool (e-mail as the user name, self sign-up verified by an e-mailed
 * code, account recovery by e-mail, no user-existence leaks), its hosted domain for the OAuth
 * redirect, Google as an identity provider when a client id is configured, the super_admin group
 * and the post-confirmation trigger that puts the configured super-admin e-mail into it, optional
 * TOTP MFA for everyone and, with `superAdminMfa`, the pre-token-generation trigger that gives the
 * super-admin power only to those who use it, and the SPA's app client (SRP and refresh; OAuth
 * code grant, which Amplify runs with PKCE).
 */
import { PASSWORD_MIN_LENGTH, SUPER_ADMIN_GROUP } from '@clubs/shared';
import { Annotations, Aws, Duration, RemovalPolicy, SecretValue, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  FeaturePlan,
  Mfa,
  OAuthScope,
  ProviderAttribute,
  StandardThreatProtectionMode,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
  UserPoolEmail,
  UserPoolIdentityProviderGoogle,
  UserPoolOperation,
  VerificationEmailStyle,
} from 'aws-cdk-lib/aws-cognito';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ClubsConfig } from './config.ts';
import { HandlerFunction, SIZES } from './handler-function.ts';

export interface AuthProps {
  readonly config: ClubsConfig;
  /** https://{site domain}, without a trailing slash. */
  readonly siteUrl: string;
  readonly logRetention: RetentionDays;
}

/** The OAuth scopes the SPA asks for; config.json lists the same. */
export const OAUTH_SCOPES = ['openid', 'email', 'profile'] as const;

/** The hosted domain prefix: configured, or derived from the stack name and the account. */
export function authDomainPrefixOf(config: ClubsConfig, stack: Stack): string {
  if (config.authDomainPrefix) return config.authDomainPrefix;
  const base = stack.stackName
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .replace(/aws|amazon|cognito/g, 'x')
    .slice(0, 30)
    .replace(/-+$/, '');
  return `${base}-${Aws.ACCOUNT_ID}`;
}

/** {prefix}.auth.{region}.amazoncognito.com, known before the user pool exists. */
export const authHostedDomainOf = (config: ClubsConfig, stack: Stack): string =>
  `${authDomainPrefixOf(config, stack)}.auth.${stack.region}.amazoncognito.com`;

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;
  /** {prefix}.auth.{region}.amazoncognito.com: what Amplify's oauth.domain wants. */
  readonly hostedDomain: string;
  readonly postConfirmation: HandlerFunction;
  /** Withholds super_admin from tokens of people without TOTP MFA (with superAdminMfa only). */
  readonly preTokenGeneration: HandlerFunction | undefined;
  /** Links a first Google sign-in to the password account with its e-mail (with Google only). */
  readonly preSignUp: HandlerFunction | undefined;
  readonly googleEnabled: boolean;
  readonly redirectUrls: string[];

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const { config } = props;
    const stack = Stack.of(this);

    this.userPool = new UserPool(this, 'UserPool', {
      selfSignUpEnabled: true,
      signInAliases: { email: true },
      signInCaseSensitive: false,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      userVerification: {
        emailStyle: VerificationEmailStyle.CODE,
        emailSubject: 'Your Clubs verification code',
        emailBody: 'Your Clubs verification code is {####}',
      },
      standardAttributes: {
        email: { required: true, mutable: true },
        // Mutable: Google sign-in rewrites mapped attributes at every sign-in.
        fullname: { required: false, mutable: true },
        profilePicture: { required: false, mutable: true },
      },
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      // Any user may add an authenticator app (TOTP); SMS is not offered (cost, SIM swapping).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { otp: true, sms: false },
      // Threat protection needs the Plus plan (billed per monthly active user): a stage opts in.
      // Without it the pool uses nothing Lite lacks (no managed login branding, passwordless
      // sign-in, access token customization or e-mail MFA), so it is on the cheapest plan.
      ...(config.threatProtection === 'off'
        ? { featurePlan: FeaturePlan.LITE }
        : {
            featurePlan: FeaturePlan.PLUS,
            standardThreatProtectionMode:
              config.threatProtection === 'audit'
                ? StandardThreatProtectionMode.AUDIT_ONLY
                : StandardThreatProtectionMode.FULL_FUNCTION,
          }),
      email: config.sesFromEmail
        ? UserPoolEmail.withSES({
            fromEmail: config.sesFromEmail,
            fromName: 'Clubs',
            sesRegion: config.sesRegion ?? stack.region,
            // Cognito's SourceArn must name an identity SES has verified: the mail stack's, the
            // whole domain when the stage verifies one, else the address (email.ts). That stack
            // is deployed and verified before this one.
            sesVerifiedDomain: config.sesIdentityDomain,
          })
        : UserPoolEmail.withCognito(),
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG1',
      reason:
        'The password policy is length-only (at least 8 characters), following NIST SP 800-63B which advises ' +
        "against composition rules; on purpose more than the original product's 6 characters.",
    });
    Validations.of(this.userPool).acknowledge({
      id: 'AwsSolutions-COG2',
      reason:
        'MFA is optional (TOTP), not required: the product is an open community sign-up; forcing ' +
        'MFA on every member is out of scope. Sign-in stays behind SRP and e-mail verification. Super admins ' +
        'need TOTP where superAdminMfa is on (production): their tokens carry the group only with it.',
    });
    if (config.threatProtection === 'off') {
      const planReason =
        'Threat protection needs the Plus feature plan, billed per monthly active user; a stage turns it on ' +
        'with "threatProtection": "audit" or "enforced" (docs/DEPLOY.md). Off, the Lite plan is chosen on cost.';
      Validations.of(this.userPool).acknowledge({ id: 'AwsSolutions-COG3', reason: planReason });
      Validations.of(this.userPool).acknowledge({ id: 'AwsSolutions-COG8', reason: planReason });
    } else if (config.threatProtection === 'audit') {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG3',
        reason:
          'Threat protection runs in audit mode on purpose: it scores and logs sign-in risks without blocking, ' +
          'so the operator sees what enforcement would refuse before turning it on ("enforced").',
      });
    }

    this.userPool.addGroup('SuperAdminGroup', {
      groupName: SUPER_ADMIN_GROUP,
      description: 'Platform super admins: oversee every club',
      precedence: 0,
    });

    const { logRetention } = props;
    this.postConfirmation = this.addTrigger(
      'PostConfirmation',
      {
        handler: 'post-confirmation',
        description: `Adds the configured super-admin e-mail to the ${SUPER_ADMIN_GROUP} group when it confirms`,
        operation: UserPoolOperation.POST_CONFIRMATION,
        actions: ['cognito-idp:AdminAddUserToGroup'],
        environment: config.superAdminEmail ? { SUPER_ADMIN_EMAIL: config.superAdminEmail } : {},
      },
      config,
      logRetention,
    );
    // Version 1 of the event: it can override cognito:groups and is offered on every feature plan.
    this.preTokenGeneration = config.superAdminMfa
      ? this.addTrigger(
          'PreTokenGeneration',
          {
            handler: 'pre-token-generation',
            description: `Issues tokens with the ${SUPER_ADMIN_GROUP} group only to people with TOTP MFA enabled`,
            operation: UserPoolOperation.PRE_TOKEN_GENERATION,
            actions: ['cognito-idp:AdminGetUser'],
          },
          config,
          logRetention,
        )
      : undefined;
    if (!config.superAdminEmail) {
      Annotations.of(this).addWarningV2(
        '@clubs/infra:noSuperAdminEmail',
        `superAdminEmail is not set: nobody will join the ${SUPER_ADMIN_GROUP} group. Set it in the stage's file, infra/stages/${config.stage ?? '{stage}'}.json.`,
      );
    }

    const prefix = authDomainPrefixOf(config, stack);
    this.domain = this.userPool.addDomain('HostedDomain', { cognitoDomain: { domainPrefix: prefix } });
    this.hostedDomain = authHostedDomainOf(config, stack);

    const identityProviders = [UserPoolClientIdentityProvider.COGNITO];
    let google: UserPoolIdentityProviderGoogle | undefined;
    if (config.googleClientId) {
      google = new UserPoolIdentityProviderGoogle(this, 'Google', {
        userPool: this.userPool,
        clientId: config.googleClientId,
        clientSecretValue: SecretValue.secretsManager(config.googleClientSecretName),
        scopes: ['openid', 'email', 'profile'],
        attributeMapping: {
          email: ProviderAttribute.GOOGLE_EMAIL,
          emailVerified: ProviderAttribute.GOOGLE_EMAIL_VERIFIED,
          fullname: ProviderAttribute.GOOGLE_NAME,
          profilePicture: ProviderAttribute.GOOGLE_PICTURE,
        },
      });
      identityProviders.push(UserPoolClientIdentityProvider.GOOGLE);
    }
    this.googleEnabled = google !== undefined;
    this.preSignUp = google
      ? this.addTrigger(
          'PreSignUp',
          {
            handler: 'pre-sign-up',
            description: 'Links a first Google sign-in to the password account with the same verified e-mail',
            operation: UserPoolOperation.PRE_SIGN_UP,
            actions: [
              'cognito-idp:ListUsers',
              'cognito-idp:AdminListGroupsForUser',
              'cognito-idp:AdminLinkProviderForUser',
            ],
          },
          config,
          logRetention,
        )
      : undefined;

    this.redirectUrls = [`${props.siteUrl}/`];
    this.client = this.userPool.addClient('WebClient', {
      userPoolClientName: 'web',
      generateSecret: false,
      authFlows: { userSrp: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      supportedIdentityProviders: identityProviders,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: this.redirectUrls,
        logoutUrls: this.redirectUrls,
      },
    });
    if (google) this.client.node.addDependency(google);
  }

  /**
   * A Cognito trigger: the handler's function, attached to the pool, and a policy of its own
   * allowing `actions` on the pool. Not the role's default policy: the function must not depend
   * on the pool's ARN, since the pool depends on the function's. Construct ids are the
   * operation's (`PreSignUp`, `PreSignUpPolicy`, ...), as they always were.
   */
  private addTrigger(
    id: string,
    props: {
      handler: string;
      description: string;
      operation: UserPoolOperation;
      actions: string[];
      environment?: Record<string, string>;
    },
    config: ClubsConfig,
    logRetention: RetentionDays,
  ): HandlerFunction {
    const trigger = new HandlerFunction(this, id, {
      handler: props.handler,
      description: props.description,
      ...SIZES.trigger,
      logRetention,
      environment: {
        POWERTOOLS_SERVICE_NAME: `clubs-${props.handler}`,
        POWERTOOLS_LOG_LEVEL: config.logLevel,
        ...props.environment,
      },
    });
    this.userPool.addTrigger(props.operation, trigger.function);
    new Policy(this, `${id}Policy`, {
      roles: [trigger.role],
      statements: [new PolicyStatement({ actions: props.actions, resources: [this.userPool.userPoolArn] })],
    });
    return trigger;
  }
}
