/**
 * E-mail at SES's pace, on a virtual clock (no wall-clock timing): one pacer hands out evenly
 * spaced send slots at its rate; the e-mail queue's consumers, each pacing at its share of the
 * account's rate (EMAIL_SENDING), send a 07:00 digest run of a thousand mails to an SES that
 * refuses any send over 14 in a second, and none is refused; unpaced, the same run is throttled.
 */
import { consumerSendRate, type PaceClock, SendPacer } from '@clubs/functions/email/send-pace';
import { EMAIL_SENDING, EVENT_QUEUE_LIMITS, EVENT_ROUTES } from '@clubs/shared';
import { describe, expect, it } from 'vitest';

/** A clock whose time moves only when every runnable task waits: sleeps resolve in time order. */
class VirtualClock implements PaceClock {
  private time = 0;
  private readonly waiting: { at: number; wake: () => void }[] = [];
  now(): number {
    return this.time;
  }
  sleep(ms: number): Promise<void> {
    return new Promise((wake) => {
      this.waiting.push({ at: this.time + ms, wake });
    });
  }
  /** Runs `tasks` to the end, moving time to each next wake-up when all of them wait. */
  async run(tasks: Promise<unknown>[]): Promise<void> {
    let done = false;
    const all = Promise.all(tasks).then(() => {
      done = true;
    });
    while (!done) {
      // Let every runnable task reach its next sleep (or its end).
      for (let i = 0; i < 20; i += 1) await Promise.resolve();
      if (done) break;
      this.waiting.sort((a, b) => a.at - b.at);
      const next = this.waiting.shift();
      if (!next) {
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      this.time = Math.max(this.time, next.at);
      next.wake();
    }
    await all;
  }
}

/** SES as it counts: a send beyond `rate` in the second before it is refused as throttled. */
class RateLimitedSes {
  readonly sent: number[] = [];
  refused = 0;
  constructor(
    private readonly rate: number,
    private readonly clock: PaceClock,
  ) {}
  send(): void {
    const now = this.clock.now();
    // Both ends count: a send exactly a second after another is in the same second.
    const inLastSecond = this.sent.filter((at) => at >= now - 1000).length;
    if (inLastSecond >= this.rate) this.refused += 1;
    else this.sent.push(now);
  }
}

/** The most sends any window of one second holds. */
function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while ((sorted[last] ?? 0) - (sorted[first] ?? 0) > 1000) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** The e-mail queue drained by `consumers` invocations, each taking batches of 10 and pacing its sends (or not). */
async function drain(
  mails: number,
  consumers: number,
  pace: ((clock: PaceClock) => SendPacer) | undefined,
): Promise<RateLimitedSes> {
  const clock = new VirtualClock();
  const ses = new RateLimitedSes(EMAIL_SENDING.sendRate, clock);
  let queued = mails;
  const consumer = async () => {
    const pacer = pace?.(clock);
    while (queued > 0) {
      const batch = Math.min(EVENT_QUEUE_LIMITS.batchSize, queued);
      queued -= batch;
      for (let i = 0; i < batch; i += 1) {
        await pacer?.take();
        ses.send();
        // An SES call takes about 40 ms.
        await clock.sleep(40);
      }
    }
  };
  await clock.run(Array.from({ length: consumers }, consumer));
  return ses;
}

describe('SendPacer', () => {
  it('hands out slots evenly spaced at its rate, the first at once', async () => {
    const clock = new VirtualClock();
    const pacer = new SendPacer(7, clock);
    const slots: number[] = [];
    await clock.run([
      (async () => {
        for (let i = 0; i < 50; i += 1) {
          await pacer.take();
          slots.push(clock.now());
        }
      })(),
    ]);
    expect(slots[0]).toBe(0);
    for (let i = 1; i < slots.length; i += 1) {
      expect((slots[i] ?? 0) - (slots[i - 1] ?? 0)).toBe(Math.ceil(1000 / 7));
    }
    expect(busiestSecond(slots)).toBe(7);
    expect(() => new SendPacer(0, clock)).toThrow();
  });

  it('does not make a caller that came late wait for slots nobody used', async () => {
    const clock = new VirtualClock();
    const pacer = new SendPacer(14, clock);
    const slots: number[] = [];
    await clock.run([
      (async () => {
        await pacer.take();
        await clock.sleep(5000);
        await pacer.take();
        slots.push(clock.now());
      })(),
    ]);
    expect(slots).toEqual([5000]);
  });
});

describe("the e-mail queue's consumers", () => {
  it('are at most EMAIL_SENDING.consumers at once, each at its share of the rate', () => {
    const route = EVENT_ROUTES.find((r) => r.id === 'NotificationEmails');
    expect(route && 'queueConcurrency' in route ? route.queueConcurrency : undefined).toBe(
      EMAIL_SENDING.consumers,
    );
    expect(EMAIL_SENDING.sendRate).toBe(14);
    expect(consumerSendRate(EMAIL_SENDING.sendRate) * EMAIL_SENDING.consumers).toBeLessThanOrEqual(
      EMAIL_SENDING.sendRate,
    );
  });

  it('send a 07:00 digest run of 1,000 mails without one throttled by SES, in about 1000/14 s', async () => {
    const ses = await drain(
      1000,
      EMAIL_SENDING.consumers,
      (clock) => new SendPacer(consumerSendRate(EMAIL_SENDING.sendRate), clock),
    );
    expect(ses.refused).toBe(0);
    expect(ses.sent).toHaveLength(1000);
    expect(busiestSecond(ses.sent)).toBeLessThanOrEqual(EMAIL_SENDING.sendRate);
    const seconds = Math.max(...ses.sent) / 1000;
    expect(seconds).toBeGreaterThan(1000 / EMAIL_SENDING.sendRate - 2);
    expect(seconds).toBeLessThan(1000 / EMAIL_SENDING.sendRate + 2);
  });

  it("would be throttled unpaced, at the queue's default concurrency", async () => {
    const ses = await drain(1000, EVENT_QUEUE_LIMITS.maxConcurrency, undefined);
    expect(ses.refused).toBeGreaterThan(0);
  });
});
