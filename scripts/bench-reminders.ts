/**
 * `npm run bench:reminders`: what an event's reminder costs in a club of BENCH_MEMBERS (default
 * 1,000) active members. Starts its own in-memory DynamoDB Local, the local event bus (with its
 * Scheduler emulation; the manifest's rules deliver to the real handlers in this process, the
 * queue's batches included) and the SES emulator; loads the club with profiles; the owner creates
 * an event three days ahead through the real events handler (its schedule is made by the event's
 * change event's consumer), then the bench fires the schedule through the emulation's control
 * endpoint and waits until the bus has delivered everything. It reports the time from the firing
 * to the last batch written, the DynamoDB requests by command, the batches, the notifications
 * counted and the e-mails sent; then fires the same reminder again (a repeated firing) and
 * reports what that wrote and sent (nothing).
 */
import '@clubs/infra/local/quiet-sdk.ts';
import { LOCAL_SCHEDULE_GROUP } from '@clubs/infra/local/config.ts';
import {
  EVENT_BUS,
  EVENT_REMINDER_DUE_TYPE,
  type EventView,
  eventReminderScheduleName,
  NOTIFICATION_BATCH_SIZE,
} from '@clubs/shared';
import { httpEvent, invoke, memberClaims } from '../tests/support/http-event.ts';
import { notificationClub } from './bench-notification-club.ts';
import * as bench from './bench-support.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1_000);

bench.runBench(
  { runs: 1, warmup: 0 },
  'in-process handlers, the local bus and SES emulator, DynamoDB Local',
  async (store) => {
    const { ses, club, memberIds, bus, stop } = await notificationClub(
      store,
      'bench_reminders',
      MEMBERS,
      'A club for measuring reminders.',
    );
    try {
      const { getNotificationState } = await import('@clubs/functions/data/repositories/notifications');
      const { putBusEvent } = await import('@clubs/functions/bus/put-events');
      const { handler: events } = await import('@clubs/functions/routes/calendar-events');

      const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const res = await invoke<EventView>(
        events,
        httpEvent('createEvent', {
          params: { clubId: club.id },
          body: { title: 'Park run', date, time: '09:00', timeZone: 'UTC' },
          claims: memberClaims(club.ownerId),
        }),
      );
      if (res.status !== 201) throw new Error(`createEvent: ${res.status} ${JSON.stringify(res.body)}`);
      await bus.idle();
      const mailedBefore = await mailCount(ses.url);
      const unreadOf = async () => {
        let unread = 0;
        for (const id of [club.ownerId, ...memberIds]) unread += (await getNotificationState(id)).unread;
        return unread;
      };
      const unreadBefore = await unreadOf();

      const name = eventReminderScheduleName(res.body.id);
      store.meter.reset();
      const started = performance.now();
      const fired = await fetch(`${bus.url}/_local/schedules/${LOCAL_SCHEDULE_GROUP}/${name}/fire`, {
        method: 'POST',
      });
      if (!fired.ok) throw new Error(`firing the schedule: ${fired.status}`);
      await bus.idle();
      const total = performance.now() - started;
      const byCommand = new Map<string, number>();
      for (const command of store.meter.commands) byCommand.set(command, (byCommand.get(command) ?? 0) + 1);
      const requests = store.meter.requests;
      const reminded = (await unreadOf()) - unreadBefore;
      const mailed = (await mailCount(ses.url)) - mailedBefore;

      // The same firing again, as a retried delivery: nothing more is written or sent.
      store.meter.reset();
      const again = performance.now();
      await putBusEvent({
        source: EVENT_BUS.schedulerSource,
        detailType: EVENT_REMINDER_DUE_TYPE,
        detail: JSON.stringify({ clubId: club.id, eventId: res.body.id, startsAt: res.body.startDate }),
      });
      await bus.idle();
      const repeatSeconds = (performance.now() - again) / 1000;
      const repeatRequests = store.meter.requests;
      const remindedAgain = (await unreadOf()) - unreadBefore - reminded;
      const mailedAgain = (await mailCount(ses.url)) - mailedBefore - mailed;

      console.log(
        [
          `\nOne event's reminder to ${(MEMBERS + 1).toLocaleString('en')} active members (the owner included):`,
          `  everything delivered in ${(total / 1000).toFixed(1)} s after the firing`,
          `  batches: ${Math.ceil((MEMBERS + 1) / NOTIFICATION_BATCH_SIZE)} of at most ${NOTIFICATION_BATCH_SIZE} recipients`,
          `  DynamoDB requests: ${requests} (${[...byCommand].map(([command, n]) => `${command} ${n}`).join(', ')})`,
          `  notifications counted unread: ${reminded}; e-mails in the SES emulator: ${mailed}`,
          `  the same firing again: ${repeatSeconds.toFixed(1)} s, ${repeatRequests} DynamoDB requests, ` +
            `${remindedAgain} more notifications, ${mailedAgain} more e-mails`,
        ].join('\n'),
      );
      return {
        header: ['reminder', 'seconds', 'DynamoDB requests', 'notified', 'e-mails'],
        rows: [
          ['fired', (total / 1000).toFixed(1), requests, reminded, mailed],
          ['fired again', repeatSeconds.toFixed(1), repeatRequests, remindedAgain, mailedAgain],
        ],
      };
    } finally {
      await stop();
    }
  },
);

async function mailCount(sesUrl: string): Promise<number> {
  return ((await (await fetch(`${sesUrl}/store`)).json()) as { emails: unknown[] }).emails.length;
}
