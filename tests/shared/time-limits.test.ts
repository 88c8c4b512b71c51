import { FUNCTION_TIMEOUT_SECONDS, STRIPE_REQUEST_LIMITS } from '@clubs/shared';
import { describe, expect, it } from 'vitest';

/** The stripe SDK waits 0.5 s before its first retry, doubling each time up to 5 s. */
const backoffMs = (retry: number) => Math.min(500 * 2 ** (retry - 1), 5_000);
const worstStripeCallMs =
  STRIPE_REQUEST_LIMITS.timeoutMs * (1 + STRIPE_REQUEST_LIMITS.maxNetworkRetries) +
  Array.from({ length: STRIPE_REQUEST_LIMITS.maxNetworkRetries }, (_, i) => backoffMs(i + 1)).reduce(
    (sum, ms) => sum + ms,
    0,
  );

describe('time limits', () => {
  it("a Stripe call's worst case (every try timing out) takes at most half of stripe-events' time limit", () => {
    expect(worstStripeCallMs).toBeLessThanOrEqual((FUNCTION_TIMEOUT_SECONDS.consumer * 1000) / 2);
  });

  it("a Stripe call's worst case ends before an API function's time limit", () => {
    expect(worstStripeCallMs).toBeLessThan(FUNCTION_TIMEOUT_SECONDS.api * 1000);
  });
});
