/**
 * An event's reminder schedule follows the event as it is stored now: an event that starts more
 * than a day ahead has one schedule, firing a day before its start (created, or moved with the
 * event), and any other — gone, less than a day away, or created too close to its start
 * (earnsReminder) — has none. Reading the stored event
 * rather than trusting the change makes a repeated or late delivery harmless: each run leaves
 * the schedule as the event stands.
 */
import {
  EVENT_BUS,
  EVENT_REMINDER_DUE_TYPE,
  type EventReminderDue,
  eventReminderScheduleName,
  eventReminderTime,
} from '@clubs/shared';
import { deleteOneTimeSchedule, putOneTimeSchedule } from '../../bus/scheduler.ts';
import { eventCreatedAt, getStoredEvent } from '../../data/repositories/calendar-events.ts';

export type ReminderScheduleOutcome = 'created' | 'updated' | 'deleted' | 'absent';

/** Brings the event's reminder schedule to what the stored event calls for. */
export async function syncEventReminder(
  clubId: string,
  eventId: string,
  now = new Date(),
): Promise<ReminderScheduleOutcome> {
  const stored = await getStoredEvent(clubId, eventId, { consistent: true });
  const name = eventReminderScheduleName(eventId);
  const due = stored ? eventReminderTime(stored.event.startDate, now, eventCreatedAt(eventId)) : null;
  if (!stored || !due) return deleteOneTimeSchedule(name);
  const detail: EventReminderDue = { clubId, eventId, startsAt: stored.event.startDate };
  return putOneTimeSchedule({
    name,
    at: due,
    source: EVENT_BUS.schedulerSource,
    detailType: EVENT_REMINDER_DUE_TYPE,
    detail: JSON.stringify(detail),
    description: `Reminder of event ${eventId} of club ${clubId}, a day before it starts`,
  });
}
