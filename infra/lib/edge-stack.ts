/**
 * The production edge: the AWS WAF web ACL in front of the CloudFront distribution, its logs, and
 * the alarms of what lives in us-east-1. A web ACL for CloudFront must live in us-east-1 whatever
 * region the product runs in, and so do CloudFront's and that web ACL's metrics, so this is a
 * stack of its own (`{stackName}Edge`), deployed first; its WebAclArn output goes into the stage
 * file's `webAclArn`, which a production stage requires (docs/DEPLOY.md, "Step by step"). Its
 * alarm topic has a known name, so the main stack's CloudFront alarm (created in us-east-1)
 * notifies it too.
 *
 * Rules, in order: AWS's IP reputation list, its known bad inputs and core rule set (the core
 * set's 8 KB body limit only counts: course sections are longer, and uploads go to S3 directly),
 * a rate limit per client address over five minutes, and tighter ones per client on the routes
 * that write for anyone (CLIENT_RATE_LIMITS). Stripe's webhook is exempt from the body and rate
 * rules: Stripe's signature is its guard, and a request WAF blocks never reaches the function, so
 * Stripe would retry for three days and give up without any alarm.
 */
import { ROUTES, type RouteId } from '@clubs/shared';
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { ALARM_PERIOD, alarmTo, alarmTopic } from './alarms.ts';
import {
  logWebAcl,
  not,
  pathIs,
  pathIsOrUnder,
  publishedMetricName,
  ratePerClient,
  visibility,
} from './waf-rules.ts';

/** The region every CloudFront-scope web ACL is created in, and CloudFront's metrics live in. */
export const EDGE_REGION = 'us-east-1';

export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

/** Rules of the core set that only count: what they would block is legitimate here. */
const COUNTED_RULES: Partial<Record<(typeof MANAGED_RULE_GROUPS)[number], string[]>> = {
  AWSManagedRulesCommonRuleSet: ['SizeRestrictions_BODY'],
};

/** Managed groups that inspect bodies and inputs, which Stripe's webhook is exempt from. */
const INPUT_RULE_GROUPS: ReadonlySet<string> = new Set([
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
]);

/** The route only its own signature guards: no body or rate rule applies to it. */
export const WEBHOOK_ROUTE: RouteId = 'stripeWebhook';

/**
 * Requests one client address may make in five minutes to a route's path (every method, and the
 * paths below it), beyond which it is blocked for a while: the contact form (it e-mails nobody but
 * stores every message), the profile, whose first call creates it, and the one-click unsubscribe, which
 * anyone holding a link may post.
 */
export const CLIENT_RATE_LIMITS: readonly { name: string; route: RouteId; limit: number }[] = [
  { name: 'RatePerClientContact', route: 'sendContactMessage', limit: 10 },
  { name: 'RatePerClientProfile', route: 'getMe', limit: 300 },
  { name: 'RatePerClientUnsubscribe', route: 'unsubscribe', limit: 30 },
];

/** Blocked requests in five minutes, in three of five periods, that alarm. */
export const WAF_BLOCKS_ALARM = 500;

/** The edge alarm topic's name: the main stack's us-east-1 alarms notify it by this name. */
export const edgeAlarmTopicName = (mainStackName: string): string => `${mainStackName}-edge-alarms`;

export interface EdgeStackProps extends StackProps {
  /** The main stack's name (alarm topic and web ACL names). */
  readonly mainStackName: string;
  /** Requests one client address may make in five minutes before it is blocked for a while. */
  readonly rateLimit: number;
  readonly alarmEmail?: string;
  readonly logRetention: RetentionDays;
}

export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const webhookPath = ROUTES[WEBHOOK_ROUTE].path;
    const notWebhook = not(pathIs(webhookPath));
    const managed = MANAGED_RULE_GROUPS.map(
      (name, priority): CfnWebACL.RuleProperty => ({
        name,
        priority,
        overrideAction: { none: {} },
        statement: {
          managedRuleGroupStatement: {
            vendorName: 'AWS',
            name,
            ruleActionOverrides: (COUNTED_RULES[name] ?? []).map((rule) => ({
              name: rule,
              actionToUse: { count: {} },
            })),
            ...(INPUT_RULE_GROUPS.has(name) ? { scopeDownStatement: notWebhook } : {}),
          },
        },
        visibilityConfig: visibility(name),
      }),
    );
    const perRoute = CLIENT_RATE_LIMITS.map(({ name, route, limit }, i) =>
      ratePerClient(name, managed.length + 1 + i, limit, pathIsOrUnder(ROUTES[route].path)),
    );
    const webAclName = `${props.mainStackName}-edge`;
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: webAclName,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: `Clubs edge rules, ${id}`,
      // WAF publishes the web ACL's metrics under its metric name (the WebACL dimension): the same
      // name as the web ACL, so the alarm below reads what is published.
      visibilityConfig: visibility(webAclName),
      rules: [
        ...managed,
        ratePerClient('RatePerClient', managed.length, props.rateLimit, notWebhook),
        ...perRoute,
      ],
    });
    logWebAcl(this, 'WebAcl', this.webAcl, props.logRetention);

    this.topic = alarmTopic(this, 'AlarmTopic', props.alarmEmail, edgeAlarmTopicName(props.mainStackName));
    alarmTo(this, 'WafBlocksAlarm', this.topic, {
      description: `The edge web ACL blocked ${WAF_BLOCKS_ALARM} or more requests in 5 minutes, 3 times in 25: an attack, or a rule refusing real visitors (its sampled requests and logs tell which)`,
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: publishedMetricName(this.webAcl), Rule: 'ALL' },
        period: ALARM_PERIOD,
        statistic: 'Sum',
      }),
      threshold: WAF_BLOCKS_ALARM,
    });

    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.attrArn,
      description: "Put this into the stage file's webAclArn, then deploy the main stack",
    });
    new CfnOutput(this, 'EdgeAlarmTopicArn', {
      value: this.topic.topicArn,
      // An output's description must be a literal string (CloudFormation refuses a function there).
      description: `SNS topic of the ${EDGE_REGION} alarms`,
    });
  }
}
