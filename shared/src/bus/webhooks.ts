/**
 * Outbound webhooks on the bus: which change events a club's webhook endpoints may subscribe to
 * (their names are the change events' own types, so there is one list of what happens in a club),
 * and the attempt of one delivery, put on the bus by the fan-out, by "Send test event" and
 * "Resend", and by the one-time schedule of its next retry.
 */
import * as z from 'zod';
import { idSchema } from '../domain/common.ts';
import { CHANGE_EVENT_TYPES, QUIET_CHANGE_TYPES, RECORD_CHANGE_TYPES } from './change-events.ts';

/** The change events an endpoint may subscribe to, in the order the settings page lists them. */
export const WEBHOOK_CHANGE_TYPES = [
  CHANGE_EVENT_TYPES.joinRequested,
  CHANGE_EVENT_TYPES.memberApproved,
  QUIET_CHANGE_TYPES.memberRemoved,
  RECORD_CHANGE_TYPES.memberPaid,
  CHANGE_EVENT_TYPES.postCreated,
  CHANGE_EVENT_TYPES.commentCreated,
  CHANGE_EVENT_TYPES.eventCreated,
  RECORD_CHANGE_TYPES.eventRsvp,
  RECORD_CHANGE_TYPES.courseCompleted,
] as const;
export type WebhookChangeType = (typeof WEBHOOK_CHANGE_TYPES)[number];

/** How each event type reads on the settings page. */
export const WEBHOOK_EVENT_LABELS: Readonly<Record<WebhookChangeType, string>> = {
  'membership.requested': 'Member asked to join',
  'membership.approved': 'Member joined',
  'membership.removed': 'Member left or was removed',
  'membership.paid': 'Member paid',
  'post.created': 'Post created',
  'comment.created': 'Comment created',
  'event.created': 'Event created',
  'event.rsvp': 'Member registered for an event or cancelled',
  'course.completed': 'Member completed a course',
};

/** The type of the message "Send test event" delivers; no endpoint subscribes to it. */
export const WEBHOOK_TEST_TYPE = 'webhook.test';

/** The detail-type of one delivery's next attempt. */
export const WEBHOOK_ATTEMPT_TYPE = 'webhooks.attempt';

export const webhookAttemptSchema = z.object({
  clubId: idSchema,
  webhookId: idSchema,
  deliveryId: idSchema,
  /** The attempt this event is for (1 is the first): a late or repeated one finds it taken and does nothing. */
  attempt: z.number().int().min(1).max(50),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/**
 * The wait before each retry, after the attempt of the same index failed: exponential, about 27
 * hours in all (Standard Webhooks' recommended schedule). A delivery whose last retry fails is
 * given up ('failed'); "Resend" sends it again.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [
  5,
  5 * 60,
  30 * 60,
  2 * 3600,
  5 * 3600,
  10 * 3600,
  10 * 3600,
] as const;

/** Attempts a delivery gets: the first and each retry. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

/**
 * The name of a delivery's retry schedule (one at a time: the next retry replaces it); with two
 * ULIDs it stays within the Scheduler's 64 characters.
 */
export const webhookRetryScheduleName = (webhookId: string, deliveryId: string): string =>
  `${WEBHOOK_RETRY_SCHEDULE_PREFIX}${webhookId}-${deliveryId}`;

/** The names of every webhook retry's schedule start with this (the functions' grant names them). */
export const WEBHOOK_RETRY_SCHEDULE_PREFIX = 'wh-retry-';
