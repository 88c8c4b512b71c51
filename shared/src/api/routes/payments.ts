import * as z from 'zod';
import type { RouteDefinition } from '../route-definition.ts';

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
} as const satisfies Record<string, RouteDefinition>;
