/**
 * The production edge: the AWS WAF web ACL in front of the CloudFront distribution. A web ACL
 * for CloudFront must live in us-east-1 whatever region the product runs in, so it is a stack of
 * its own (`{stackName}Edge`), deployed first; its WebAclArn output goes into the stage file's
 * `webAclArn`, which a production stage requires (docs/DEPLOY.md, "Step by step").
 *
 * Rules, in order: AWS's IP reputation list, its known bad inputs and core rule set (the core
 * set's 8 KB body limit only counts: course sections are longer, and uploads go to S3 directly),
 * then a rate limit per client address over five minutes.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

/** The region every CloudFront-scope web ACL is created in. */
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

export interface EdgeStackProps extends StackProps {
  /** Requests one client address may make in five minutes before it is blocked for a while. */
  readonly rateLimit: number;
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
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
          },
        },
        visibilityConfig: visibility(name),
      }),
    );
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: `Clubs edge rules, ${id}`,
      visibilityConfig: visibility(`${id}WebAcl`),
      rules: [
        ...managed,
        {
          name: 'RatePerClient',
          priority: managed.length,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: props.rateLimit, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('RatePerClient'),
        },
      ],
    });
    new CfnOutput(this, 'WebAclArn', {
      value: this.webAcl.attrArn,
      description: "Put this into the stage file's webAclArn, then deploy the main stack",
    });
  }
}
