/**
 * Least privilege, read from the synthesized policies: each handler group's role holds exactly
 * the actions its resource uses need (GROUP_USES and the event manifest's `uses`), on the
 * resources they concern, and nothing else; and those declarations match the AWS calls the
 * group's bundled code makes. The stack is synthesized without bundling (policies do not depend
 * on it); the code is bundled in memory with the deploy settings.
 */

import { type FunctionGroup, GROUP_ACCESS, usesOf } from '@clubs/infra/lib/group-access.ts';
import type { HandlerFunction } from '@clubs/infra/lib/handler-function.ts';
import {
  EVENT_REMINDER_SCHEDULE_PREFIX,
  EVENT_ROUTES,
  isClubAccess,
  RESOURCE_USES,
  type ResourceUse,
  ROUTE_IDS,
  ROUTES,
  type RouteDefinition,
  WEBHOOK_RETRY_SCHEDULE_PREFIX,
} from '@clubs/shared';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  actionsOf,
  logicalId,
  type Statement,
  type Synthesized,
  statementsOfRole,
  synthStack,
} from './app.ts';
import { type CodeUses, codeUsesOf } from './sdk-usage.ts';

const ACCESS_CHECK = 'functions/src/http/access.ts';
let synth: Synthesized;
let template: Template;
const GROUPS = Object.keys(GROUP_ACCESS) as FunctionGroup[];

/** A deployment that names an outline model, so the courses function's Bedrock grant exists. */
const OUTLINE_MODEL = 'anthropic.claude-3-haiku-20240307-v1:0';

/** A deployment that names a sender, so the invitations function's SES grant exists. */
const SENDER = 'no-reply@clubs.example.com';

beforeAll(() => {
  synth = synthStack({ outlineModelId: OUTLINE_MODEL, sesFromEmail: SENDER }, { bundle: false });
  template = synth.template;
});

const handlerOf = (group: FunctionGroup): HandlerFunction => {
  const handler =
    synth.stack.api.functions.get(group as never) ?? synth.stack.payments.functions.get(group as never);
  if (!handler) throw new Error(`no function for ${group}`);
  return handler;
};

/** Every function may write its own log group and traces; nothing else comes for free. */
const BASELINE = new Set([
  'logs:CreateLogStream',
  'logs:PutLogEvents',
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
]);

/** A granted action on a resource → the use it serves (undefined: no use justifies it). */
function useServedBy(action: string, resource: string): ResourceUse | undefined {
  const table = logicalId(synth.stack.data.table);
  const onTable = resource === JSON.stringify({ 'Fn::GetAtt': [table, 'Arn'] });
  const onIndexes = resource.includes(table) && resource.includes('/index/*');
  const onMedia = resource.includes(logicalId(synth.stack.media.bucket)) && resource.includes('/*');
  const reads = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
  const writes = [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ];
  if (onTable && reads.includes(action)) return 'table:read';
  if (onIndexes && action === 'dynamodb:Query') return 'table:read';
  if (onTable && writes.includes(action)) return 'table:write';
  if (onMedia && (action === 's3:PutObject' || action === 's3:PutObjectTagging')) return 'media:upload';
  if (onMedia && action === 's3:GetObject') return 'media:read';
  if (onMedia && action === 's3:DeleteObject') return 'media:delete';
  if (action === 'bedrock:InvokeModel' && resource.includes(`:foundation-model/${OUTLINE_MODEL}`))
    return 'ai:outline';
  if (
    action === 'ses:SendEmail' &&
    (resource.includes(`:identity/${SENDER}`) || resource.includes(':configuration-set/'))
  )
    return 'email:send';
  if (action === 'events:PutEvents' && resource.includes(logicalId(synth.stack.payments.bus)))
    return 'events:put';
  if (
    action === 'execute-api:ManageConnections' &&
    resource.includes(logicalId(synth.stack.live.api)) &&
    resource.includes('/POST/@connections/*')
  )
    return 'live:post';
  if (
    action === 'execute-api:ManageConnections' &&
    resource.includes(logicalId(synth.stack.live.api)) &&
    resource.includes('/DELETE/@connections/*')
  )
    return 'live:close';
  const schedules = synth.stack.reminderSchedules;
  if (
    ['scheduler:CreateSchedule', 'scheduler:UpdateSchedule', 'scheduler:DeleteSchedule'].includes(action) &&
    // Each schedule-managing group's own kind: event reminders' or webhook retries'.
    [EVENT_REMINDER_SCHEDULE_PREFIX, WEBHOOK_RETRY_SCHEDULE_PREFIX].some((prefix) =>
      resource.includes(`:schedule/${schedules.group.scheduleGroupName}/${prefix}*`),
    )
  )
    return 'schedules:manage';
  if (action === 'iam:PassRole' && resource.includes(logicalId(schedules.role))) return 'schedules:manage';
  if (action === 'secretsmanager:GetSecretValue') {
    if (resource === JSON.stringify({ Ref: logicalId(synth.stack.payments.stripeSecretKey) }))
      return 'stripe:api';
    if (resource === JSON.stringify({ Ref: logicalId(synth.stack.payments.stripeWebhookSecret) })) {
      return 'stripe:webhook-secret';
    }
    if (resource === JSON.stringify({ Ref: logicalId(synth.stack.payments.linkSigningSecret) })) {
      return 'links:sign';
    }
  }
  return undefined;
}

/** What Lambda's SQS event source needs to consume a queue. */
const QUEUE_CONSUMER = new Set([
  'sqs:ReceiveMessage',
  'sqs:ChangeMessageVisibility',
  'sqs:GetQueueUrl',
  'sqs:DeleteMessage',
  'sqs:GetQueueAttributes',
]);

/** The logical ids of the queues of the group's queued event routes. */
const ownQueues = (group: FunctionGroup): string[] =>
  EVENT_ROUTES.filter((route) => route.group === group && 'queued' in route && route.queued).flatMap(
    (route) => {
      const queue = synth.stack.payments.eventQueues.get(route.id);
      return queue ? [logicalId(queue.queue)] : [];
    },
  );

/** Each (action, resource) pair the group's role holds, beyond the baseline. */
function grantsOf(group: FunctionGroup): { action: string; resource: string }[] {
  const statements: Statement[] = statementsOfRole(template, logicalId(handlerOf(group).role));
  return statements.flatMap((statement) => {
    expect(statement.Effect).toBe('Allow');
    const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action];
    const resources = Array.isArray(statement.Resource) ? statement.Resource : [statement.Resource];
    return actions
      .filter((action) => !BASELINE.has(action))
      .flatMap((action) => resources.map((resource) => ({ action, resource: JSON.stringify(resource) })));
  });
}

describe('IAM grants derived from the manifests', () => {
  it('every route and event route declares only known uses', () => {
    for (const group of GROUPS) {
      for (const use of usesOf(group)) expect(RESOURCE_USES, group).toContain(use);
    }
  });

  it('no role holds an action its group does not use, on any resource', () => {
    for (const group of GROUPS) {
      const declared = usesOf(group);
      const ownDeadLetterQueue = synth.stack.payments.deadLetterQueues.get(group as never);
      for (const { action, resource } of grantsOf(group)) {
        // An asynchronously invoked function sends its failed invocations to its own queue.
        if (
          ownDeadLetterQueue &&
          action === 'sqs:SendMessage' &&
          resource.includes(logicalId(ownDeadLetterQueue))
        ) {
          continue;
        }
        // A queued event route's function consumes its own queue (the SQS event source's grant).
        if (ownQueues(group).some((queue) => resource.includes(queue)) && QUEUE_CONSUMER.has(action))
          continue;
        const use = useServedBy(action, resource);
        expect(use, `${group}: ${action} on ${resource} serves no use`).toBeDefined();
        expect(
          [...declared],
          `${group}: ${action} serves ${use}, which no route of the group declares`,
        ).toContain(use);
      }
    }
  });

  it('every declared use is granted', () => {
    for (const group of GROUPS) {
      const served = new Set(grantsOf(group).map(({ action, resource }) => useServedBy(action, resource)));
      for (const use of usesOf(group)) expect([...served], `${group} declares ${use}`).toContain(use);
    }
  });

  it('gives nobody Scan, batch writes, streams or wildcards', () => {
    for (const group of GROUPS) {
      for (const { action } of grantsOf(group)) {
        expect(action, group).not.toMatch(
          /^dynamodb:(Scan|BatchWriteItem|GetRecords|GetShardIterator|DescribeTable)$/,
        );
        expect(action, group).not.toMatch(/\*/);
      }
    }
    expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).not.toContain('dynamodb:Scan');
  });

  it('keeps health read-only, the public directory to reads and its visit counts, and the contact form write-only', () => {
    const actions = (group: FunctionGroup) =>
      [...new Set(grantsOf(group).map((grant) => grant.action))].sort();
    const read = ['dynamodb:BatchGetItem', 'dynamodb:GetItem', 'dynamodb:Query'];
    expect(actions('clubs')).toEqual([
      'dynamodb:BatchGetItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(actions('system')).toEqual(read);
    expect(actions('contact')).toEqual([
      'dynamodb:ConditionCheckItem',
      'dynamodb:DeleteItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
    ]);
    expect(actions('stripe-webhook')).toEqual(['events:PutEvents', 'secretsmanager:GetSecretValue']);
  });

  it.each([
    ['contact', ['CONTACT#*', 'RATE#*']],
    ['search-index', ['SEARCH#*', 'SEARCHDOC#*']],
    ['clubs', ['CLUB#*#STATS']],
  ] as const)('lets %s write only its own partitions (dynamodb:LeadingKeys)', (group, partitions) => {
    const statements = statementsOfRole(template, logicalId(handlerOf(group).role));
    const writes = statements.filter((s) => actionsOf([s]).includes('dynamodb:PutItem'));
    expect(writes).toHaveLength(1);
    expect((writes[0] as Statement & { Condition?: unknown }).Condition).toEqual({
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...partitions] },
    });
  });

  it('gives each function the environment of its uses only', () => {
    for (const group of GROUPS) {
      const fn = template.toJSON().Resources[logicalId(handlerOf(group).function)];
      const variables = Object.keys(fn.Properties.Environment.Variables as object);
      const uses = usesOf(group);
      expect(variables.includes('TABLE_NAME'), group).toBe(uses.has('table:read') || uses.has('table:write'));
      expect(variables.includes('MEDIA_BUCKET'), group).toBe(
        uses.has('media:upload') || uses.has('media:read') || uses.has('media:delete'),
      );
      expect(variables.includes('STRIPE_SECRET_KEY_ARN'), group).toBe(uses.has('stripe:api'));
      expect(variables.includes('STRIPE_WEBHOOK_SECRET_ARN'), group).toBe(uses.has('stripe:webhook-secret'));
      expect(variables.includes('LINK_SIGNING_SECRET_ARN'), group).toBe(uses.has('links:sign'));
      expect(variables.includes('EVENT_BUS_NAME'), group).toBe(uses.has('events:put'));
      expect(variables.includes('OUTLINE_MODEL_ID'), group).toBe(uses.has('ai:outline'));
      expect(variables.includes('EMAIL_FROM'), group).toBe(uses.has('email:send'));
      expect(variables.includes('SES_CONFIGURATION_SET'), group).toBe(uses.has('email:send'));
      expect(variables.includes('SCHEDULE_GROUP_NAME'), group).toBe(uses.has('schedules:manage'));
      expect(variables.includes('SCHEDULE_ROLE_ARN'), group).toBe(uses.has('schedules:manage'));
    }
  });
});

describe("the declarations match each group's code", () => {
  const code = new Map<FunctionGroup, CodeUses>();

  beforeAll(async () => {
    for (const group of GROUPS) {
      const clubRoutes = ROUTE_IDS.some((id) => {
        const route = ROUTES[id] as RouteDefinition;
        return route.group === group && isClubAccess(route.access);
      });
      // The access check loads the club only for club and author routes.
      code.set(group, await codeUsesOf(group, clubRoutes ? [] : [ACCESS_CHECK]));
    }
  }, 120_000);

  it('finds the AWS calls in the bundles (the analysis sees what it should)', () => {
    // The presigned POST's policy lets the browser put the object (the bundled presigner names
    // PutObjectCommand); a presigned GET reads it.
    expect(code.get('profiles')?.calls).toContain('@aws-sdk/client-s3#PutObjectCommand');
    expect(code.get('feed')?.calls).toContain('@aws-sdk/client-s3#GetObjectCommand');
    expect(code.get('stripe-webhook')?.calls).toContain('@aws-sdk/client-eventbridge#PutEventsCommand');
    // Imported by a shared repository module, but health never calls it: not a use.
    expect(code.get('system')?.calls).not.toContain('@aws-sdk/lib-dynamodb#TransactWriteCommand');
  });

  it('classifies every AWS call the functions make', () => {
    for (const group of GROUPS) expect(code.get(group)?.unknown, group).toEqual([]);
  });

  it("declares exactly the uses each group's code needs", () => {
    // All groups at once, so a change that ends several groups' use of something names them all.
    const needed = Object.fromEntries(
      GROUPS.map((group) => [group, [...(code.get(group)?.uses ?? [])].sort()]),
    );
    const declared = Object.fromEntries(GROUPS.map((group) => [group, [...usesOf(group)].sort()]));
    expect(needed).toEqual(declared);
  });
});
