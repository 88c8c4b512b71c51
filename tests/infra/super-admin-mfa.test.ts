/**
 * Super admins must use MFA where `superAdminMfa` is on (production by default, see
 * config.test.ts and stages.test.ts): the pre-token-generation trigger exists only then, and its
 * role may do nothing but AdminGetUser on the pool.
 */
import { describe, expect, it } from 'vitest';
import { actionsOf, logicalId, type Resource, statementsOfRole, synthForFile } from './app.ts';

const off = synthForFile({}, { bundle: false });
const on = synthForFile({ superAdminMfa: true }, { bundle: false });

describe('the pre-token-generation trigger', () => {
  it('is not there when the setting is off: no function, no LambdaConfig entry', () => {
    expect(off.stack.auth.preTokenGeneration).toBeUndefined();
    expect(off.only('AWS::Cognito::UserPool')[1].Properties.LambdaConfig).not.toHaveProperty(
      'PreTokenGeneration',
    );
    const descriptions = Object.values(off.resourcesOf('AWS::Lambda::Function')).map(
      (fn: Resource) => fn.Properties.Description,
    );
    expect(descriptions.join('\n')).not.toMatch(/TOTP MFA/);
  });

  it('is the pool’s PreTokenGeneration trigger when on, and its role may only AdminGetUser on the pool', () => {
    const trigger = on.stack.auth.preTokenGeneration;
    if (!trigger) throw new Error('superAdminMfa is on: the trigger must exist');
    expect(on.only('AWS::Cognito::UserPool')[1].Properties.LambdaConfig).toMatchObject({
      PreTokenGeneration: { 'Fn::GetAtt': [logicalId(trigger.function), 'Arn'] },
    });
    // Besides its own log group and X-Ray traces, which every function's role has.
    const beyondLogs = statementsOfRole(on.template, logicalId(trigger.role)).filter((s) =>
      actionsOf([s]).some((a) => !a.startsWith('logs:') && !a.startsWith('xray:')),
    );
    expect(beyondLogs).toEqual([
      expect.objectContaining({
        Effect: 'Allow',
        Action: 'cognito-idp:AdminGetUser',
        Resource: { 'Fn::GetAtt': [logicalId(on.stack.auth.userPool), 'Arn'] },
      }),
    ]);
  });
});
