/**
 * What the production template holds that a bill depends on, read from the synthesized
 * CloudFormation of the main stack (with its nested stacks') and the edge stack: functions and
 * their memory, alarms and the metrics they read, web ACL rules, indexes, backups, secrets, the
 * Cognito feature plan.
 */
type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

export interface Inventory {
  /** Memory (MB) of the functions behind the API's routes. */
  readonly apiFunctionMemoryMb: readonly number[];
  readonly functions: number;
  /** Memory (MB) of the functions behind a function URL: the site-pages function's drawn pages. */
  readonly pageFunctionMemoryMb: readonly number[];
  readonly tracedFunctions: number;
  /** Metrics read by every alarm (a metric math alarm pays for each metric it reads). */
  readonly alarmMetrics: number;
  readonly alarms: number;
  readonly dashboards: number;
  readonly customMetrics: number;
  readonly secrets: number;
  readonly webAcls: { readonly scope: string; readonly rules: number }[];
  readonly globalSecondaryIndexes: { readonly name: string; readonly projection: string }[];
  readonly userPoolTier: string;
  readonly cloudFrontFunctionBehaviors: number;
  /** The backup plan's rules: how often each runs, how long its backups stay, how many copies. */
  readonly backupRules: readonly {
    readonly everyDays: number;
    readonly deleteAfterDays: number;
    readonly coldAfterDays: number;
    readonly copies: number;
  }[];
  readonly mediaReplication: boolean;
  readonly queues: number;
}

/** Days between runs of a backup rule's cron: monthly when it names a day of the month, else daily. */
function daysBetweenRuns(schedule: string | undefined): number {
  const fields = /^cron\((.*)\)$/.exec(schedule ?? '')?.[1]?.split(/\s+/) ?? [];
  return fields[2] && /^\d+$/.test(fields[2]) ? 30 : 1;
}

const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type);

export function inventoryOf(main: Resources, edge: Resources, apiFunctionIds: readonly string[]): Inventory {
  const all: Resources = { ...main, ...edge };
  const functions = ofType(main, 'AWS::Lambda::Function');
  const alarms = ofType(all, 'AWS::CloudWatch::Alarm');
  const alarmMetrics = alarms.reduce((sum, [, alarm]) => {
    const metrics = (alarm.Properties?.Metrics ?? []) as { MetricStat?: unknown }[];
    return sum + (alarm.Properties?.MetricName ? 1 : metrics.filter((m) => m.MetricStat).length);
  }, 0);
  // Alarms put through the CloudWatch API in another region (GlobalAlarm): one metric each.
  const globalAlarms = ofType(main, 'Custom::AWS').filter(([, r]) =>
    JSON.stringify(r.Properties?.Create ?? '').includes('putMetricAlarm'),
  ).length;
  const table = ofType(main, 'AWS::DynamoDB::GlobalTable')[0]?.[1];
  const indexes = (
    (table?.Properties?.GlobalSecondaryIndexes ?? []) as {
      IndexName: string;
      Projection: { ProjectionType: string };
    }[]
  ).map((index) => ({ name: index.IndexName, projection: index.Projection.ProjectionType }));
  const distribution = ofType(main, 'AWS::CloudFront::Distribution')[0]?.[1];
  const config = (distribution?.Properties?.DistributionConfig ?? {}) as {
    DefaultCacheBehavior?: { FunctionAssociations?: unknown[] };
    CacheBehaviors?: { FunctionAssociations?: unknown[] }[];
  };
  const behaviors = [config.DefaultCacheBehavior, ...(config.CacheBehaviors ?? [])];
  const plan = ofType(main, 'AWS::Backup::BackupPlan')[0]?.[1];
  const rules = ((plan?.Properties?.BackupPlan as { BackupPlanRule?: Record<string, unknown>[] } | undefined)
    ?.BackupPlanRule ?? []) as {
    ScheduleExpression?: string;
    Lifecycle?: { DeleteAfterDays?: number; MoveToColdStorageAfterDays?: number };
    CopyActions?: unknown[];
  }[];
  const userPool = ofType(main, 'AWS::Cognito::UserPool')[0]?.[1];
  const mediaBuckets = ofType(main, 'AWS::S3::Bucket').filter(
    ([, b]) => b.Properties?.ReplicationConfiguration,
  );
  return {
    apiFunctionMemoryMb: apiFunctionIds.map((id) => Number(main[id]?.Properties?.MemorySize ?? 128)),
    functions: functions.length,
    pageFunctionMemoryMb: ofType(main, 'AWS::Lambda::Url').map(([, url]) => {
      const target = (url.Properties?.TargetFunctionArn as { 'Fn::GetAtt'?: [string, string] }) ?? {};
      return Number(main[target['Fn::GetAtt']?.[0] ?? '']?.Properties?.MemorySize ?? 128);
    }),
    tracedFunctions: functions.filter(([, f]) =>
      JSON.stringify(f.Properties?.TracingConfig ?? {}).includes('Active'),
    ).length,
    alarmMetrics: alarmMetrics + globalAlarms,
    alarms: alarms.length + globalAlarms,
    dashboards: ofType(main, 'AWS::CloudWatch::Dashboard').length,
    customMetrics: ofType(main, 'AWS::Logs::MetricFilter').length,
    secrets: ofType(main, 'AWS::SecretsManager::Secret').length,
    webAcls: ofType(all, 'AWS::WAFv2::WebACL').map(([, acl]) => ({
      scope: String(acl.Properties?.Scope),
      rules: ((acl.Properties?.Rules ?? []) as unknown[]).length,
    })),
    globalSecondaryIndexes: indexes,
    userPoolTier: String(userPool?.Properties?.UserPoolTier ?? 'ESSENTIALS'),
    cloudFrontFunctionBehaviors: behaviors.filter((b) => (b?.FunctionAssociations ?? []).length > 0).length,
    backupRules: rules.map((rule) => ({
      everyDays: daysBetweenRuns(rule.ScheduleExpression),
      deleteAfterDays: rule.Lifecycle?.DeleteAfterDays ?? 0,
      coldAfterDays: rule.Lifecycle?.MoveToColdStorageAfterDays ?? 0,
      copies: (rule.CopyActions ?? []).length,
    })),
    mediaReplication: mediaBuckets.length > 0,
    queues: ofType(main, 'AWS::SQS::Queue').length,
  };
}
