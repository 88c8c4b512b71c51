/**
 * The recurring schedules: what runs on a clock, and the event each one puts on the bus. The CDK
 * makes one EventBridge Scheduler schedule per entry (its expression in UTC, the app's bus as its
 * target); the local stack puts the same events on its bus on a short interval, and `npm run
 * digest` puts one now. `scheduledAt` in a detail is filled with the time the run was scheduled
 * for (Scheduler's `<aws.scheduler.scheduled-time>`), so a retried run names the same period.
 */
import { CHAT_UNREAD_DUE_TYPE } from './chat-unread.ts';
import { DIGEST_DUE_TYPE, type DigestCadence } from './digests.ts';
import { INVITATION_IMPORT_RESUME_TYPE } from './invitation-imports.ts';
import { EVENT_BUS } from './routing.ts';

export interface RecurringSchedule {
  readonly id: string;
  readonly description: string;
  /** A Scheduler cron expression, evaluated in UTC. */
  readonly expression: string;
  readonly target: {
    readonly source: string;
    readonly detailType: string;
    /** The detail, but for `scheduledAt`, which each run fills with its scheduled time. */
    readonly detail: Readonly<Record<string, string>>;
  };
}

const digest = (cadence: DigestCadence, expression: string, description: string): RecurringSchedule => ({
  id: cadence === 'daily' ? 'DailyDigest' : 'WeeklyDigest',
  description,
  expression,
  target: { source: EVENT_BUS.schedulerSource, detailType: DIGEST_DUE_TYPE, detail: { cadence } },
});

const chatUnreadSweep: RecurringSchedule = {
  id: 'ChatUnreadSweep',
  description: 'every 5 minutes: the e-mails of chat messages left unread that fell due',
  expression: 'cron(0/5 * * * ? *)',
  target: {
    source: EVENT_BUS.schedulerSource,
    detailType: CHAT_UNREAD_DUE_TYPE,
    detail: { sweep: 'chat-unread' },
  },
};

/** Invitation limits count in UTC days: just after midnight, imports waiting for the day's allowance go on. */
const invitationImportResume: RecurringSchedule = {
  id: 'InvitationImportResume',
  description: "every day at 00:05 UTC: invitation imports waiting for the day's allowance go on",
  expression: 'cron(5 0 * * ? *)',
  target: {
    source: EVENT_BUS.schedulerSource,
    detailType: INVITATION_IMPORT_RESUME_TYPE,
    detail: { sweep: 'invitation-imports' },
  },
};

/**
 * How Scheduler retries a run its target refused, for every schedule, recurring or one-time (an
 * event's reminder): attempts, and how long a run may keep trying. A run that still fails waits
 * in its consumer group's dead-letter queue.
 */
export const SCHEDULE_RETRY = { attempts: 8, maxEventAgeSeconds: 6 * 60 * 60 } as const;

export const RECURRING_SCHEDULES = [
  digest(
    'daily',
    'cron(0 7 * * ? *)',
    "every day at 07:00 UTC: the daily digests of the day's most liked posts",
  ),
  digest(
    'weekly',
    'cron(0 7 ? * MON *)',
    "Mondays at 07:00 UTC: the weekly digests of the week's most liked posts",
  ),
  chatUnreadSweep,
  invitationImportResume,
] as const satisfies readonly RecurringSchedule[];

/** The event a schedule's run puts on the bus, for a run scheduled at `scheduledAt`. */
export function scheduledEvent(schedule: RecurringSchedule, scheduledAt: Date) {
  return {
    source: schedule.target.source,
    detailType: schedule.target.detailType,
    detail: { ...schedule.target.detail, scheduledAt: scheduledAt.toISOString() },
  };
}
