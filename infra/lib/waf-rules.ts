/**
 * Building blocks of the product's AWS WAF web ACLs (the CloudFront one in the edge stack): rule statements written once, a rate rule per
 * client address, and logging to a CloudWatch log group whose name WAF requires to start with
 * `aws-waf-logs-`.
 */
import { ArnFormat, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, type CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';

type Statement = CfnWebACL.StatementProperty;

export const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/**
 * The name WAF publishes a web ACL's metrics under (the WebACL dimension of AWS/WAFV2): its
 * visibility config's metric name, which an alarm on it must read (not its resource name).
 */
export function publishedMetricName(webAcl: CfnWebACL): string {
  const config = webAcl.visibilityConfig as CfnWebACL.VisibilityConfigProperty;
  return config.metricName;
}

/** The request's path is exactly `path`. */
export const pathIs = (path: string): Statement => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    positionalConstraint: 'EXACTLY',
    searchString: path,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** The request's path is `path` or lies below it (`path/…`). */
export const pathIsOrUnder = (path: string): Statement => ({
  orStatement: {
    statements: [
      pathIs(path),
      {
        byteMatchStatement: {
          fieldToMatch: { uriPath: {} },
          positionalConstraint: 'STARTS_WITH',
          searchString: `${path}/`,
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      },
    ],
  },
});

export const not = (statement: Statement): Statement => ({ notStatement: { statement } });

/** Blocks a client address that makes more than `limit` matching requests in five minutes. */
export function ratePerClient(
  name: string,
  priority: number,
  limit: number,
  scopeDown?: Statement,
): CfnWebACL.RuleProperty {
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: 300,
        ...(scopeDown ? { scopeDownStatement: scopeDown } : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

/**
 * Logs the requests a web ACL blocks or counts to a log group of its own (WAF writes there
 * directly), without the headers that carry credentials.
 */
export function logWebAcl(
  scope: Construct,
  id: string,
  webAcl: CfnWebACL,
  retention: RetentionDays,
): LogGroup {
  const stack = Stack.of(scope);
  const logGroupName = `aws-waf-logs-${stack.stackName}-${id}`.slice(0, 512);
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    logGroupName,
    retention,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  const logging = new CfnLoggingConfiguration(scope, `${id}Logging`, {
    resourceArn: webAcl.attrArn,
    // WAF wants the log group's ARN without the `:*` that LogGroup.logGroupArn ends with.
    logDestinationConfigs: [
      stack.formatArn({
        service: 'logs',
        resource: 'log-group',
        resourceName: logGroupName,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      }),
    ],
    redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
    // Only what a rule blocked or counted: allowed requests are in CloudFront's own logs already,
    // and logging every one would cost more than the web ACL (docs/COST.md).
    loggingFilter: {
      DefaultBehavior: 'DROP',
      Filters: [
        {
          Behavior: 'KEEP',
          Requirement: 'MEETS_ANY',
          Conditions: ['BLOCK', 'COUNT', 'EXCLUDED_AS_COUNT'].map((Action) => ({
            ActionCondition: { Action },
          })),
        },
      ],
    },
  });
  logging.node.addDependency(logGroup);
  return logGroup;
}
