/**
 * Target of the Stripe rules of the event manifest: a Stripe event that the webhook verified and
 * put on the bus. Each event is applied once (payments/stripe-event-once.ts); livemode
 * mismatches are acknowledged and ignored.
 */
import { type DetailTypeOf, detailTypesOf } from '@clubs/shared';
import * as z from 'zod';
import { defineConsumer, sameForEach } from '../bus/consumer-handler.ts';
import { logger } from '../logger.ts';
import { stripeEventHandlers } from '../payments/event-handlers.ts';
import type { StripeEventLike } from '../payments/stripe-event.ts';
import { applyStripeEventOnce } from '../payments/stripe-event-once.ts';

/** What the handlers read of a Stripe event of `type` (the rest of it passes through untouched). */
const stripeEventOf = (type: string): z.ZodType<StripeEventLike> =>
  z.looseObject({
    id: z.string().min(1),
    type: z.literal(type),
    livemode: z.boolean().optional(),
    account: z.string().optional(),
    data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
  });

export const handler = defineConsumer(
  'stripe-events',
  sameForEach(detailTypesOf('stripe-events'), stripeEventOf, async (stripeEvent, { context }) => {
    const expectLive = process.env.STRIPE_LIVEMODE === 'true';
    if (Boolean(stripeEvent.livemode) !== expectLive) {
      logger.warn('ignored livemode mismatch', { id: stripeEvent.id });
      return 'ignored';
    }
    // The schema holds the event's type to the detail-type it was routed by.
    const apply = stripeEventHandlers[stripeEvent.type as DetailTypeOf<'stripe-events'>];
    return applyStripeEventOnce(stripeEvent, apply, context);
  }),
);
