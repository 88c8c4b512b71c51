/**
 * What each handler group's function may touch: its environment and its IAM grants, both derived
 * from the resource uses declared in the route manifest (GROUP_USES) and the event manifest
 * (`uses`), so a new group gets exactly what it names. Only the description and the size are written here,
 * keyed by every group of the manifests, so a new group does not compile until it has them.
 */

import {
  EVENT_REMINDER_SCHEDULE_PREFIX,
  EVENT_ROUTES,
  type EventHandlerGroup,
  GROUP_USES,
  HANDLER_EVENT_SOURCES,
  type HandlerGroup,
  isClubAccess,
  type ResourceUse,
  ROUTE_IDS,
  ROUTES,
  type RouteDefinition,
  WEBHOOK_RETRY_SCHEDULE_PREFIX,
} from '@clubs/shared';
import { type Key, keys, searchKeys, statsKeys } from '@clubs/shared/table-keys';
import { Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { EmailSending } from './email.ts';
import type { HandlerFunction, SIZES } from './handler-function.ts';
import { acknowledgeWildcardResource } from './nag.ts';
import type { ReminderSchedules } from './reminder-schedules.ts';

export interface GroupAccess {
  /** The Lambda function's description. */
  readonly description: string;
  /** Memory and timeout preset (see SIZES in handler-function.ts). */
  readonly size: keyof typeof SIZES;
  /**
   * Concurrent executions set aside for the function in production (and its ceiling): Stripe's
   * events keep flowing when other functions use up the account's concurrency, and a burst of
   * them cannot starve the API.
   */
  readonly reservedConcurrency?: number;
}

export type FunctionGroup = HandlerGroup | EventHandlerGroup;

export const GROUP_ACCESS: Readonly<Record<FunctionGroup, GroupAccess>> = {
  system: { description: 'System routes: health', size: 'api' },
  profiles: { description: "The caller's profile and avatar", size: 'api' },
  clubs: { description: 'Clubs: the directory, club pages and featured clubs (read only)', size: 'api' },
  contact: { description: 'Contact form: stores messages, rate-limited per sender address', size: 'api' },
  memberships: {
    description: "Joining and the caller's memberships: join requests, membership status, dashboards",
    size: 'api',
  },
  feed: {
    description:
      'The club space: feed posts, likes, comments, pins, members-only post media, sidebar, member profiles',
    size: 'api',
  },
  members: {
    description: "The members page: a club's members, their search, approvals, removals and roles",
    size: 'api',
  },
  invitations: {
    description:
      "Invitations: the owner's invite link, invitations e-mailed through SES (rate-limited per club), accepting them",
    size: 'api',
  },
  'calendar-events': {
    description: 'Club events (lists by start time, creating and editing, registrations) and the leaderboard',
    size: 'api',
  },
  'stripe-webhook': {
    description: "Stripe's webhook: verifies the signature, then puts the event on the bus",
    size: 'webhook',
    reservedConcurrency: 10,
  },
  payments: {
    description: 'Payments: creator plan and member checkouts, Connect onboarding, billing (calls Stripe)',
    size: 'api',
  },
  courses: {
    description:
      'Courses: the list, the creation wizard and outline drafts, sections (sanitized HTML), course media, progress',
    size: 'api',
  },
  'club-admin': { description: "Club creation and the owner's setup reads (no Stripe)", size: 'api' },
  'super-admin': {
    description: 'The super-admin portal: all clubs with their owners, suspension, the audit log',
    size: 'api',
  },
  'stripe-events': {
    description: 'Stripe events from the bus: activates and updates clubs and memberships',
    size: 'consumer',
    reservedConcurrency: 5,
  },
  'club-billing': {
    description: "A club's suspension from the bus: pauses or resumes its member subscriptions at Stripe",
    size: 'consumer',
    reservedConcurrency: 5,
  },
  notifications: {
    description: "The bell: the caller's notifications, their unread count, marking them read",
    size: 'api',
  },
  chat: {
    description: "Chat: the caller's conversations with members they share a club with, and their messages",
    size: 'api',
  },
  'notification-delivery': {
    description:
      'Change events from the bus become notifications; a club-wide one is split into batches, written from a queue',
    size: 'consumer',
  },
  'live-fanout': {
    description:
      'Change events from the bus go live to the WebSocket connections following the club; gone ones are dropped',
    size: 'consumer',
  },
  'search-index': {
    description:
      "Change events from the bus keep the club's search index: each named document's postings follow it as stored",
    size: 'consumer',
  },
  'event-reminders': {
    description:
      "Club events created, moved or deleted: each one's reminder schedule (a day before it starts) follows it",
    size: 'consumer',
  },
  webhooks: {
    description:
      "A club's outbound webhooks: each change becomes a signed delivery per subscribed endpoint, sent, logged and retried with backoff",
    size: 'consumer',
  },
  'invitation-imports': {
    description:
      "Invitation imports from CSV files: each one's rows checked, then sent through the invitation path and its daily limits",
    size: 'consumer',
  },
};

/**
 * What a group's function may touch: its HTTP group's declared uses (GROUP_USES) and its event
 * routes' together. A club or author access declaration adds table:read: the access check reads
 * the club and the caller's membership.
 */
export function usesOf(group: FunctionGroup): ReadonlySet<ResourceUse> {
  const httpUses: Partial<Record<FunctionGroup, readonly ResourceUse[]>> = GROUP_USES;
  const checksClubAccess = ROUTE_IDS.some((id) => {
    const route: RouteDefinition = ROUTES[id];
    return route.group === group && isClubAccess(route.access);
  });
  return new Set([
    ...(httpUses[group] ?? []),
    ...(checksClubAccess ? (['table:read'] as const) : []),
    ...EVENT_ROUTES.filter((route) => route.group === group).flatMap((route) => route.uses),
  ]);
}

/**
 * Groups that write only some kinds of item, by the partition keys they may write (IAM's
 * dynamodb:LeadingKeys): the contact form writes its messages and its rate windows, nothing
 * else. The prefixes come from the key builders themselves.
 */
const partitionPrefixOf = (key: Key): string => `${key.pk.slice(0, key.pk.indexOf('#') + 1)}*`;
export const WRITE_PARTITIONS: Partial<Record<FunctionGroup, readonly string[]>> = {
  contact: [
    partitionPrefixOf(keys.contactMessage('2026-01-01T00:00:00.000Z', 'id')),
    partitionPrefixOf(keys.rateWindow('scope', 'subject', 'window')),
  ],
  // The fan-out deletes gone connections and a removed member's subscriptions, nothing else.
  'live-fanout': [
    partitionPrefixOf(keys.liveConnection('id')),
    partitionPrefixOf(keys.liveSubscription('club', 'id')),
    partitionPrefixOf(keys.liveUserConnection('user', 'id')),
  ],
  // The directory writes only its clubs' analytics: a public page's visit counted.
  clubs: [statsKeys.partition('*')],
  // The search index's consumer writes postings and their documents' manifests, nothing else.
  'search-index': [
    partitionPrefixOf(searchKeys.posting('club', 'term', '2026-01-01T00:00:00.000Z', 'post', 'id')),
    partitionPrefixOf(searchKeys.manifest('club', { kind: 'post', id: 'id' })),
  ],
};

/**
 * The live socket's own function writes the connection partitions the fan-out may write, and
 * deletes the ticket its $connect consumes.
 */
export const LIVE_SOCKET_WRITE_PARTITIONS: readonly string[] = [
  ...(WRITE_PARTITIONS['live-fanout'] ?? []),
  partitionPrefixOf(keys.liveTicket('ticket')),
];

/** Sets a group's reserved concurrency (GROUP_ACCESS) on its function, if it names one. */
export function reserveConcurrency(group: FunctionGroup, handler: HandlerFunction): void {
  const reserved = GROUP_ACCESS[group].reservedConcurrency;
  if (reserved !== undefined) {
    (handler.function.node.defaultChild as CfnFunction).reservedConcurrentExecutions = reserved;
  }
}

/** Table actions by use. Transactions need the action of each item they hold (and ConditionCheckItem). */
export const TABLE_ACTIONS = {
  'table:read': ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  'table:write': [
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const satisfies Partial<Record<ResourceUse, readonly string[]>>;

/** Media bucket actions by use (HeadObject needs s3:GetObject; a presigned POST, s3:PutObject). */
export const MEDIA_ACTIONS = {
  'media:upload': ['s3:PutObject', 's3:PutObjectTagging'],
  'media:read': ['s3:GetObject'],
  'media:delete': ['s3:DeleteObject'],
} as const satisfies Partial<Record<ResourceUse, readonly string[]>>;

/** Everything a handler may be given; each function receives only what its uses name. */
export interface HandlerResources {
  readonly table: ITableV2;
  readonly mediaBucket: IBucket;
  readonly eventBus: IEventBus;
  readonly stripeSecretKey: ISecret;
  readonly stripeWebhookSecret: ISecret;
  readonly linkSigningSecret: ISecret;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly siteUrl: string;
  readonly logLevel: string;
  readonly stripeCreatorMonthlyPrice: string;
  readonly stripeCreatorAnnualPrice: string;
  readonly stripeLivemode: boolean;
  /** The Bedrock model that drafts course outlines, if the deployment names one. */
  readonly outlineModelId?: string;
  /** The SES sending identity and configuration set, if the stage names a sender (email.ts). */
  readonly email?: EmailSending;
  /** The live WebSocket API's management endpoint and its connections' ARN (live.ts). */
  readonly live?: {
    readonly endpoint: string;
    readonly connectionsArn: string;
    readonly closeConnectionsArn: string;
  };
  /** The event reminders' schedule group and the role their schedules act as (reminder-schedules.ts). */
  readonly schedules?: ReminderSchedules;
}

const usesTable = (uses: ReadonlySet<ResourceUse>) => uses.has('table:read') || uses.has('table:write');
const usesMedia = (uses: ReadonlySet<ResourceUse>) =>
  uses.has('media:upload') || uses.has('media:read') || uses.has('media:delete');

/** The environment of a group's function. */
export function environmentFor(group: FunctionGroup, resources: HandlerResources): Record<string, string> {
  const uses = usesOf(group);
  return {
    POWERTOOLS_SERVICE_NAME: `clubs-${group}`,
    POWERTOOLS_LOG_LEVEL: resources.logLevel,
    SITE_URL: resources.siteUrl,
    USER_POOL_ID: resources.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClientId,
    ...(usesTable(uses) ? { TABLE_NAME: resources.table.tableName } : {}),
    ...(usesMedia(uses) ? { MEDIA_BUCKET: resources.mediaBucket.bucketName } : {}),
    ...(uses.has('events:put') ? { EVENT_BUS_NAME: resources.eventBus.eventBusName } : {}),
    ...(uses.has('stripe:api')
      ? {
          STRIPE_SECRET_KEY_ARN: resources.stripeSecretKey.secretArn,
          STRIPE_CREATOR_PRICE_MONTHLY: resources.stripeCreatorMonthlyPrice,
          STRIPE_CREATOR_PRICE_ANNUAL: resources.stripeCreatorAnnualPrice,
          STRIPE_LIVEMODE: String(resources.stripeLivemode),
        }
      : {}),
    ...(uses.has('stripe:webhook-secret')
      ? { STRIPE_WEBHOOK_SECRET_ARN: resources.stripeWebhookSecret.secretArn }
      : {}),
    ...(uses.has('links:sign') ? { LINK_SIGNING_SECRET_ARN: resources.linkSigningSecret.secretArn } : {}),
    ...(uses.has('ai:outline') && resources.outlineModelId
      ? { OUTLINE_MODEL_ID: resources.outlineModelId }
      : {}),
    ...(uses.has('email:send') && resources.email
      ? {
          EMAIL_FROM: resources.email.from,
          SES_CONFIGURATION_SET: resources.email.configurationSetName,
          EMAIL_SEND_RATE: String(resources.email.sendRate),
        }
      : {}),
    ...((uses.has('live:post') || uses.has('live:close')) && resources.live
      ? { LIVE_ENDPOINT: resources.live.endpoint }
      : {}),
    ...(uses.has('schedules:manage') && resources.schedules ? resources.schedules.environment() : {}),
  };
}

/** The grants of a group's function, and the acknowledgement of the wildcards they imply. */
export function grantAccess(
  group: FunctionGroup,
  handler: HandlerFunction,
  resources: HandlerResources,
): void {
  const uses = usesOf(group);
  const grant = (
    actions: readonly string[],
    resourceArns: string[],
    conditions?: Record<string, Record<string, unknown>>,
  ) => {
    if (actions.length > 0) {
      handler.role.addToPrincipalPolicy(
        new PolicyStatement({ actions: [...actions], resources: resourceArns, conditions }),
      );
    }
  };
  const pick = <K extends string>(table: Record<K, readonly string[]>) =>
    (Object.keys(table) as K[]).filter((use) => uses.has(use as never)).flatMap((use) => table[use]);

  const { table } = resources;
  const partitions = WRITE_PARTITIONS[group];
  if (partitions) {
    grant(uses.has('table:read') ? TABLE_ACTIONS['table:read'] : [], [table.tableArn]);
    const writes: readonly string[] = uses.has('table:write') ? TABLE_ACTIONS['table:write'] : [];
    grant(
      writes.filter((action) => action !== 'dynamodb:ConditionCheckItem'),
      [table.tableArn],
      { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...partitions] } },
    );
    // A condition check changes nothing: a transaction may check an item outside the partitions
    // it writes (the page-view count checks that the club is active).
    grant(writes.includes('dynamodb:ConditionCheckItem') ? ['dynamodb:ConditionCheckItem'] : [], [
      table.tableArn,
    ]);
  } else {
    grant(pick(TABLE_ACTIONS), [table.tableArn]);
  }
  if (uses.has('table:read')) {
    // Only Query reads an index; items are read and written through the table itself.
    grant(['dynamodb:Query'], [`${table.tableArn}/index/*`]);
    acknowledgeWildcardResource(
      handler.role,
      `${table.tableArn}/index/*`,
      `The ${group} handlers query the table's global secondary indexes (Query only; all of them are part of the data model).`,
    );
  }

  grant(pick(MEDIA_ACTIONS), [resources.mediaBucket.arnForObjects('*')]);
  if (usesMedia(uses)) {
    acknowledgeWildcardResource(
      handler.role,
      resources.mediaBucket.arnForObjects('*'),
      `Media keys are generated per upload (club, post, course and avatar prefixes); the ${group} handlers touch objects anywhere in the media bucket (${pick(MEDIA_ACTIONS).join(', ')}), and nowhere else.`,
    );
  }

  // Only the sources a function's own work has: the change events and the platform events come
  // from the table's stream alone (STREAM_EVENT_SOURCES, change-stream.ts).
  if (uses.has('events:put')) {
    grant(['events:PutEvents'], [resources.eventBus.eventBusArn], {
      StringEquals: { 'events:source': [...HANDLER_EVENT_SOURCES] },
    });
  }
  if (uses.has('stripe:api')) grant(['secretsmanager:GetSecretValue'], [resources.stripeSecretKey.secretArn]);
  if (uses.has('stripe:webhook-secret')) {
    grant(['secretsmanager:GetSecretValue'], [resources.stripeWebhookSecret.secretArn]);
  }
  if (uses.has('links:sign'))
    grant(['secretsmanager:GetSecretValue'], [resources.linkSigningSecret.secretArn]);
  if (uses.has('email:send') && resources.email) {
    // Sending needs the action on the identity and on the configuration set named in the call.
    grant(['ses:SendEmail'], [...resources.email.resourceArns]);
  }
  if (uses.has('live:post') && resources.live) {
    grant(['execute-api:ManageConnections'], [resources.live.connectionsArn]);
  }
  if (uses.has('live:close') && resources.live) {
    grant(['execute-api:ManageConnections'], [resources.live.closeConnectionsArn]);
  }
  if (uses.has('schedules:manage') && resources.schedules) {
    // Each group manages its own kind of one-time schedule only.
    resources.schedules.grantManageSchedules(
      handler.role,
      group === 'webhooks' ? WEBHOOK_RETRY_SCHEDULE_PREFIX : EVENT_REMINDER_SCHEDULE_PREFIX,
    );
  }
  if (uses.has('ai:outline') && resources.outlineModelId) {
    // That one model only (Converse is authorized as InvokeModel): a cross-Region inference
    // profile (`us.…`) needs the profile and the model in each Region the profile routes to.
    grant(['bedrock:InvokeModel'], outlineModelArns(Stack.of(handler.role), resources.outlineModelId));
  }
}

/** The geography prefixes of Bedrock's cross-Region inference profile ids (`us.anthropic.…`). */
const INFERENCE_PROFILE = /^(us|eu|apac|us-gov|ca|jp|au|global)\.(.+)$/;

/** What InvokeModel on this model id is authorized against: the model, or the profile and its model. */
export function outlineModelArns(stack: Stack, modelId: string): string[] {
  const model = (id: string, region?: string) =>
    stack.formatArn({
      service: 'bedrock',
      account: '',
      region,
      resource: 'foundation-model',
      resourceName: id,
    });
  const profile = INFERENCE_PROFILE.exec(modelId);
  if (!profile) return [model(modelId)];
  return [
    stack.formatArn({ service: 'bedrock', resource: 'inference-profile', resourceName: modelId }),
    model(profile[2] as string, '*'),
  ];
}
