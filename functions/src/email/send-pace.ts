/**
 * E-mail at SES's pace: a pacer hands out send slots at most `ratePerSecond` a second, evenly
 * spaced (no burst: SES counts a second at a time, and the other consumer sends too), so the
 * e-mail queue's consumers together stay under the account's send rate (EMAIL_SENDING). The clock
 * is injected, so tests hold the pace without waiting.
 */
import { EMAIL_SENDING } from '@clubs/shared';
import { env } from '../env.ts';

export interface PaceClock {
  /** Milliseconds, monotonic enough for spacing sends. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const SYSTEM_CLOCK: PaceClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class SendPacer {
  private readonly intervalMs: number;
  /** When the next slot opens. */
  private next = Number.NEGATIVE_INFINITY;

  constructor(
    readonly ratePerSecond: number,
    private readonly clock: PaceClock = SYSTEM_CLOCK,
  ) {
    if (!(ratePerSecond > 0)) throw new Error(`a send rate must be positive (got ${ratePerSecond})`);
    // Whole milliseconds, rounded up: slots exactly 1/rate apart put rate + 1 of them into a
    // second counted from the first (both ends in it), which SES would throttle.
    this.intervalMs = Math.ceil(1000 / ratePerSecond);
  }

  /** Resolves when the caller may send one message: each slot at least `1 / ratePerSecond` s after the last. */
  async take(): Promise<void> {
    const now = this.clock.now();
    const slot = Math.max(now, this.next);
    this.next = slot + this.intervalMs;
    if (slot > now) await this.clock.sleep(slot - now);
  }
}

/** The pace of one consumer of the e-mail queue: its share of the account's send rate. */
export const consumerSendRate = (accountRate: number): number => accountRate / EMAIL_SENDING.consumers;

let pacer: SendPacer | undefined;

/** This container's pacer for queued e-mail (one batch at a time per container, so its share holds). */
export function queuedEmailPacer(): SendPacer {
  pacer ??= new SendPacer(consumerSendRate(env.emailSendRate));
  return pacer;
}

/** Tests swap the pacer (e.g. one on a fake clock), or reset it after changing the environment. */
export function setQueuedEmailPacer(next: SendPacer | undefined): void {
  pacer = next;
}
