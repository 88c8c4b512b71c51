/**
 * Event reminders, against DynamoDB Local, the local bus with its Scheduler emulation and the SES
 * emulator: creating, moving and deleting an event through its routes creates, moves and deletes
 * its reminder's one-time schedule (through the real Scheduler client, off the request path);
 * firing it tells each active member once, in the bell and by e-mail per their preference; a
 * firing for an event since moved or deleted tells nobody.
 */

import {
  GetScheduleCommand,
  type GetScheduleCommandOutput,
  ResourceNotFoundException,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { putBusEvent } from '@clubs/functions/bus/put-events';
import { handler as eventsHandler } from '@clubs/functions/routes/calendar-events';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { LOCAL_SCHEDULE_GROUP } from '@clubs/infra/local/config.ts';
import {
  EVENT_BUS,
  EVENT_REMINDER_DUE_TYPE,
  EVENT_REMINDER_LIMITS,
  EVENT_REMINDER_MIN_NOTICE_MS,
  type EventReminderDue,
  type EventView,
  eventReminderScheduleName,
  type NotificationPage,
} from '@clubs/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { callAs, useNotificationStack } from '../support/notification-stack.ts';

const { bus, sentMail } = useNotificationStack({ freshMail: true });

let client: SchedulerClient | undefined;
const scheduler = () => {
  client ??= new SchedulerClient({
    endpoint: bus().url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return client;
};
afterAll(() => client?.destroy());

/** The event's reminder schedule as the Scheduler answers it, or null when it has none. */
async function reminderOf(eventId: string): Promise<GetScheduleCommandOutput | null> {
  await bus().idle();
  try {
    return await scheduler().send(
      new GetScheduleCommand({ Name: eventReminderScheduleName(eventId), GroupName: LOCAL_SCHEDULE_GROUP }),
    );
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return null;
    throw error;
  }
}

async function clubWithMembers() {
  const ownerId = await addPerson('Olivia Owner');
  const club = await addClub({ ownerId, name: 'Morning Runners' });
  const mia = await addMember(club.id, { userId: await addPerson('Mia Member') });
  const ben = await addMember(club.id, { userId: await addPerson('Ben Bell') });
  const pia = await addMember(club.id, { userId: await addPerson('Pia Off') });
  const pending = await addMember(club.id, { userId: await addPerson('Pat Pending'), status: 'pending' });
  for (const [userId, preference] of [
    [ben, 'bell'],
    [pia, 'off'],
  ] as const) {
    const res = await callAs(notificationsHandler, 'updateClubNotificationSettings', userId, {
      params: { clubId: club.id },
      body: { preference },
    });
    expect(res.status).toBe(200);
  }
  return { club, ownerId, mia, ben, pia, pending };
}

async function createEvent(clubId: string, ownerId: string, date: string, time: string) {
  const res = await callAs<EventView>(eventsHandler, 'createEvent', ownerId, {
    params: { clubId },
    body: { title: 'Night run', date, time, timeZone: 'UTC' },
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function editEvent(clubId: string, eventId: string, ownerId: string, body: Record<string, unknown>) {
  const res = await callAs<EventView>(eventsHandler, 'updateEvent', ownerId, {
    params: { clubId, eventId },
    body,
  });
  expect(res.status).toBe(200);
}

const reminders = async (userId: string) => {
  await bus().idle();
  const res = await callAs<NotificationPage>(notificationsHandler, 'listNotifications', userId);
  expect(res.status).toBe(200);
  return { items: res.body.items.filter((n) => n.kind === 'event_reminder'), unread: res.body.unreadCount };
};

/** Fires the schedule now, as the Scheduler would at its time (the emulation's control endpoint). */
async function fire(eventId: string) {
  // The schedule is made off the request path: what the event's change set going comes first.
  await bus().idle();
  const name = eventReminderScheduleName(eventId);
  const res = await fetch(`${bus().url}/_local/schedules/${LOCAL_SCHEDULE_GROUP}/${name}/fire`, {
    method: 'POST',
  });
  expect(res.status).toBe(200);
  await bus().idle();
}

/** A reminder's event put on the bus as its schedule would (a late or repeated firing). */
async function fireAgain(due: EventReminderDue) {
  await putBusEvent({
    source: EVENT_BUS.schedulerSource,
    detailType: EVENT_REMINDER_DUE_TYPE,
    detail: JSON.stringify(due),
  });
  await bus().idle();
}

const daysAhead = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000);
const dateOf = (at: Date) => at.toISOString().slice(0, 10);

describe('event reminder schedules', () => {
  it('are made a day before the start, move with the event and go with it', async () => {
    const { club, ownerId } = await clubWithMembers();
    const event = await createEvent(club.id, ownerId, '2099-01-15', '19:00');
    const made = await reminderOf(event.id);
    expect(made).toMatchObject({
      ScheduleExpression: 'at(2099-01-14T19:00:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      State: 'ENABLED',
      Target: {
        EventBridgeParameters: { Source: EVENT_BUS.schedulerSource, DetailType: EVENT_REMINDER_DUE_TYPE },
      },
    });
    expect(JSON.parse(made?.Target?.Input ?? '{}')).toEqual({
      clubId: club.id,
      eventId: event.id,
      startsAt: '2099-01-15T19:00:00.000Z',
    });

    // Moved (a day and a time in another zone): the schedule follows, a day before the new start.
    await editEvent(club.id, event.id, ownerId, {
      date: '2099-02-01',
      time: '08:30',
      timeZone: 'Europe/Paris',
    });
    const moved = await reminderOf(event.id);
    expect(moved?.ScheduleExpression).toBe('at(2099-01-31T07:30:00)');
    expect(JSON.parse(moved?.Target?.Input ?? '{}').startsAt).toBe('2099-02-01T07:30:00.000Z');

    // A new title leaves the time as it was.
    await editEvent(club.id, event.id, ownerId, { title: 'Night run (longer)' });
    expect((await reminderOf(event.id))?.ScheduleExpression).toBe('at(2099-01-31T07:30:00)');

    const deleted = await callAs(eventsHandler, 'deleteEvent', ownerId, {
      params: { clubId: club.id, eventId: event.id },
    });
    expect(deleted.status).toBe(200);
    expect(await reminderOf(event.id)).toBeNull();
  });

  it('are not made for an event less than a day away, and go when an event moves that close', async () => {
    const { club, ownerId } = await clubWithMembers();
    const soon = daysAhead(0.5);
    const close = await createEvent(club.id, ownerId, dateOf(soon), soon.toISOString().slice(11, 16));
    expect(await reminderOf(close.id)).toBeNull();

    const later = await createEvent(club.id, ownerId, dateOf(daysAhead(5)), '12:00');
    expect(await reminderOf(later.id)).not.toBeNull();
    await editEvent(club.id, later.id, ownerId, {
      date: dateOf(soon),
      time: soon.toISOString().slice(11, 16),
    });
    expect(await reminderOf(later.id)).toBeNull();
  });
});

describe('event reminders are not a way to mass-mail', () => {
  it('are not made for an event created less than 25 hours ahead', async () => {
    const { club, ownerId } = await clubWithMembers();
    // Just over a day ahead: its reminder would fire within the hour, after the new-event notice.
    const soon = new Date(Date.now() + EVENT_REMINDER_MIN_NOTICE_MS - 20 * 60_000);
    const close = await createEvent(club.id, ownerId, dateOf(soon), soon.toISOString().slice(11, 16));
    expect(await reminderOf(close.id)).toBeNull();
  });

  it('remind of an event once, however often it is moved', async () => {
    const { club, ownerId, mia } = await clubWithMembers();
    const event = await createEvent(club.id, ownerId, '2099-06-10', '18:00');
    await fire(event.id);
    expect((await reminders(mia)).items).toHaveLength(1);
    await editEvent(club.id, event.id, ownerId, { date: '2099-06-20' });
    await fire(event.id);
    expect((await reminders(mia)).items).toHaveLength(1);
    const mailed = (await sentMail()).filter((mail) => mail.to.includes(`${mia.toLowerCase()}@clubs.test`));
    expect(mailed).toHaveLength(1);
  });

  it(`stop at ${EVENT_REMINDER_LIMITS.perClubPerDay} per club and day`, async () => {
    const { club, ownerId, mia } = await clubWithMembers();
    const events = [];
    for (let i = 0; i <= EVENT_REMINDER_LIMITS.perClubPerDay; i++) {
      events.push(await createEvent(club.id, ownerId, `2099-07-1${i}`, '18:00'));
    }
    for (const event of events) await fire(event.id);
    expect((await reminders(mia)).items).toHaveLength(EVENT_REMINDER_LIMITS.perClubPerDay);
    // Another club's reminders are counted on their own.
    const other = await clubWithMembers();
    await fire((await createEvent(other.club.id, other.ownerId, '2099-07-10', '18:00')).id);
    expect((await reminders(other.mia)).items).toHaveLength(1);
  });
});

describe('an event reminder firing', () => {
  it('tells each active member once: the bell, and e-mail to those who want it at once', async () => {
    const { club, ownerId, mia, ben, pia, pending } = await clubWithMembers();
    const event = await createEvent(club.id, ownerId, '2099-03-10', '18:00');
    const due = JSON.parse((await reminderOf(event.id))?.Target?.Input ?? '{}') as EventReminderDue;
    await fire(event.id);

    const [miaSees] = (await reminders(mia)).items;
    expect(miaSees).toMatchObject({
      kind: 'event_reminder',
      excerpt: 'Night run',
      target: { kind: 'event', eventId: event.id },
      club: { id: club.id, name: 'Morning Runners' },
      // Nobody acted: the club stands as the actor.
      actor: { id: club.id, name: 'Morning Runners' },
      createdAt: '2099-03-09T18:00:00.000Z',
      read: false,
    });
    // Its creator attends too: the owner is reminded like everyone else.
    expect((await reminders(ownerId)).items).toHaveLength(1);
    expect((await reminders(ben)).items).toHaveLength(1);
    expect((await reminders(pia)).items).toEqual([]);
    expect((await reminders(pending)).items).toEqual([]);
    // A fired schedule deletes itself.
    expect(await reminderOf(event.id)).toBeNull();

    const mailed = (await sentMail()).filter(
      (mail) => mail.subject === 'An event starts tomorrow in Morning Runners',
    );
    expect(mailed.map((mail) => mail.to[0]).sort()).toEqual(
      [mia, ownerId].map((id) => `${id.toLowerCase()}@clubs.test`).sort(),
    );
    expect(mailed[0]?.text).toContain('Night run');
    expect(mailed[0]?.text).toContain(`https://clubs.test/communities/${club.id}/events`);
    expect(mailed[0]?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The same firing again (a retried delivery) tells nobody twice.
    const unreadBefore = (await reminders(mia)).unread;
    await fireAgain(due);
    expect((await reminders(mia)).items).toHaveLength(1);
    expect((await reminders(mia)).unread).toBe(unreadBefore);
    expect(
      (await sentMail()).filter((mail) => mail.subject.startsWith('An event starts tomorrow')),
    ).toHaveLength(2);
  });

  it('tells nobody when the event moved or was deleted since it was scheduled', async () => {
    const { club, ownerId, mia } = await clubWithMembers();
    const moved = await createEvent(club.id, ownerId, '2099-04-10', '18:00');
    const stale = JSON.parse((await reminderOf(moved.id))?.Target?.Input ?? '{}') as EventReminderDue;
    await editEvent(club.id, moved.id, ownerId, { date: '2099-04-20' });
    await fireAgain(stale);
    expect((await reminders(mia)).items).toEqual([]);

    const gone = await createEvent(club.id, ownerId, '2099-05-10', '18:00');
    const goneDue = JSON.parse((await reminderOf(gone.id))?.Target?.Input ?? '{}') as EventReminderDue;
    await callAs(eventsHandler, 'deleteEvent', ownerId, { params: { clubId: club.id, eventId: gone.id } });
    await fireAgain(goneDue);
    expect((await reminders(mia)).items).toEqual([]);
    expect((await sentMail()).filter((mail) => mail.subject.startsWith('An event starts tomorrow'))).toEqual(
      [],
    );

    // The moved event's own schedule still reminds of its new start.
    await fire(moved.id);
    expect((await reminders(mia)).items).toEqual([
      expect.objectContaining({ kind: 'event_reminder', createdAt: '2099-04-19T18:00:00.000Z' }),
    ]);
  });
});
