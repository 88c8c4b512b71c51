/**
 * The web ACL in front of Cognito's own endpoints. The SPA calls `cognito-idp` directly (sign-up,
 * sign-in, password reset), so the edge web ACL never sees those calls: this regional web ACL is
 * associated with the user pool instead. It drops addresses on AWS's IP reputation list, limits
 * what one client address may call in five minutes overall, and tighter per operation family
 * (AUTH_RATE_LIMITS), each told apart by the `X-Amz-Target` header every Cognito API call
 * carries. It logs what it blocks and alarms when it blocks much.
 */
import { Stack } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { ALARM_PERIOD, alarmTo } from './alarms.ts';
import { logWebAcl, publishedMetricName, ratePerClient, visibility } from './waf-rules.ts';

/** The prefix of every Cognito user pool API call's `X-Amz-Target` header. */
export const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * Calls one client address may make in five minutes to a family of Cognito operations before it
 * is blocked for a while: sign-up (each sends an e-mail), its confirmation and code resends,
 * sign-in (SRP takes two calls; a token refresh is one more), and password recovery (each sends
 * an e-mail, and guessing codes goes through it).
 */
export const AUTH_RATE_LIMITS: readonly { name: string; operations: readonly string[]; limit: number }[] = [
  { name: 'RatePerClientSignUp', operations: ['SignUp'], limit: 20 },
  { name: 'RatePerClientConfirm', operations: ['ConfirmSignUp', 'ResendConfirmationCode'], limit: 30 },
  { name: 'RatePerClientSignIn', operations: ['InitiateAuth', 'RespondToAuthChallenge'], limit: 200 },
  { name: 'RatePerClientRecovery', operations: ['ForgotPassword', 'ConfirmForgotPassword'], limit: 10 },
];

/** Cognito calls of every kind one client address may make in five minutes. */
export const AUTH_RATE_LIMIT_ALL = 1000;

/** Blocked Cognito calls in five minutes, in three of five periods, that alarm. */
export const AUTH_BLOCKS_ALARM = 100;

/** The request is a Cognito API call of one of `operations`. */
export function cognitoTargetIn(operations: readonly string[]): CfnWebACL.StatementProperty {
  const statements = operations.map(
    (operation): CfnWebACL.StatementProperty => ({
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
        positionalConstraint: 'EXACTLY',
        searchString: `${COGNITO_TARGET_PREFIX}${operation}`,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    }),
  );
  const [only] = statements;
  if (statements.length === 1 && only) return only;
  return { orStatement: { statements } };
}

export interface AuthFirewallProps {
  readonly userPool: IUserPool;
  readonly webAclName: string;
  readonly logRetention: RetentionDays;
  readonly alarmTopic: ITopic;
}

export class AuthFirewall extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: AuthFirewallProps) {
    super(scope, id);
    const reputation: CfnWebACL.RuleProperty = {
      name: 'AWSManagedRulesAmazonIpReputationList',
      priority: 0,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: { vendorName: 'AWS', name: 'AWSManagedRulesAmazonIpReputationList' },
      },
      visibilityConfig: visibility('AuthIpReputation'),
    };
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: props.webAclName,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      description: 'Clubs rate limits on the Cognito user pool API: sign-up, sign-in, recovery',
      // Its metrics' WebACL dimension is this metric name: the web ACL's own, which the alarm reads.
      visibilityConfig: visibility(props.webAclName),
      rules: [
        reputation,
        ratePerClient('RatePerClientAuth', 1, AUTH_RATE_LIMIT_ALL),
        ...AUTH_RATE_LIMITS.map(({ name, operations, limit }, i) =>
          ratePerClient(name, 2 + i, limit, cognitoTargetIn(operations)),
        ),
      ],
    });
    new CfnWebACLAssociation(this, 'UserPoolAssociation', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
    logWebAcl(this, 'WebAcl', this.webAcl, props.logRetention);
    alarmTo(this, 'BlocksAlarm', props.alarmTopic, {
      description: `The user pool's web ACL blocked ${AUTH_BLOCKS_ALARM} or more Cognito calls in 5 minutes, 3 times in 25: credential stuffing or sign-up abuse, or a limit refusing real people (its logs tell which)`,
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: {
          WebACL: publishedMetricName(this.webAcl),
          Rule: 'ALL',
          Region: Stack.of(this).region,
        },
        period: ALARM_PERIOD,
        statistic: 'Sum',
      }),
      threshold: AUTH_BLOCKS_ALARM,
    });
  }
}
