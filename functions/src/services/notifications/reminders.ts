/**
 * An event's reminder, when its schedule fires: every active member of the club is told "an
 * event starts tomorrow" (in the bell, and by e-mail for those who want e-mail at once), in
 * batches of recipients put back on the bus like any club-wide notification. Nobody acted, so the
 * notification's actor is the club. A firing is checked against what is stored, at the firing
 * and again for each batch: an event since deleted or moved (its reminder then has a schedule of
 * its own), already started, created too close to its start, or a club not in service tells
 * nobody. A firing then claims the event's one reminder within the club's daily cap
 * (reminder-claims.ts): an event reminded of before (moved since) or a club past its cap tells
 * nobody. The notification's id is
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
  earnsReminder,
} from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../../data/batch-get.ts';
import { eventCreatedAt, toStoredEvent } from '../../data/repositories/calendar-events.ts';
import { type NotificationContent, reminderNotificationId } from '../../data/repositories/notifications.ts';
import { claimReminder } from '../../data/repositories/reminder-claims.ts';
import { clubFromItem } from '../../data/repositories/stored-club.ts';
import { isClubInService } from '../club-in-service.ts';
import { batchMembers, type DeliveryReport, excerpt, writeAndMail } from './delivery.ts';

export interface ReminderReport extends DeliveryReport {
  /** The firing no longer matched the stored event or club: nobody was told. */
  stale: boolean;
  /** The event was reminded of before, or the club's reminders for the day are spent: nobody was told. */
  refused?: 'reminded-before' | 'club-capped';
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
  if (
    !isClubInService(club) ||
    startsAt !== Date.parse(due.startsAt) ||
    startsAt <= now.getTime() ||
    // A schedule made before this rule was kept does not fire for such an event either.
    !earnsReminder(event.startDate, eventCreatedAt(event.id))
  ) {
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
  const claim = await claimReminder(due, now);
  if (claim === 'reminded-before' || claim === 'club-capped') {
    return { written: 0, batches: 0, stale: false, refused: claim };
  }
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
