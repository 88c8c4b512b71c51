/**
 * The stack's user pool, payment events and operations asserted on the synthesized template,
 * then the cdk-nag AwsSolutions and Serverless packs over the same app, exactly as `cdk synth`
 * runs them (infra/lib/nag.ts): no finding may be left unacknowledged, and every acknowledgement
 * must carry a real reason. None of it reads the function code, so the functions are not bundled.
 */

import { addNagChecks, nagPacks } from '@clubs/infra/lib/nag.ts';
import { pascal } from '@clubs/infra/lib/names.ts';
import { DEAD_LETTER_OUTPUT_PREFIX, EVENT_BUS_OUTPUT } from '@clubs/infra/lib/stack-outputs.ts';
import {
  EVENT_QUEUE_LIMITS,
  EVENT_ROUTES,
  PASSWORD_MIN_LENGTH,
  ROUTES,
  SUPER_ADMIN_GROUP,
} from '@clubs/shared';
import { Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { actionsOf, logicalId, type Resource, statementsOfRole, synthForFile, TEST_CONTEXT } from './app.ts';

const synth = synthForFile({}, { bundle: false });
const { resourcesOf, only } = synth;

describe('auth: the user pool', () => {
  const pool = () => only('AWS::Cognito::UserPool')[1];

  it('signs in by e-mail, verifies e-mail by code, requires 8 characters, recovers by e-mail, is protected', () => {
    expect(pool().DeletionPolicy).toBe('Retain');
    expect(pool().Properties).toMatchObject({
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
      VerificationMessageTemplate: { DefaultEmailOption: 'CONFIRM_WITH_CODE' },
      Policies: { PasswordPolicy: { MinimumLength: PASSWORD_MIN_LENGTH } },
      AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
      DeletionProtection: 'ACTIVE',
    });
    expect(PASSWORD_MIN_LENGTH).toBeGreaterThanOrEqual(8);
  });

  it('has the super_admin group and the post-confirmation trigger that fills it', () => {
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolGroup', {
      GroupName: SUPER_ADMIN_GROUP,
      UserPoolId: { Ref: logicalId(synth.stack.auth.userPool) },
    });
    const trigger = synth.stack.auth.postConfirmation;
    expect(pool().Properties.LambdaConfig).toMatchObject({
      PostConfirmation: { 'Fn::GetAtt': [logicalId(trigger.function), 'Arn'] },
    });
    const fn = synth.template.toJSON().Resources[logicalId(trigger.function)] as Resource;
    expect(fn.Properties.Environment).toMatchObject({
      Variables: { SUPER_ADMIN_EMAIL: TEST_CONTEXT.superAdminEmail },
    });
    const statements = statementsOfRole(synth.template, logicalId(trigger.role));
    const cognito = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito).toEqual([
      expect.objectContaining({
        Action: 'cognito-idp:AdminAddUserToGroup',
        Resource: { 'Fn::GetAtt': [logicalId(synth.stack.auth.userPool), 'Arn'] },
      }),
    ]);
  });

  it('links a first Google sign-in to the password account with its e-mail: the pre-sign-up trigger and only the two actions it calls', () => {
    const trigger = synth.stack.auth.preSignUp;
    if (!trigger) throw new Error('the test stack has Google, so it has the pre-sign-up trigger');
    expect(pool().Properties.LambdaConfig).toMatchObject({
      PreSignUp: { 'Fn::GetAtt': [logicalId(trigger.function), 'Arn'] },
    });
    const statements = statementsOfRole(synth.template, logicalId(trigger.role));
    const cognito = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('cognito-idp:')));
    expect(cognito).toEqual([
      expect.objectContaining({
        Action: [
          'cognito-idp:AdminLinkProviderForUser',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:ListUsers',
        ],
        Resource: { 'Fn::GetAtt': [logicalId(synth.stack.auth.userPool), 'Arn'] },
      }),
    ]);
  });

  it("gives the SPA a public client: SRP and refresh, code grant, no user-existence errors, the site's URLs", () => {
    const [, client] = only('AWS::Cognito::UserPoolClient');
    expect(client.Properties).toMatchObject({
      GenerateSecret: false,
      PreventUserExistenceErrors: 'ENABLED',
      ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AllowedOAuthFlows: ['code'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: ['openid', 'email', 'profile'],
      SupportedIdentityProviders: ['COGNITO', 'Google'],
    });
    expect(JSON.stringify(client.Properties.CallbackURLs)).toContain(
      logicalId(synth.stack.site.distribution),
    );
    expect(client.Properties.LogoutURLs).toEqual(client.Properties.CallbackURLs);
  });

  it('federates Google with its secret from Secrets Manager and maps e-mail, name and picture', () => {
    const [, google] = only('AWS::Cognito::UserPoolIdentityProvider');
    expect(google.Properties).toMatchObject({
      ProviderName: 'Google',
      ProviderType: 'Google',
      ProviderDetails: {
        client_id: TEST_CONTEXT.googleClientId,
        client_secret: expect.stringContaining(
          '{{resolve:secretsmanager:clubs/google-client-secret:SecretString',
        ),
      },
      AttributeMapping: {
        email: 'email',
        email_verified: 'email_verified',
        name: 'name',
        picture: 'picture',
      },
    });
    synth.template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: Match.anyValue() });
  });
});

describe('payments events', () => {
  it("outputs the bus and each handler group's dead-letter queue, which replay-dead-letters reads in AWS", () => {
    const outputs = synth.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs[EVENT_BUS_OUTPUT]?.Value).toEqual({ Ref: logicalId(synth.stack.payments.bus) });
    const groups = new Set(EVENT_ROUTES.map((route) => route.group));
    for (const group of groups) {
      const queue = synth.stack.payments.deadLetterQueues.get(group);
      expect(outputs[`${DEAD_LETTER_OUTPUT_PREFIX}${pascal(group)}`]?.Value, group).toEqual({
        Ref: logicalId(queue ?? synth.stack),
      });
    }
    expect(Object.keys(outputs).filter((key) => key.startsWith(DEAD_LETTER_OUTPUT_PREFIX))).toHaveLength(
      groups.size,
    );
  });

  it('makes one rule per event manifest entry on its bus (the custom one; SES events on the default), each with retries and a dead-letter queue', () => {
    const rules = Object.values(resourcesOf('AWS::Events::Rule'));
    expect(rules).toHaveLength(EVENT_ROUTES.length);
    for (const route of EVENT_ROUTES) {
      const rule = rules.find((r) => r.Properties.Description === route.description);
      expect(rule, route.id).toBeDefined();
      expect(rule?.Properties).toMatchObject({
        EventBusName:
          'bus' in route && route.bus === 'default'
            ? 'default'
            : { Ref: logicalId(synth.stack.payments.bus) },
        EventPattern: { source: [route.source], 'detail-type': [...route.detailTypes] },
      });
      const targets = rule?.Properties.Targets as Record<string, unknown>[];
      expect(targets).toHaveLength(1);
      const handler = synth.stack.payments.functions.get(route.group);
      const dlq = synth.stack.payments.deadLetterQueues.get(route.group);
      // A queued route's rule targets its queue, which the function consumes.
      const queue = synth.stack.payments.eventQueues.get(route.id);
      expect(Boolean(queue), route.id).toBe('queued' in route && route.queued === true);
      expect(targets[0]).toMatchObject({
        Arn: { 'Fn::GetAtt': [logicalId((queue?.queue ?? handler?.function) as never), 'Arn'] },
        DeadLetterConfig: { Arn: { 'Fn::GetAtt': [logicalId(dlq as never), 'Arn'] } },
        RetryPolicy: {
          MaximumRetryAttempts: expect.any(Number),
          MaximumEventAgeInSeconds: expect.any(Number),
        },
      });
    }
  });

  it('gives the event handler function the same dead-letter queue for failed invocations', () => {
    for (const [group, handler] of synth.stack.payments.functions) {
      const fn = synth.template.toJSON().Resources[logicalId(handler.function)] as Resource;
      const dlq = synth.stack.payments.deadLetterQueues.get(group);
      expect(fn.Properties.DeadLetterConfig).toEqual({
        TargetArn: { 'Fn::GetAtt': [logicalId(dlq as never), 'Arn'] },
      });
    }
    const queues = resourcesOf('AWS::SQS::Queue');
    for (const dlq of synth.stack.payments.deadLetterQueues.values()) {
      expect(queues[logicalId(dlq)]?.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        MessageRetentionPeriod: 1_209_600,
      });
    }
  });

  it("gives a queued event route a queue that parks a message failed 5 times in its group's dead-letter queue", () => {
    const queues = resourcesOf('AWS::SQS::Queue');
    const queued = EVENT_ROUTES.filter((route) => 'queued' in route && route.queued);
    expect(queued.length).toBeGreaterThan(0);
    for (const route of queued) {
      const queue = synth.stack.payments.eventQueues.get(route.id);
      const dlq = synth.stack.payments.deadLetterQueues.get(route.group);
      expect(queues[logicalId(queue?.queue as never)]?.Properties).toMatchObject({
        SqsManagedSseEnabled: true,
        RedrivePolicy: {
          deadLetterTargetArn: { 'Fn::GetAtt': [logicalId(dlq as never), 'Arn'] },
          maxReceiveCount: 5,
        },
      });
      synth.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [logicalId(queue?.queue as never), 'Arn'] },
        FunctionName: { Ref: logicalId(synth.stack.payments.functions.get(route.group)?.function as never) },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BatchSize: 10,
        // Each queue is consumed by its route's share of invocations: the e-mail queue's keeps
        // within SES's send rate, the others take the default.
        ScalingConfig: {
          MaximumConcurrency:
            'queueConcurrency' in route && route.queueConcurrency !== undefined
              ? route.queueConcurrency
              : EVENT_QUEUE_LIMITS.maxConcurrency,
        },
      });
    }
    const email = queued.find((route) => route.id === 'NotificationEmails');
    expect(email && 'queueConcurrency' in email ? email.queueConcurrency : undefined).toBe(2);
  });

  it('archives every event of the bus for replay, and keeps the Stripe secrets in Secrets Manager', () => {
    const [, archive] = only('AWS::Events::Archive');
    expect(archive.Properties).toMatchObject({
      SourceArn: { 'Fn::GetAtt': [logicalId(synth.stack.payments.bus), 'Arn'] },
      // Every event put on the bus comes from this account: all of them, whatever their source.
      EventPattern: { account: [{ Ref: 'AWS::AccountId' }] },
      RetentionDays: 90,
    });
    const secrets = Object.keys(resourcesOf('AWS::SecretsManager::Secret'));
    expect(secrets).toEqual(
      expect.arrayContaining([
        logicalId(synth.stack.payments.stripeSecretKey),
        logicalId(synth.stack.payments.stripeWebhookSecret),
        logicalId(synth.stack.payments.linkSigningSecret),
      ]),
    );
    // The fourth is the generated origin secret (edge.test.ts).
    expect(secrets).toHaveLength(4);
  });
});

describe('operations', () => {
  it('alarms on API 5xx, on every function error and on dead-letter queue depth, to one topic', () => {
    const alarms = Object.values(resourcesOf('AWS::CloudWatch::Alarm'));
    const metrics = alarms.map((a) => `${a.Properties.Namespace}/${a.Properties.MetricName}`);
    expect(metrics).toContain('AWS/ApiGateway/5xx');
    // The HTTP and event functions, the API's group authorizers, and the Cognito triggers
    // (post-confirmation; pre-sign-up with Google; pre-token-generation with superAdminMfa).
    const triggers =
      [synth.stack.auth.preSignUp, synth.stack.auth.preTokenGeneration].filter(Boolean).length + 1;
    const functionCount =
      synth.stack.api.functions.size +
      synth.stack.api.groupAuthorizers.size +
      1 + // the origin authorizer
      2 + // the live socket's function and its $connect authorizer
      synth.stack.payments.functions.size +
      1 + // the change stream's consumer
      1 + // the site-pages function, which draws the public pages with their data
      triggers;
    expect(metrics.filter((m) => m === 'AWS/Lambda/Errors')).toHaveLength(functionCount);
    // The event groups' dead-letter queues and the change stream's.
    expect(metrics.filter((m) => m === 'AWS/SQS/ApproximateNumberOfMessagesVisible')).toHaveLength(
      synth.stack.payments.deadLetterQueues.size + 1,
    );
    for (const alarm of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: logicalId(synth.stack.operations.topic) }]);
    }
    synth.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: TEST_CONTEXT.alarmEmail,
    });
  });

  it('outputs the site URL, the webhook URL and the user pool', () => {
    const outputs = synth.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    for (const name of [
      'SiteUrl',
      'WebhookUrl',
      'UserPoolId',
      'UserPoolClientId',
      'AuthDomain',
      'GoogleRedirectUri',
    ]) {
      expect(outputs[name], name).toBeDefined();
    }
    expect(JSON.stringify(outputs.WebhookUrl?.Value)).toContain(ROUTES.stripeWebhook.path);
  });
});

function allConstructs(root: IConstruct): IConstruct[] {
  return [root, ...root.node.children.flatMap((child) => allConstructs(child))];
}

describe('cdk-nag', () => {
  it('reports no unacknowledged AwsSolutions or Serverless finding (errors or warnings)', () => {
    const findings = nagPacks(synth.app).flatMap((pack) =>
      pack
        .validateScope(synth.app)
        .violations.map(
          (violation) =>
            `${violation.severity} ${violation.ruleName} at ${violation.violatingResources
              .map((resource) => resource.constructPath)
              .join(', ')}`,
        ),
    );
    expect(findings).toEqual([]);
  });

  it('lets the app synthesize with the packs registered as validation plugins, as `cdk synth` does', () => {
    addNagChecks(synth.app);
    expect(() => synth.app.synth({ force: true })).not.toThrow();
  });

  it('gives every acknowledgement a reason that explains it', () => {
    const acknowledgements = allConstructs(synth.app).flatMap((construct) =>
      construct.node.metadata
        .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
        .flatMap((entry) =>
          Object.entries(entry.data as Record<string, string>).map(([rule, reason]) => ({
            path: construct.node.path,
            rule,
            reason,
          })),
        ),
    );
    expect(acknowledgements.length).toBeGreaterThan(10);
    for (const { path, rule, reason } of acknowledgements) {
      expect(reason.length, `${rule} at ${path}`).toBeGreaterThanOrEqual(50);
      expect(reason, `${rule} at ${path}`).not.toMatch(/^(todo|tbd|n\/a|not needed|ok|fine)\b/i);
    }
  });
});
