/**
 * The app's e-mail: the mail stack, a prerequisite of the main stack, holds the SES identity (the
 * From address, or a whole domain with Easy DKIM records as outputs) and a configuration set whose
 * bounces and complaints go to the account's default event bus; the main stack creates no SES
 * resource and names both: `ses:SendEmail` on exactly those two for the functions whose group
 * declares `email:send` (invitations among them), the From address and configuration set in their
 * environment, the user pool's SourceArn on the identity the mail stack verifies; the main stack
 * depends on the mail stack; no sender configured, no e-mail stack; a sender outside its domain refused.
 */

import { ConfigError, parseConfig } from '@clubs/infra/lib/config.ts';
import {
  configurationSetNameOf,
  emailSendingFor,
  mailStackFor,
  mailStackName,
} from '@clubs/infra/lib/email.ts';
import { type FunctionGroup, usesOf } from '@clubs/infra/lib/group-access.ts';
import { EMAIL_SENDING, EVENT_ROUTES, HANDLER_GROUPS } from '@clubs/shared';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { logicalId, newApp, statementsOfRole, synthStack } from './app.ts';

/** The function groups that declare they send e-mail: each gets a role that may, no other. */
const SENDING_GROUPS = new Set<FunctionGroup>(
  [...HANDLER_GROUPS, ...EVENT_ROUTES.map((route) => route.group)].filter((group) =>
    usesOf(group).has('email:send'),
  ),
);

const sendersOf = (template: Template) =>
  Object.entries(template.findResources('AWS::IAM::Policy')).filter(([, policy]) =>
    JSON.stringify(policy).includes('ses:SendEmail'),
  );

/** The mail stack a stage with these settings builds. */
function mailTemplate(context: Record<string, unknown>): Template {
  const stack = mailStackFor(newApp(), parseConfig(context), {});
  if (!stack) throw new Error('a stage naming a sender builds a mail stack');
  expect(stack.stackName).toBe(mailStackName('Clubs'));
  return Template.fromStack(stack);
}

describe('e-mail through SES', () => {
  it('creates the identity and configuration set in the mail stack, and lets only the functions that declare email:send send', () => {
    const mail = mailTemplate({ sesFromEmail: 'no-reply@clubs.example.com' });
    mail.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'no-reply@clubs.example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    mail.hasResourceProperties('AWS::SES::ConfigurationSet', {
      Name: configurationSetNameOf('Clubs'),
      ReputationOptions: { ReputationMetricsEnabled: true },
      SendingOptions: { SendingEnabled: true },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    // Bounces and complaints go to the account's default bus, where the EmailFeedback rule listens.
    const feedback = Object.values(mail.findResources('AWS::SES::ConfigurationSetEventDestination')).filter(
      (resource) => resource.Properties.EventDestination.EventBridgeDestination !== undefined,
    );
    expect(feedback).toHaveLength(1);
    expect(feedback[0]?.Properties.EventDestination).toMatchObject({
      Enabled: true,
      MatchingEventTypes: ['bounce', 'complaint'],
    });
    expect(
      JSON.stringify(feedback[0]?.Properties.EventDestination.EventBridgeDestination.EventBusArn),
    ).toContain(':event-bus/default');
    const { stack, template } = synthStack({ sesFromEmail: 'no-reply@clubs.example.com' }, { bundle: false });
    expect(Object.keys(template.findResources('AWS::SES::EmailIdentity'))).toHaveLength(0);
    expect(Object.keys(template.findResources('AWS::SES::ConfigurationSet'))).toHaveLength(0);
    const invitations = stack.api.functions.get('invitations');
    if (!invitations) throw new Error('no invitations function');
    const statements = statementsOfRole(template, logicalId(invitations.role)).filter((s) =>
      JSON.stringify(s.Action).includes('ses:SendEmail'),
    );
    expect(statements).toHaveLength(1);
    const resources = JSON.stringify(statements[0]?.Resource);
    expect(resources).toContain(':identity/no-reply@clubs.example.com');
    expect(resources).toContain(`:configuration-set/${configurationSetNameOf('Clubs')}`);
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER' }),
    });
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0];
    expect(JSON.stringify(pool?.Properties.EmailConfiguration.SourceArn)).toContain(
      ':identity/no-reply@clubs.example.com',
    );
    expect(SENDING_GROUPS.has('invitations')).toBe(true);
    expect(sendersOf(template)).toHaveLength(SENDING_GROUPS.size);

    const fn = template.toJSON().Resources[logicalId(invitations.function)];
    expect(fn.Properties.Environment.Variables).toMatchObject({
      EMAIL_FROM: 'Clubs <no-reply@clubs.example.com>',
      SES_CONFIGURATION_SET: configurationSetNameOf('Clubs'),
      EMAIL_SEND_RATE: String(EMAIL_SENDING.sendRate),
    });
    // The e-mail queue is consumed by at most EMAIL_SENDING.consumers invocations, the other queues by more.
    const emails = stack.payments.eventQueues.get('NotificationEmails')?.queue;
    if (!emails) throw new Error('no e-mail queue');
    const mappings = template.findResources('AWS::Lambda::EventSourceMapping');
    const concurrency = Object.values(mappings).map((m) => [
      JSON.stringify(m.Properties.EventSourceArn).includes(logicalId(emails)),
      m.Properties.ScalingConfig?.MaximumConcurrency,
    ]);
    expect(concurrency).toContainEqual([true, EMAIL_SENDING.consumers]);
    expect(concurrency.filter(([isEmail]) => !isEmail).map(([, max]) => max)).not.toContain(
      EMAIL_SENDING.consumers,
    );
    // A stage whose SES account was granted more says so.
    const faster = emailSendingFor(
      stack,
      parseConfig({ sesFromEmail: 'no-reply@clubs.example.com', sesSendRate: 50 }),
    );
    expect(faster?.sendRate).toBe(50);
  });

  it("verifies a whole domain with Easy DKIM, its three CNAME records as the mail stack's outputs, and Cognito names that domain", () => {
    const context = { sesFromEmail: 'hello@clubs.example.com', sesIdentityDomain: 'clubs.example.com' };
    const mail = mailTemplate(context);
    mail.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'clubs.example.com' });
    const dkim = Object.entries(mail.findOutputs('*')).filter(([name]) => name.startsWith('DkimRecord'));
    expect(dkim).toHaveLength(3);
    for (const [, output] of dkim) {
      expect(JSON.stringify(output.Value)).toContain(' CNAME ');
      expect(typeof output.Description).toBe('string');
    }
    mail.hasOutput('EmailIdentity', { Value: 'clubs.example.com' });
    const { template } = synthStack(context, { bundle: false });
    expect(template.findOutputs('*', { Value: Match.stringLikeRegexp('CNAME') })).toEqual({});
    const pool = Object.values(template.findResources('AWS::Cognito::UserPool'))[0];
    expect(JSON.stringify(pool?.Properties.EmailConfiguration.SourceArn)).toMatch(
      /:identity\/clubs\.example\.com"/,
    );
  });

  it('sends nothing without a sender, and refuses a sender outside its domain', () => {
    expect(mailStackFor(newApp(), parseConfig({}), {})).toBeUndefined();
    const { template } = synthStack({}, { bundle: false });
    expect(Object.keys(template.findResources('AWS::SES::EmailIdentity'))).toHaveLength(0);
    expect(sendersOf(template)).toHaveLength(0);
    let problems: readonly string[] = [];
    try {
      parseConfig({ sesFromEmail: 'me@elsewhere.example', sesIdentityDomain: 'clubs.example.com' });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toEqual([
      'sesFromEmail: must be an address of sesIdentityDomain (clubs.example.com) (got "me@elsewhere.example")',
    ]);
  });
});
