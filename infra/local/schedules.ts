/**
 * The recurring schedules locally: the shared declaration's events (shared/src/bus/schedules.ts)
 * put on the local bus, through the same EventBridge client the handlers use, every
 * `intervalMs` instead of at their UTC hour, each run naming the time it ran as its scheduled
 * time; and one schedule's run now (`npm run digest`). The consumers are the ones AWS runs, so a
 * run of a period already digested sends nothing again.
 */
import { putBusEvents } from '@clubs/functions/bus/put-events';
import { RECURRING_SCHEDULES, type RecurringSchedule, scheduledEvent } from '@clubs/shared';

/** The interval `npm start` runs the schedules on unless LOCAL_SCHEDULE_SECONDS says otherwise (0: off). */
export const LOCAL_SCHEDULE_SECONDS = 120;

/** Puts a schedule's event on the bus as if it ran at `at` (the handlers' EVENTBRIDGE_ENDPOINT). */
export async function runSchedule(schedule: RecurringSchedule, at = new Date()): Promise<void> {
  const event = scheduledEvent(schedule, at);
  await putBusEvents([{ ...event, detail: JSON.stringify(event.detail) }]);
}

/** The declared schedule whose event's detail names `value` (e.g. 'daily'), if any. */
export const scheduleNamed = (value: string): RecurringSchedule | undefined =>
  RECURRING_SCHEDULES.find((schedule) => Object.values(schedule.target.detail).includes(value));

export interface LocalSchedules {
  stop(): Promise<void>;
}

/** Runs every declared schedule every `intervalMs`, the first time one interval after the start. */
export function startLocalSchedules(options: {
  intervalMs: number;
  log: (message: string) => void;
}): LocalSchedules {
  const timer = setInterval(() => {
    for (const schedule of RECURRING_SCHEDULES) {
      runSchedule(schedule).catch((error: unknown) =>
        options.log(`[schedules] ${schedule.id} did not run: ${(error as Error).message}`),
      );
    }
  }, options.intervalMs);
  timer.unref();
  return { stop: async () => clearInterval(timer) };
}

/** The interval from LOCAL_SCHEDULE_SECONDS (default LOCAL_SCHEDULE_SECONDS; 0 turns it off). */
export function scheduleIntervalMs(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LOCAL_SCHEDULE_SECONDS;
  if (raw === undefined || raw === '') return LOCAL_SCHEDULE_SECONDS * 1000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new Error(`LOCAL_SCHEDULE_SECONDS=${raw} is not a number of seconds (0 turns the schedules off)`);
  }
  return seconds * 1000;
}
