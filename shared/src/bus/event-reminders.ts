/**
 * Event reminders: every club event that starts more than a day ahead has one EventBridge
 * Scheduler schedule of its own, an `at(...)` expression in UTC a day before its start, with no
 * flexible window, deleted by the Scheduler once it has fired. The consumer of the event's change
 * events creates, moves and deletes it; when it fires it puts a "reminder due" event on the app's
 * bus, and every active member of the club is told "an event starts tomorrow" (bell, and e-mail
 * per preference). An event that starts less than a day ahead gets no reminder: its members
 * were just told of it (a new event notifies every member) and it is at most a day away; nor does
 * one created less than EVENT_REMINDER_MIN_NOTICE_MS ahead. Each event is reminded of once at
 * most, and a club's reminders per day are capped.
 */
import * as z from 'zod';
import { idSchema, isoDateTime } from '../domain/common.ts';
import { NOTIFICATION_BATCH_SIZE } from './change-events.ts';

/** How long before an event's start its members are reminded. */
export const EVENT_REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** The detail-type of the event a reminder's schedule puts on the bus (source EVENT_BUS.schedulerSource). */
export const EVENT_REMINDER_DUE_TYPE = 'event.reminder-due';

/** The detail-type of one batch of a reminder's recipients (source EVENT_BUS.notificationsSource). */
export const EVENT_REMINDER_BATCH_TYPE = 'notifications.reminder-batch';

/**
 * What a reminder's schedule carries: the event and the start it was scheduled for, so a firing
 * for an event since moved or deleted is recognised as stale and tells nobody.
 */
export const eventReminderDueSchema = z.object({
  clubId: idSchema,
  eventId: idSchema,
  startsAt: isoDateTime,
});
export type EventReminderDue = z.infer<typeof eventReminderDueSchema>;

export const eventReminderBatchSchema = z.object({
  reminder: eventReminderDueSchema,
  recipientIds: z.array(idSchema).min(1).max(NOTIFICATION_BATCH_SIZE),
});
export type EventReminderBatch = z.infer<typeof eventReminderBatchSchema>;

/** The schedule's name (unique in the app's schedule group): one per event. */
export const eventReminderScheduleName = (eventId: string): string => `event-reminder-${eventId}`;

/** The names of every event reminder's schedule start with this (the functions' grant names them). */
export const EVENT_REMINDER_SCHEDULE_PREFIX = eventReminderScheduleName('');

/**
 * An event created less than this ahead of its start gets no reminder (unless it is moved
 * further away): its members were just told of it, and events made just over a day ahead would
 * otherwise be a way to e-mail every member within the hour.
 */
export const EVENT_REMINDER_MIN_NOTICE_MS = 25 * 60 * 60 * 1000;

/**
 * Reminders mass-mail a club's members, so a club sends at most `perClubPerDay` of them per UTC
 * day (counted as they fire; one beyond it tells nobody), and each event at most one ever (moving
 * an event does not earn it another).
 */
export const EVENT_REMINDER_LIMITS = { perClubPerDay: 3 } as const;

/** Whether an event created at `createdAt` (null: not known) to start at `startsAt` earns a reminder. */
export const earnsReminder = (startsAt: string, createdAt: Date | null): boolean =>
  createdAt === null || Date.parse(startsAt) - createdAt.getTime() >= EVENT_REMINDER_MIN_NOTICE_MS;

/**
 * When the reminder of an event starting at `startsAt` (created at `createdAt`) is due, or null
 * if that is not after `now` or the event was created too close to its start (earnsReminder).
 */
export function eventReminderTime(startsAt: string, now: Date, createdAt: Date | null): Date | null {
  if (!earnsReminder(startsAt, createdAt)) return null;
  const due = new Date(Date.parse(startsAt) - EVENT_REMINDER_LEAD_MS);
  return due.getTime() > now.getTime() ? due : null;
}

/** The Scheduler's one-time expression for an instant, in UTC to the second: `at(2026-11-27T18:00:00)`. */
export const atExpression = (at: Date): string => `at(${at.toISOString().slice(0, 19)})`;

/** The instant of a one-time expression read in UTC, or null if it is not one. */
export function instantOfAtExpression(expression: string): Date | null {
  const match = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/.exec(expression);
  if (!match) return null;
  const instant = new Date(`${match[1]}Z`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
