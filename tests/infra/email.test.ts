/**
 * The app's e-mail in the template: an SES identity (the From address, or a whole domain with Easy
 * DKIM records as outputs) with a configuration set whose bounces and complaints go to the
 * account's default event bus, `ses:SendEmail` on exactly those two for the
 * functions whose group declares `email:send` (invitations among them), the From address and
 * configuration set in their environment; no sender configured, no e-mail resources; a sender outside its domain refused.
 */

import { ConfigError, parseConfig } from '@clubs/infra/lib/config.ts';
import { type FunctionGroup, usesOf } from '@clubs/infra/lib/group-access.ts';
import { EVENT_ROUTES, HANDLER_GROUPS } from '@clubs/shared';
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { logicalId, statementsOfRole, synthStack } from './app.ts';

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

describe('e-mail through SES', () => {
  it('creates the identity and configuration set, and lets only the functions that declare email:send send', () => {
    const { stack, template } = synthStack({ sesFromEmail: 'no-reply@clubs.example.com' }, { bundle: false });
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'no-reply@clubs.example.com',
      ConfigurationSetAttributes: { ConfigurationSetName: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      ReputationOptions: { ReputationMetricsEnabled: true },
      SendingOptions: { SendingEnabled: true },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
    // Bounces and complaints go to the account's default bus, where the EmailFeedback rule listens.
    const feedback = Object.values(
      template.findResources('AWS::SES::ConfigurationSetEventDestination'),
    ).filter((resource) => resource.Properties.EventDestination.EventBridgeDestination !== undefined);
    expect(feedback).toHaveLength(1);
    expect(feedback[0]?.Properties.EventDestination).toMatchObject({
      Enabled: true,
      MatchingEventTypes: ['bounce', 'complaint'],
    });
    expect(
      JSON.stringify(feedback[0]?.Properties.EventDestination.EventBridgeDestination.EventBusArn),
    ).toContain(':event-bus/default');
    const invitations = stack.api.functions.get('invitations');
    if (!invitations) throw new Error('no invitations function');
    const statements = statementsOfRole(template, logicalId(invitations.role)).filter((s) =>
      JSON.stringify(s.Action).includes('ses:SendEmail'),
    );
    expect(statements).toHaveLength(1);
    const resources = JSON.stringify(statements[0]?.Resource);
    expect(resources).toContain(':identity/no-reply@clubs.example.com');
    expect(resources).toContain(':configuration-set/');
    expect(SENDING_GROUPS.has('invitations')).toBe(true);
    expect(sendersOf(template)).toHaveLength(SENDING_GROUPS.size);

    const fn = template.toJSON().Resources[logicalId(invitations.function)];
    expect(fn.Properties.Environment.Variables).toMatchObject({
      EMAIL_FROM: 'Clubs <no-reply@clubs.example.com>',
      SES_CONFIGURATION_SET: expect.anything(),
    });
  });

  it('verifies a whole domain with Easy DKIM, its records as outputs', () => {
    const { template } = synthStack(
      { sesFromEmail: 'hello@clubs.example.com', sesIdentityDomain: 'clubs.example.com' },
      { bundle: false },
    );
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'clubs.example.com' });
    const outputs = Object.keys(template.findOutputs('*')).filter((name) => name.includes('DkimRecord'));
    expect(outputs).toHaveLength(3);
  });

  it('sends nothing without a sender, and refuses a sender outside its domain', () => {
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
