/**
 * Stripe: the webhook, checkouts (creator plan and member subscriptions), Connect onboarding and
 * billing. Every route but the webhook runs in the payments group, the one function that bundles
 * the `stripe` package.
 */
import * as z from 'zod';
import {
  clubBillingSchema,
  clubCheckoutInputSchema,
  connectStatusSchema,
  redirectUrlSchema,
} from '../../domain/billing.ts';
import { clubSchema, membershipPricingSchema } from '../../domain/club.ts';
import { joinAnswersInputSchema } from '../../domain/membership-questions.ts';
import { DELETE, GET, inClub, POST, PUBLIC, PUT, routesOf, SIGNED_IN } from '../route-builder.ts';

export const paymentRoutes = {
  ...routesOf('stripe-webhook', {
    stripeWebhook: POST('/api/webhooks/stripe', {
      access: PUBLIC,
      summary: "Stripe's webhook: verifies the signature on the raw body, then puts the event on the bus",
      rawBody: true,
      response: z.object({ received: z.literal(true) }),
    }),
  }),
  ...routesOf('payments', {
    createClubCheckout: POST('/api/clubs/{clubId}/plan-checkout', {
      access: inClub('owner'),
      summary:
        "Opens Stripe Checkout for the creator plan of the caller's unpaid club (7-day trial, club id in metadata, back to /club-setup)",
      body: clubCheckoutInputSchema,
      response: redirectUrlSchema,
    }),
    createMembershipCheckout: POST('/api/clubs/{clubId}/membership-checkout', {
      access: SIGNED_IN,
      summary:
        "Creates (or keeps) the caller's pending membership of a paid club, with the answers to its membership questions, and returns a Stripe Checkout URL (destination charge to the owner's connected account)",
      body: joinAnswersInputSchema.optional(),
      response: redirectUrlSchema,
    }),
    createConnectOnboarding: POST('/api/clubs/{clubId}/connect-onboarding', {
      access: inClub('owner'),
      summary: "Starts (or resumes) Stripe Connect Express onboarding of the club owner's account",
      response: redirectUrlSchema,
    }),
    getConnectStatus: GET('/api/clubs/{clubId}/connect-status', {
      access: inClub('owner'),
      summary: "The owner's connected account as Stripe reports it (details submitted, charges enabled)",
      response: connectStatusSchema,
    }),
    getClubBilling: GET('/api/clubs/{clubId}/billing', {
      access: inClub('owner'),
      summary: "The club's creator plan, payment method and invoices, read from Stripe (owner only)",
      response: clubBillingSchema,
    }),
    updateMembershipPricing: PUT('/api/clubs/{clubId}/pricing', {
      access: inClub('owner'),
      summary:
        "The owner sets the club's membership pricing: free, or a monthly price with or without the free trial. A new price is a new Stripe Price for new members (existing subscriptions keep theirs); paid to free keeps the members and cancels their subscriptions at period end; free to paid keeps existing members free",
      body: membershipPricingSchema,
      response: clubSchema,
    }),
    deleteClub: DELETE('/api/owned-clubs/{clubId}', {
      access: inClub('owner'),
      summary:
        "The owner closes a club: its creator plan and its members' subscriptions are cancelled at Stripe, and it leaves the directory (inactive)",
      response: z.object({ deleted: z.literal(true) }),
    }),
    createBillingPortal: POST('/api/clubs/{clubId}/billing-portal', {
      access: inClub('owner'),
      summary: 'A Stripe Billing Portal session for card changes and cancellation (owner only)',
      response: redirectUrlSchema,
    }),
  }),
};
