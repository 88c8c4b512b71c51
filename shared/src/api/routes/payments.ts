import * as z from 'zod';
import { clubPathSchema } from '../../domain/club.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** A Stripe-hosted page to send the browser to (Checkout, onboarding, Billing Portal). */
export const redirectUrlSchema = z.object({ url: z.string() });

export const paymentRoutes = {
  stripeWebhook: {
    method: 'POST',
    path: '/api/webhooks/stripe',
    group: 'stripe-webhook',
    auth: 'public',
    summary: "Stripe's webhook: verifies the signature on the raw body, then puts the event on the bus",
    rawBody: true,
    response: z.object({ received: z.literal(true) }),
  },
  createMembershipCheckout: {
    method: 'POST',
    path: '/api/clubs/{clubId}/membership-checkout',
    group: 'payments',
    auth: 'user',
    summary:
      "Creates (or keeps) the caller's pending membership of a paid club and returns a Stripe Checkout URL (destination charge to the owner's connected account)",
    params: clubPathSchema,
    response: redirectUrlSchema,
  },
} as const satisfies Record<string, RouteDefinition>;
