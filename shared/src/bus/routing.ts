/**
 * The event-routing manifest: which events on the custom bus go to which handler group.
 * CDK makes one EventBridge rule per entry; the local bus matches the same entries.
 */
import type { ResourceUse } from '../api/route-definition.ts';
import { EMAIL_SENDING } from '../constants.ts';
import {
  CHANGE_EVENT_TYPES,
  NOTIFICATION_BATCH_TYPE,
  NOTIFICATION_EMAIL_TYPE,
  QUIET_CHANGE_TYPES,
} from './change-events.ts';
import { CHAT_UNREAD_DUE_TYPE, CHAT_UNREAD_EMAIL_TYPE } from './chat-unread.ts';
import { DIGEST_BATCH_TYPE, DIGEST_DUE_TYPE, DIGEST_EMAIL_TYPE } from './digests.ts';
import { EVENT_REMINDER_BATCH_TYPE, EVENT_REMINDER_DUE_TYPE } from './event-reminders.ts';
import {
  INVITATION_IMPORT_CHECK_TYPE,
  INVITATION_IMPORT_RESUME_TYPE,
  INVITATION_IMPORT_SEND_TYPE,
} from './invitation-imports.ts';
import { WEBHOOK_ATTEMPT_TYPE, WEBHOOK_CHANGE_TYPES } from './webhooks.ts';

export const EVENT_BUS = {
  /** Overridden by the EVENT_BUS_NAME environment variable. */
  defaultName: 'clubs-events',
  stripeSource: 'clubs.stripe',
  /** Events the app itself puts on the bus (e.g. a super admin suspended a club). */
  platformSource: 'clubs.platform',
  /** Changes in clubs that others hear of (change-events.ts): notifications and live updates. */
  domainSource: 'clubs.domain',
  /** Batches of notification recipients the fan-out puts back on the bus (through a queue in AWS). */
  notificationsSource: 'clubs.notifications',
  /**
   * Events the app's own EventBridge Scheduler schedules put on the bus: an event's reminder due,
   * a digest's recurring run (schedules.ts).
   */
  schedulerSource: 'clubs.scheduler',
  /** An invitation import's own work: its rows checked, then sent a run at a time. */
  invitationsSource: 'clubs.invitations',
  /** A webhook delivery's attempt: from the fan-out, Send test, Resend, or its retry's schedule. */
  webhooksSource: 'clubs.webhooks',
  /** SES's own events of the configuration set (bounces, complaints), on the account's default bus. */
  sesSource: 'aws.ses',
} as const;

/**
 * The sources only the change-stream consumer puts events with: the change events, and the
 * platform events a club's own write carries as an outbox item (its billing change). A write
 * announces these by storing the outbox item in its own transaction, so IAM refuses every other
 * function a put with them (infra/lib/group-access.ts), and the lint refuses a function file that
 * names the change events' source (scripts/import-boundaries.ts).
 */
export const STREAM_EVENT_SOURCES: readonly string[] = [EVENT_BUS.domainSource, EVENT_BUS.platformSource];

/**
 * The sources the app's other functions put events with (the Scheduler's own sources are put by
 * the schedules' role, not by a function).
 */
export const HANDLER_EVENT_SOURCES: readonly string[] = [
  EVENT_BUS.stripeSource,
  EVENT_BUS.notificationsSource,
  EVENT_BUS.invitationsSource,
  EVENT_BUS.webhooksSource,
];

/** The detail-types SES gives the bounces and complaints of a configuration set's messages. */
export const SES_EVENTS = {
  bounce: 'Email Bounced',
  complaint: 'Email Complaint Received',
} as const;

/** The detail-types of the app's own events, with their detail. */
export const PLATFORM_EVENTS = {
  /** A club was suspended or reactivated: its members' billing follows. Detail: `{ clubId }`. */
  suspensionChanged: 'club.suspension-changed',
  /**
   * A club's creator plan moved it to another status (unpaid while a payment is due, inactive once
   * the plan ended, active again once paid): its members' billing follows. Detail: `{ clubId }`.
   */
  statusChanged: 'club.status-changed',
} as const;

export type EventHandlerGroup =
  | 'stripe-events'
  | 'club-billing'
  | 'notification-delivery'
  | 'live-fanout'
  | 'search-index'
  | 'event-reminders'
  | 'invitation-imports'
  | 'webhooks';

export interface EventRoute {
  readonly id: string;
  readonly source: string;
  /** EventBridge detail-type values; for Stripe events, the Stripe event type. */
  readonly detailTypes: readonly string[];
  readonly group: EventHandlerGroup;
  readonly description: string;
  /** What the handler touches in AWS for these events (see ResourceUse). */
  readonly uses: readonly ResourceUse[];
  /**
   * Delivered through an SQS queue (in AWS: the rule targets a queue the function consumes in
   * batches; locally the bus hands the function the same SQS-shaped event), for bulk work that
   * must be retried batch by batch.
   */
  readonly queued?: boolean;
  /**
   * Invocations consuming the queue at once, when not EVENT_QUEUE_LIMITS.maxConcurrency: the
   * e-mail queue's consumers share SES's send rate (EMAIL_SENDING).
   */
  readonly queueConcurrency?: number;
  /**
   * The bus the rule is on: the app's own (the default), or the account's default bus, where AWS
   * services such as SES put their events.
   */
  readonly bus?: 'default';
}

/** Stripe's events, by type, go to one handler group that reads and writes the table and calls Stripe. */
const stripeEvents = <const Id extends string, const Types extends readonly string[]>(
  id: Id,
  detailTypes: Types,
  description: string,
) =>
  ({
    id,
    source: EVENT_BUS.stripeSource,
    detailTypes,
    group: 'stripe-events',
    uses: ['table:read', 'table:write', 'stripe:api'],
    description,
  }) as const;

export const EVENT_ROUTES = [
  stripeEvents(
    'StripeCheckout',
    ['checkout.session.completed'],
    'a paid checkout activates the club or the membership',
  ),
  stripeEvents(
    'StripeSubscription',
    ['customer.subscription.updated', 'customer.subscription.deleted'],
    'a subscription change or end updates the club or the membership',
  ),
  stripeEvents(
    'StripeInvoice',
    ['invoice.paid', 'invoice.payment_failed', 'charge.refunded', 'refund.created'],
    "invoice outcomes keep the billing state current; a membership payment's refunds count in the club's analytics",
  ),
  stripeEvents('StripeAccount', ['account.updated'], "a connected account's onboarding state"),
  {
    id: 'ClubSuspension',
    source: EVENT_BUS.platformSource,
    detailTypes: [PLATFORM_EVENTS.suspensionChanged, PLATFORM_EVENTS.statusChanged],
    group: 'club-billing',
    uses: ['table:read', 'stripe:api', 'email:send'],
    description:
      "a suspended or unpaid club's member subscriptions pause their collection, a closed club's end, an active club's resume; members are told by e-mail",
  },
  {
    id: 'DomainNotifications',
    source: EVENT_BUS.domainSource,
    detailTypes: Object.values(CHANGE_EVENT_TYPES),
    group: 'notification-delivery',
    uses: ['table:read', 'table:write', 'events:put', 'live:post'],
    description:
      'a change in a club notifies the people it concerns (a club-wide one in batches of recipients, each e-mail a message of its own)',
  },
  {
    id: 'NotificationBatches',
    source: EVENT_BUS.notificationsSource,
    detailTypes: [NOTIFICATION_BATCH_TYPE, EVENT_REMINDER_BATCH_TYPE, DIGEST_BATCH_TYPE],
    group: 'notification-delivery',
    uses: ['table:read', 'table:write', 'events:put', 'live:post'],
    description:
      'one batch of recipients of a club-wide notification, written idempotently (an announcement queued as e-mail to those who want it), or of digest subscribers, whose digests are queued as e-mail',
    queued: true,
  },
  {
    id: 'NotificationEmails',
    source: EVENT_BUS.notificationsSource,
    detailTypes: [NOTIFICATION_EMAIL_TYPE, DIGEST_EMAIL_TYPE, CHAT_UNREAD_EMAIL_TYPE],
    group: 'notification-delivery',
    // links:sign: every notification e-mail carries its reader's signed unsubscribe link.
    uses: ['table:read', 'email:send', 'links:sign'],
    description:
      'one notification e-mail to one reader through SES, at its share of the send rate: a refusal is retried, then parked in the dead-letter queue',
    queued: true,
    queueConcurrency: EMAIL_SENDING.consumers,
  },
  {
    id: 'EventReminderSchedules',
    source: EVENT_BUS.domainSource,
    detailTypes: [CHANGE_EVENT_TYPES.eventCreated, QUIET_CHANGE_TYPES.eventChanged],
    group: 'event-reminders',
    uses: ['table:read', 'schedules:manage'],
    description:
      "an event created, moved or deleted gets its reminder's schedule (a day before it starts) created, moved or deleted, as the event is stored now",
    queued: true,
  },
  {
    id: 'EventReminders',
    source: EVENT_BUS.schedulerSource,
    detailTypes: [EVENT_REMINDER_DUE_TYPE],
    group: 'notification-delivery',
    uses: ['table:read', 'events:put'],
    description:
      "an event's reminder fell due: unless the event moved or went since, every member is told it starts tomorrow, in batches of recipients",
  },
  {
    id: 'DigestSchedule',
    source: EVENT_BUS.schedulerSource,
    detailTypes: [DIGEST_DUE_TYPE],
    group: 'notification-delivery',
    uses: ['table:read', 'events:put'],
    description:
      "a digest's schedule ran: its subscribers are read from their sparse index and put on the bus in batches",
  },
  {
    id: 'ChatUnreadSweep',
    source: EVENT_BUS.schedulerSource,
    detailTypes: [CHAT_UNREAD_DUE_TYPE],
    group: 'notification-delivery',
    uses: ['table:read', 'table:write', 'events:put'],
    description:
      'the sweep of chat messages left unread: each check that fell due queues one e-mail, unless the conversation was read since or one went within the hour',
  },
  {
    id: 'EmailFeedback',
    source: EVENT_BUS.sesSource,
    detailTypes: [SES_EVENTS.bounce, SES_EVENTS.complaint],
    group: 'notification-delivery',
    uses: ['table:write'],
    description: 'a hard bounce or a complaint suppresses the address: no more mail goes to it',
    bus: 'default',
  },
  {
    id: 'LiveUpdates',
    source: EVENT_BUS.domainSource,
    detailTypes: [...Object.values(CHANGE_EVENT_TYPES), ...Object.values(QUIET_CHANGE_TYPES)],
    group: 'live-fanout',
    uses: ['table:read', 'table:write', 'live:post'],
    description:
      "every change in a club goes, as one live message, to the open connections following it (a removed member's end)",
  },
  {
    id: 'SearchIndex',
    source: EVENT_BUS.domainSource,
    detailTypes: [
      CHANGE_EVENT_TYPES.postCreated,
      QUIET_CHANGE_TYPES.postEdited,
      QUIET_CHANGE_TYPES.postDeleted,
      CHANGE_EVENT_TYPES.commentCreated,
      QUIET_CHANGE_TYPES.commentDeleted,
      CHANGE_EVENT_TYPES.eventCreated,
      QUIET_CHANGE_TYPES.eventChanged,
      QUIET_CHANGE_TYPES.courseChanged,
      QUIET_CHANGE_TYPES.memberCardChanged,
      QUIET_CHANGE_TYPES.memberRemoved,
    ],
    group: 'search-index',
    uses: ['table:read', 'table:write'],
    description:
      "a post, comment, event, course or member card that changed is indexed again as it is stored now (the club's search)",
  },
  {
    id: 'InvitationImportWork',
    source: EVENT_BUS.invitationsSource,
    detailTypes: [INVITATION_IMPORT_CHECK_TYPE, INVITATION_IMPORT_SEND_TYPE],
    group: 'invitation-imports',
    // email:send: the rows go through the invitation path, which e-mails each invitation;
    // events:put: each run puts the next on the bus.
    uses: ['table:read', 'table:write', 'email:send', 'events:put'],
    description:
      "an uploaded invitation import's rows are checked against the club, then its 'ok' rows sent through the invitation path and its daily limits, a run at a time",
    queued: true,
  },
  {
    id: 'InvitationImportResume',
    source: EVENT_BUS.schedulerSource,
    detailTypes: [INVITATION_IMPORT_RESUME_TYPE],
    group: 'invitation-imports',
    uses: ['table:read', 'table:write', 'events:put'],
    description: "invitation imports waiting for the next day's allowance go on once it has come",
  },
  {
    id: 'WebhookChanges',
    source: EVENT_BUS.domainSource,
    detailTypes: WEBHOOK_CHANGE_TYPES,
    group: 'webhooks',
    // events:put: each delivery's first attempt goes on the bus.
    uses: ['table:read', 'table:write', 'events:put'],
    description:
      "a change in a club becomes one signed delivery per webhook endpoint of the club subscribed to it, each stored in the endpoint's log",
    queued: true,
  },
  {
    id: 'WebhookAttempts',
    source: EVENT_BUS.webhooksSource,
    detailTypes: [WEBHOOK_ATTEMPT_TYPE],
    group: 'webhooks',
    // schedules:manage: a failed attempt's retry is a one-time schedule; email:send: an endpoint
    // disabled after failing for days is told to the club's owner.
    uses: ['table:read', 'table:write', 'schedules:manage', 'email:send'],
    description:
      'one attempt of a webhook delivery: signed (Standard Webhooks), sent to an address checked public at send time, its outcome logged; a failure is retried with backoff for about a day, and an endpoint failing for days is disabled',
    queued: true,
  },
] as const satisfies readonly EventRoute[];

/** The routes an event matches (source equal and detail-type listed), as EventBridge would. */
export function matchEventRoutes(source: string, detailType: string): readonly EventRoute[] {
  return EVENT_ROUTES.filter(
    (route) => route.source === source && (route.detailTypes as readonly string[]).includes(detailType),
  );
}

/** The webhook's log message for a delivery it refused (bad or missing signature); an alarm counts it. */
export const WEBHOOK_REFUSED_LOG_MESSAGE = 'webhook refused';

type EventRouteOf<G extends EventHandlerGroup> = Extract<
  (typeof EVENT_ROUTES)[number],
  { readonly group: G }
>;

/** The detail-types the manifest routes to a handler group (its consumer handles each one). */
export type DetailTypeOf<G extends EventHandlerGroup> = EventRouteOf<G>['detailTypes'][number];

/** How a group's events reach it: 'queued' through an SQS queue, 'direct' from the bus's rule. */
export type DeliveryOf<G extends EventHandlerGroup> =
  EventRouteOf<G> extends infer Route
    ? Route extends { readonly queued: true }
      ? 'queued'
      : 'direct'
    : never;

/** Every detail-type the manifest routes to a handler group, once. */
export function detailTypesOf<G extends EventHandlerGroup>(group: G): DetailTypeOf<G>[] {
  const routes: readonly EventRoute[] = EVENT_ROUTES;
  return [
    ...new Set(routes.filter((route) => route.group === group).flatMap((route) => route.detailTypes)),
  ] as DetailTypeOf<G>[];
}
