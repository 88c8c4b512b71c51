/**
 * An API Gateway stage's access logs: a log group of their own (the stack's retention, removed
 * with the stack) and one JSON line per request with the fields given (`$context` variables).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

export function jsonAccessLogs(scope: Construct, retention: RetentionDays, fields: Record<string, string>) {
  const logGroup = new LogGroup(scope, 'AccessLogs', { retention, removalPolicy: RemovalPolicy.DESTROY });
  return {
    logGroup,
    settings: {
      destination: new LogGroupLogDestination(logGroup),
      format: AccessLogFormat.custom(JSON.stringify(fields)),
    },
  };
}
