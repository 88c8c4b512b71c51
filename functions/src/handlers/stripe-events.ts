/**
 * Target of every rule of the event manifest: a Stripe event that the webhook verified and put
 * on the bus. Each event is processed at most once (claimed by id); unknown types and
 * livemode mismatches are acknowledged and ignored.
 */
import { EVENT_BUS } from '@clubs/shared';
import type { EventBridgeEvent } from 'aws-lambda';
import { claimStripeEvent, releaseStripeEvent } from '../data/repositories/stripe-events.ts';
import { logger } from '../logger.ts';
import { type StripeEventLike, stripeEventHandlers } from '../payments/event-handlers.ts';

export async function handler(event: EventBridgeEvent<string, StripeEventLike>): Promise<{ status: string }> {
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
  if (!(await claimStripeEvent(stripeEvent.id, stripeEvent.type))) {
    logger.info('duplicate delivery', { id: stripeEvent.id });
    return { status: 'duplicate' };
  }
  try {
    await apply(stripeEvent);
    return { status: 'processed' };
  } catch (error) {
    await releaseStripeEvent(stripeEvent.id);
    throw error;
  }
}
