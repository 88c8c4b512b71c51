/**
 * Target of every rule of the event manifest: a Stripe event that the webhook verified and put
 * on the bus. Each event is applied once (claimed by id with a lease until this invocation's
 * deadline, marked processed after it was applied); unknown types and livemode mismatches are
 * acknowledged and ignored.
 */
import { EVENT_BUS, FUNCTION_TIMEOUT_SECONDS } from '@clubs/shared';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import {
  claimStripeEvent,
  completeStripeEvent,
  releaseStripeEvent,
} from '../data/repositories/stripe-events.ts';
import { logger } from '../logger.ts';
import { stripeEventHandlers } from '../payments/event-handlers.ts';
import type { StripeEventLike } from '../payments/stripe-event.ts';

/** Past the deadline Lambda has stopped the invocation; a little more covers clock differences. */
const LEASE_MARGIN_MS = 5_000;

export async function handler(
  event: EventBridgeEvent<string, StripeEventLike>,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<{ status: string }> {
  const stripeEvent = event.detail;
  if (
    event.source !== EVENT_BUS.stripeSource ||
    !stripeEvent?.id ||
    stripeEvent.type !== event['detail-type']
  ) {
    logger.warn('ignored malformed event', { source: event.source, detailType: event['detail-type'] });
    return { status: 'ignored' };
  }
  const expectLive = process.env.STRIPE_LIVEMODE === 'true';
  if (Boolean(stripeEvent.livemode) !== expectLive) {
    logger.warn('ignored livemode mismatch', { id: stripeEvent.id });
    return { status: 'ignored' };
  }
  const apply = stripeEventHandlers[stripeEvent.type];
  if (!apply) {
    logger.info('no handler for event type', { type: stripeEvent.type });
    return { status: 'ignored' };
  }
  const remainingMs = context?.getRemainingTimeInMillis() ?? FUNCTION_TIMEOUT_SECONDS.consumer * 1000;
  const claim = await claimStripeEvent(
    stripeEvent.id,
    stripeEvent.type,
    new Date(Date.now() + remainingMs + LEASE_MARGIN_MS),
  );
  if (!claim.claimed) {
    // In progress elsewhere: that invocation applies it, or Lambda retries it after its lease.
    logger.info('duplicate delivery', { id: stripeEvent.id, state: claim.state });
    return { status: 'duplicate' };
  }
  try {
    await apply(stripeEvent);
  } catch (error) {
    await releaseStripeEvent(stripeEvent.id, claim.token);
    throw error;
  }
  await completeStripeEvent(stripeEvent.id, claim.token);
  return { status: 'processed' };
}
