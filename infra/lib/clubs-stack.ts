/**
 * The whole product in one stack, composed of one construct per concern. Construction order
 * follows what each part needs to know (the site URL before the app client's callback URLs, the
 * bus and secrets before the functions), not CloudFormation's order, which follows references.
 */
import { EVENT_BUS, EVENT_REMINDER_DUE_TYPE, EVENT_ROUTES, ROUTES } from '@clubs/shared';
import { Duration, NestedStack, Stack, type StackProps } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { AccessLogs } from './access-logs.ts';
import { Api } from './api.ts';
import { Auth, authHostedDomainOf, OAUTH_SCOPES } from './auth.ts';
import { AuthFirewall } from './auth-firewall.ts';
import { Backups } from './backups.ts';
import { CHANGE_STREAM_HANDLER, ChangeStream } from './change-stream.ts';
import type { ClubsConfig } from './config.ts';
import { Data } from './data.ts';
import { EDGE_REGION, edgeAlarmTopicName } from './edge-stack.ts';
import { type EmailSending, emailSendingFor } from './email.ts';
import { type HandlerResources, reserveConcurrency, usesOf } from './group-access.ts';
import { Live } from './live.ts';
import { Media } from './media.ts';
import { deployedName, pascal } from './names.ts';
import { Operations } from './operations.ts';
import { OriginVerify } from './origin-verify.ts';
import { PaymentsEvents } from './payments-events.ts';
import { ReminderSchedules } from './reminder-schedules.ts';
import { consumerGroupOf, RecurringSchedules } from './schedules.ts';
import { Site } from './site.ts';
import { runtimeConfigFor } from './site-content.ts';
import { SITE_PAGES_HANDLER, SitePages } from './site-pages.ts';
import { DEAD_LETTER_OUTPUT_PREFIX, EVENT_BUS_OUTPUT } from './stack-outputs.ts';

export interface ClubsStackProps extends StackProps {
  readonly config: ClubsConfig;
}

export class ClubsStack extends Stack {
  readonly config: ClubsConfig;
  readonly data: Data;
  /** The table's backup plan and its vaults. */
  readonly backups: Backups;
  readonly media: Media;
  readonly site: Site;
  readonly auth: Auth;
  readonly payments: PaymentsEvents;
  /** The recurring schedules (the digests), on the payments bus. */
  readonly schedules: RecurringSchedules;
  readonly api: Api;
  /** The live WebSocket API (live updates). */
  readonly live: Live;
  readonly operations: Operations;
  /** The app's e-mail sending (SES, the mail stack's identity), when the stage names a sender. */
  readonly email: EmailSending | undefined;
  readonly reminderSchedules: ReminderSchedules;
  /** The web ACL in front of the user pool's own API (production only). */
  readonly authFirewall: AuthFirewall | undefined;
  /**
   * The bus's consumers (each event handler group's function, dead-letter queue, rules and
   * queues) in a nested stack: they grow with every event the
   * product routes, and CloudFormation caps a stack at 500 resources.
   */
  readonly consumers: NestedStack;
  /** The table's stream and its consumer, which puts the change events on the bus. */
  readonly changeStream: ChangeStream;
  /** The pages drawn with their data, CloudFront's origin for them. */
  readonly sitePages: SitePages;

  constructor(scope: Construct, id: string, props: ClubsStackProps) {
    // A production stack cannot be deleted by a stray `cdk destroy`.
    super(scope, id, { ...props, terminationProtection: props.config.production });
    const { config } = props;
    this.config = config;
    const logRetention = config.logRetentionDays;

    const logs = new AccessLogs(this, 'AccessLogs');
    this.data = new Data(this, 'Data');
    this.backups = new Backups(this, 'Backups', { config, table: this.data.table });
    this.media = new Media(this, 'Media', { logBucket: logs.bucket, replicaRegion: config.backupCopyRegion });

    const authHostedDomain = authHostedDomainOf(config, this);
    this.site = new Site(this, 'Site', {
      config,
      logBucket: logs.bucket,
      media: this.media,
      authHostedDomain,
      logRetention,
    });
    this.media.allowUploadsFrom(this.site.siteUrl);

    this.auth = new Auth(this, 'Auth', { config, siteUrl: this.site.siteUrl, logRetention });

    this.email = emailSendingFor(this, config);

    this.payments = new PaymentsEvents(this, 'PaymentsEvents', {
      archiveRetention: Duration.days(config.eventArchiveDays),
    });

    this.reminderSchedules = new ReminderSchedules(this, 'ReminderSchedules', { bus: this.payments.bus });

    const originVerify = new OriginVerify(this, 'OriginVerify');
    this.live = new Live(this, 'Live', {
      table: this.data.table,
      logRetention,
      throttle: { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit },
      originVerify,
      logLevel: config.logLevel,
    });

    const resources: HandlerResources = {
      table: this.data.table,
      mediaBucket: this.media.bucket,
      eventBus: this.payments.bus,
      stripeSecretKey: this.payments.stripeSecretKey,
      stripeWebhookSecret: this.payments.stripeWebhookSecret,
      linkSigningSecret: this.payments.linkSigningSecret,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.client.userPoolClientId,
      siteUrl: this.site.siteUrl,
      logLevel: config.logLevel,
      stripeCreatorMonthlyPrice: config.stripeCreatorMonthlyPrice,
      stripeCreatorAnnualPrice: config.stripeCreatorAnnualPrice,
      stripeLivemode: config.stripeLivemode,
      outlineModelId: config.outlineModelId,
      email: this.email,
      live: {
        endpoint: this.live.managementEndpoint,
        connectionsArn: this.live.connectionsArn,
        closeConnectionsArn: this.live.closeConnectionsArn,
      },
      schedules: this.reminderSchedules,
    };

    this.api = new Api(this, 'Api', {
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      resources,
      logRetention,
      throttle: { rateLimit: config.apiRateLimit, burstLimit: config.apiBurstLimit },
      originVerify,
    });
    this.consumers = new NestedStack(this, 'Consumers', {
      description: "The bus's consumers",
    });
    this.payments.routeEvents(resources, logRetention, this.consumers);
    this.changeStream = new ChangeStream(this.consumers, 'ChangeStream', {
      table: this.data.table,
      bus: this.payments.bus,
      logRetention,
      logLevel: config.logLevel,
    });
    this.reminderSchedules.deliverFailuresTo(
      this.deadLetterQueueOf(EVENT_BUS.schedulerSource, EVENT_REMINDER_DUE_TYPE),
    );
    this.schedules = new RecurringSchedules(this, 'Schedules', {
      bus: this.payments.bus,
      deadLetterQueueOf: (source, detailType) => this.deadLetterQueueOf(source, detailType),
    });
    // Every function that posts to sockets (the fan-out, and notification delivery for the bell)
    // holds the same connections wildcard, for the same reason.
    for (const [group, handler] of [...this.api.functions, ...this.payments.functions]) {
      if (usesOf(group).has('live:post')) this.live.acknowledgeConnectionsWildcard(handler.role);
      if (usesOf(group).has('live:close')) this.live.acknowledgeCloseWildcard(handler.role);
    }
    if (config.production) {
      for (const [group, handler] of [...this.api.functions, ...this.payments.functions]) {
        reserveConcurrency(group, handler);
      }
    }
    for (const handler of this.api.functions.values()) originVerify.protect(handler.function);
    this.site.routeApi(this.api.originDomain, originVerify.originHeaders);
    this.site.routeLive(this.live.originDomain, originVerify.originHeaders);
    this.sitePages = new SitePages(this, 'SitePages', {
      resources,
      logRetention,
      webDistDir: config.webDistDir,
    });
    this.site.routeDrawnPages(this.sitePages.handler.function);

    this.site.deployContent(
      runtimeConfigFor({
        region: this.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        oauth: this.auth.googleEnabled
          ? { domain: this.auth.hostedDomain, redirectUrls: this.auth.redirectUrls, scopes: OAUTH_SCOPES }
          : undefined,
      }),
    );

    const functions = new Map<string, IFunction>();
    for (const [group, handler] of this.api.functions) functions.set(deployedName(group), handler.function);
    for (const [group, handler] of this.payments.functions) functions.set(group, handler.function);
    for (const [group, handler] of this.api.groupAuthorizers)
      functions.set(`${group}-authorizer`, handler.function);
    functions.set('origin-authorizer', this.api.originAuthorizer.function);
    functions.set(CHANGE_STREAM_HANDLER, this.changeStream.handler.function);
    functions.set('live', this.live.handler.function);
    functions.set(SITE_PAGES_HANDLER, this.sitePages.handler.function);
    functions.set('live-authorizer', this.live.authorizer.function);
    functions.set('post-confirmation', this.auth.postConfirmation.function);
    if (this.auth.preSignUp) functions.set('pre-sign-up', this.auth.preSignUp.function);
    if (this.auth.preTokenGeneration)
      functions.set('pre-token-generation', this.auth.preTokenGeneration.function);
    const deadLetterQueues = new Map<string, IQueue>(this.payments.deadLetterQueues);
    deadLetterQueues.set(CHANGE_STREAM_HANDLER, this.changeStream.deadLetterQueue);

    const siteUrl = this.site.siteUrl;
    this.operations = new Operations(this, 'Operations', {
      alarmEmail: config.alarmEmail,
      httpApi: this.api.httpApi,
      functions,
      deadLetterQueues,
      table: this.data.table,
      distribution: this.site.distribution,
      webhookLogs: this.webhookLogs(),
      emailConfigurationSet: this.email?.configurationSetName,
      work: this.workQueues(),
      live: this.live.stage,
      scheduleGroups: new Map([
        ['reminder', this.reminderSchedules.group],
        ['recurring', ScheduleGroup.fromDefaultScheduleGroup(this, 'DefaultScheduleGroup')],
      ]),
      edgeAlarmTopicArn: config.production
        ? this.formatArn({
            service: 'sns',
            region: EDGE_REGION,
            resource: edgeAlarmTopicName(config.stackName),
          })
        : undefined,
      outputs: {
        SiteUrl: { value: siteUrl, description: 'The site' },
        WebhookUrl: {
          value: `${siteUrl}${ROUTES.stripeWebhook.path}`,
          description: "Stripe webhook endpoint URL (register it in Stripe's dashboard)",
        },
        UserPoolId: { value: this.auth.userPool.userPoolId, description: 'Cognito user pool id' },
        UserPoolClientId: {
          value: this.auth.client.userPoolClientId,
          description: "The SPA's app client id",
        },
        AuthDomain: { value: this.auth.hostedDomain, description: 'Cognito hosted domain' },
        GoogleRedirectUri: {
          value: `https://${this.auth.hostedDomain}/oauth2/idpresponse`,
          description: "Authorized redirect URI for Google's OAuth client",
        },
        StripeSecretKeyArn: {
          value: this.payments.stripeSecretKey.secretArn,
          description: 'Put the Stripe secret key here (put-secret-value)',
        },
        StripeWebhookSecretArn: {
          value: this.payments.stripeWebhookSecret.secretArn,
          description: "Put the webhook endpoint's signing secret here (put-secret-value)",
        },
        [EVENT_BUS_OUTPUT]: {
          value: this.payments.bus.eventBusName,
          description: `Custom bus (${EVENT_BUS.stripeSource} events)`,
        },
        EventBusArn: {
          value: this.payments.bus.eventBusArn,
          description: 'Custom bus ARN (Stripe event destination)',
        },
        TableName: { value: this.data.table.tableName, description: 'DynamoDB table' },
        ...Object.fromEntries(
          [...this.payments.deadLetterQueues].map(([group, queue]) => [
            `${DEAD_LETTER_OUTPUT_PREFIX}${pascal(group)}`,
            {
              value: queue.queueUrl,
              description: `Dead-letter queue of the ${group} events (npm run replay-dead-letters -- --stack)`,
            },
          ]),
        ),
        MediaBucketName: { value: this.media.bucket.bucketName, description: 'Media bucket' },
      },
    });
    this.authFirewall = config.production
      ? new AuthFirewall(this, 'AuthFirewall', {
          userPool: this.auth.userPool,
          webAclName: `${config.stackName}-auth`,
          logRetention,
          alarmTopic: this.operations.topic,
        })
      : undefined;
  }

  /** The dead-letter queue of the event handler group that consumes `detailType` from `source`. */
  private deadLetterQueueOf(source: string, detailType: string): IQueue {
    const queue = this.payments.deadLetterQueues.get(consumerGroupOf(source, detailType));
    if (!queue) throw new Error(`no dead-letter queue for ${source} ${detailType}`);
    return queue;
  }

  /**
   * Where event work waits: a queued route's queue (by route id), and the asynchronous
   * invocations of each function EventBridge invokes directly (by handler group).
   */
  private workQueues() {
    const work = new Map<string, { queue: IQueue } | { consumer: IFunction } | { stream: IFunction }>();
    for (const route of EVENT_ROUTES) {
      const queue = this.payments.eventQueues.get(route.id);
      const consumer = this.payments.functions.get(route.group);
      if (queue) work.set(route.id, { queue: queue.queue });
      else if (consumer) work.set(route.group, { consumer: consumer.function });
    }
    work.set(CHANGE_STREAM_HANDLER, { stream: this.changeStream.handler.function });
    return work;
  }

  private webhookLogs() {
    const webhook = this.api.functions.get('stripe-webhook');
    if (!webhook) throw new Error('the route manifest has no stripe-webhook group');
    return webhook.logGroup;
  }
}
