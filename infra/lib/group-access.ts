/**
 * What each handler group may touch: the one place that decides a function's environment and its
 * IAM grants. Keyed by every group of the route and event manifests, so a new group does not
 * compile until its access is declared here.
 */
import type { EventHandlerGroup, HandlerGroup } from '@clubs/shared';
import { Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IEventBus } from 'aws-cdk-lib/aws-events';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { HandlerFunction, SIZES } from './handler-function.ts';
import { logicalIdOf } from './names.ts';

export interface GroupAccess {
  /** The Lambda function's description. */
  readonly description: string;
  /** Memory and timeout preset (see SIZES in handler-function.ts). */
  readonly size: keyof typeof SIZES;
  /** Read: health and lookups; readWrite: everything that changes items. */
  readonly table?: 'read' | 'readWrite';
  /** Presigns uploads and removes replaced media. */
  readonly media?: boolean;
  /** May put events on the custom bus. */
  readonly putEvents?: boolean;
  /** Calls the Stripe API (secret key, creator plan prices). */
  readonly stripeApi?: boolean;
  /** Verifies Stripe webhook signatures. */
  readonly stripeWebhookSecret?: boolean;
}

export type FunctionGroup = HandlerGroup | EventHandlerGroup;

export const GROUP_ACCESS: Readonly<Record<FunctionGroup, GroupAccess>> = {
  system: { description: 'System routes: health', size: 'api', table: 'read' },
  profiles: { description: "The caller's profile and avatar", size: 'api', table: 'readWrite', media: true },
  clubs: {
    description: 'Clubs: directory, club pages, management, checkout',
    size: 'api',
    table: 'readWrite',
    media: true,
    stripeApi: true,
  },
  contact: {
    description: 'Contact form: stores messages, rate-limited per sender address',
    size: 'api',
    table: 'readWrite',
  },
  memberships: {
    description: "Joining and the caller's memberships: join requests, membership status, dashboards",
    size: 'api',
    table: 'readWrite',
  },
  feed: {
    description:
      'The club space: feed posts, likes, comments, pins, members-only post media, sidebar, member profiles',
    size: 'api',
    table: 'readWrite',
    media: true,
  },
  'stripe-webhook': {
    description: "Stripe's webhook: verifies the signature, then puts the event on the bus",
    size: 'webhook',
    putEvents: true,
    stripeWebhookSecret: true,
  },
  payments: {
    description: 'Payments: creator plan and member checkouts, Connect onboarding, billing (calls Stripe)',
    size: 'api',
    table: 'readWrite',
    stripeApi: true,
  },
  'club-admin': {
    description: "Club creation and the owner's setup reads (no Stripe)",
    size: 'api',
    table: 'readWrite',
  },
  'stripe-events': {
    description: 'Stripe events from the bus: activates and updates clubs and memberships',
    size: 'events',
    table: 'readWrite',
    stripeApi: true,
  },
};

/** Everything a handler may be given; each function receives only what its access names. */
export interface HandlerResources {
  readonly table: ITableV2;
  readonly mediaBucket: IBucket;
  readonly eventBus: IEventBus;
  readonly stripeSecretKey: ISecret;
  readonly stripeWebhookSecret: ISecret;
  readonly userPoolId: string;
  readonly userPoolClientId: string;
  readonly siteUrl: string;
  readonly logLevel: string;
  readonly stripeCreatorMonthlyPrice: string;
  readonly stripeCreatorAnnualPrice: string;
  readonly stripeLivemode: boolean;
}

/** The environment of a group's function. */
export function environmentFor(group: FunctionGroup, resources: HandlerResources): Record<string, string> {
  const access = GROUP_ACCESS[group];
  return {
    POWERTOOLS_SERVICE_NAME: `clubs-${group}`,
    POWERTOOLS_LOG_LEVEL: resources.logLevel,
    SITE_URL: resources.siteUrl,
    USER_POOL_ID: resources.userPoolId,
    USER_POOL_CLIENT_ID: resources.userPoolClientId,
    ...(access.table ? { TABLE_NAME: resources.table.tableName } : {}),
    ...(access.media ? { MEDIA_BUCKET: resources.mediaBucket.bucketName } : {}),
    ...(access.putEvents ? { EVENT_BUS_NAME: resources.eventBus.eventBusName } : {}),
    ...(access.stripeApi
      ? {
          STRIPE_SECRET_KEY_ARN: resources.stripeSecretKey.secretArn,
          STRIPE_CREATOR_PRICE_MONTHLY: resources.stripeCreatorMonthlyPrice,
          STRIPE_CREATOR_PRICE_ANNUAL: resources.stripeCreatorAnnualPrice,
          STRIPE_LIVEMODE: String(resources.stripeLivemode),
        }
      : {}),
    ...(access.stripeWebhookSecret
      ? { STRIPE_WEBHOOK_SECRET_ARN: resources.stripeWebhookSecret.secretArn }
      : {}),
  };
}

/** The grants of a group's function, and the acknowledgement of the wildcards they imply. */
export function grantAccess(
  group: FunctionGroup,
  handler: HandlerFunction,
  resources: HandlerResources,
): void {
  const access = GROUP_ACCESS[group];
  const fn = handler.function;
  if (access.table === 'read') resources.table.grantReadData(fn);
  if (access.table === 'readWrite') resources.table.grantReadWriteData(fn);
  if (access.table) {
    Validations.of(handler.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(resources.table)}.Arn>/index/*]`,
      reason: `The ${group} handlers query the table's global secondary indexes (all of them are part of the data model).`,
    });
  }
  if (access.media) {
    handler.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'],
        resources: [resources.mediaBucket.arnForObjects('*')],
      }),
    );
    Validations.of(handler.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(resources.mediaBucket)}.Arn>/*]`,
      reason: `Media keys are generated per upload (club, post, course and avatar prefixes); the ${group} handlers presign uploads and remove replaced media anywhere in the media bucket, and nowhere else.`,
    });
  }
  if (access.putEvents) resources.eventBus.grantPutEventsTo(fn);
  if (access.stripeApi) resources.stripeSecretKey.grantRead(fn);
  if (access.stripeWebhookSecret) resources.stripeWebhookSecret.grantRead(fn);
}
