/**
 * An event's reminder, when its schedule fires: every active member of the club is told "an
 * event starts tomorrow" (in the bell, and by e-mail for those who want e-mail at once), in
 * batches of recipients put back on the bus like any club-wide notification. Nobody acted, so the
 * notification's actor is the club. A firing is checked against what is stored, at the firing
 * and again for each batch: an event since deleted or moved (its reminder then has a schedule of
 * its own), already started, or a club no longer active tells nobody. The notification's id is
 * made from the event and the start it was scheduled for, so a repeated firing or batch notifies
 * nobody twice.
 */
import {
  type Club,
  EVENT_BUS,
  EVENT_REMINDER_BATCH_TYPE,
  EVENT_REMINDER_LEAD_MS,
  type EventReminderBatch,
  type EventReminderDue,
} from '@clubs/shared';
import { batchGet, keyId } from '../../data/batch-get.ts';
import { keys } from '../../data/keys.ts';
import { toStoredEvent } from '../../data/repositories/events.ts';
import { type NotificationContent, reminderNotificationId } from '../../data/repositories/notifications.ts';
import { clubFromItem } from '../../data/repositories/stored-club.ts';
import { batchMembers, type DeliveryReport, excerpt, writeAndMail } from './delivery.ts';

export interface ReminderReport extends DeliveryReport {
  /** The firing no longer matched the stored event or club: nobody was told. */
  stale: boolean;
}

/**
 * The notification the reminder writes, or null when it is stale: the club and the event read
 * with one BatchGetItem.
 */
async function reminderContent(due: EventReminderDue, now: Date): Promise<NotificationContent | null> {
  const clubKey = keys.club(due.clubId);
  const eventKey = keys.event(due.clubId, due.eventId);
  const found = await batchGet([clubKey, eventKey], undefined, true);
  const clubItem = found.get(keyId(clubKey));
  const eventItem = found.get(keyId(eventKey));
  if (!clubItem || !eventItem) return null;
  const club: Club = clubFromItem(clubItem);
  const { event } = toStoredEvent(eventItem);
  const startsAt = Date.parse(event.startDate);
  if (club.status !== 'active' || startsAt !== Date.parse(due.startsAt) || startsAt <= now.getTime()) {
    return null;
  }
  const dueAt = new Date(startsAt - EVENT_REMINDER_LEAD_MS);
  return {
    id: reminderNotificationId(event.id, event.startDate, dueAt),
    kind: 'event_reminder',
    clubId: club.id,
    clubName: club.name,
    actorId: club.id,
    actorName: club.name,
    actorAvatar: club.logoUrl,
    excerpt: excerpt(event.title),
    target: { kind: 'event', eventId: event.id },
    createdAt: dueAt.toISOString(),
  };
}

/** A reminder fell due: unless it is stale, the club's active members are put on the bus in batches. */
export async function remindOfEvent(due: EventReminderDue, now = new Date()): Promise<ReminderReport> {
  if (!(await reminderContent(due, now))) return { written: 0, batches: 0, stale: true };
  const batches = await batchMembers(due.clubId, null, (recipientIds) => {
    const batch: EventReminderBatch = { reminder: due, recipientIds };
    return {
      source: EVENT_BUS.notificationsSource,
      detailType: EVENT_REMINDER_BATCH_TYPE,
      detail: JSON.stringify(batch),
    };
  });
  return { written: 0, batches, stale: false };
}

/** Writes one batch of a reminder's notifications (a repeat, or a stale one, writes nothing). */
export async function deliverReminderBatch(
  batch: EventReminderBatch,
  now = new Date(),
): Promise<ReminderReport> {
  const content = await reminderContent(batch.reminder, now);
  if (!content) return { written: 0, batches: 0, stale: true };
  return { written: await writeAndMail(content, batch.recipientIds), batches: 0, stale: false };
}
