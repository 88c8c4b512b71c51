/**
 * Stripe's webhook (the public route stripeWebhook): its group takes the body's exact bytes
 * (`rawBody` in the manifest), since the signature is checked on them (stripe/webhook.ts).
 */
import { paymentRoutes } from '@clubs/shared';
import { headerOf } from '../http/parse-request.ts';
import { defineGroup } from '../http/route-handler.ts';
import { receiveStripeEvent } from '../stripe/webhook.ts';

export const handler = defineGroup('stripe-webhook', paymentRoutes, {
  stripeWebhook: async ({ rawBody, event }) =>
    receiveStripeEvent(rawBody, headerOf(event, 'stripe-signature')),
});
