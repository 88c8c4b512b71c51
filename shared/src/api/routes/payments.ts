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
import { clubPathSchema, clubSchema, membershipPricingSchema } from '../../domain/club.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const paymentRoutes = {
  stripeWebhook: {
    method: 'POST',
    path: '/api/webhooks/stripe',
    group: 'stripe-webhook',
    uses: ['stripe:webhook-secret', 'events:put'],
    access: { kind: 'public' },
    summary: "Stripe's webhook: verifies the signature on the raw body, then puts the event on the bus",
    rawBody: true,
    response: z.object({ received: z.literal(true) }),
  },
  createClubCheckout: {
    method: 'POST',
    path: '/api/clubs/{clubId}/plan-checkout',
    group: 'payments',
    uses: ['table:read', 'table:write', 'stripe:api'],
    access: { kind: 'club', who: 'owner', superAdmin: 'none' },
    summary:
      "Opens Stripe Checkout for the creator plan of the caller's unpaid club (7-day trial, club id in metadata, back to /club-setup)",
    params: clubPathSchema,
    body: clubCheckoutInputSchema,
    response: redirectUrlSchema,
  },
  createMembershipCheckout: {
    method: 'POST',
    path: '/api/clubs/{clubId}/membership-checkout',
    group: 'payments',
    uses: ['table:read', 'table:write', 'stripe:api'],
    access: { kind: 'signed_in' },
    summary:
      "Creates (or keeps) the caller's pending membership of a paid club and returns a Stripe Checkout URL (destination charge to the owner's connected account)",
    params: clubPathSchema,
    response: redirectUrlSchema,
  },
  createConnectOnboarding: {
    method: 'POST',
    path: '/api/clubs/{clubId}/connect-onboarding',
    group: 'payments',
    uses: ['table:read', 'table:write', 'stripe:api'],
    access: { kind: 'club', who: 'owner', superAdmin: 'none' },
    summary: "Starts (or resumes) Stripe Connect Express onboarding of the club owner's account",
    params: clubPathSchema,
    response: redirectUrlSchema,
  },
  getConnectStatus: {
    method: 'GET',
    path: '/api/clubs/{clubId}/connect-status',
    group: 'payments',
    uses: ['table:read', 'table:write', 'stripe:api'],
    access: { kind: 'club', who: 'owner', superAdmin: 'none' },
    summary: "The owner's connected account as Stripe reports it (details submitted, charges enabled)",
    params: clubPathSchema,
    response: connectStatusSchema,
  },
  getClubBilling: {
    method: 'GET',
    path: '/api/clubs/{clubId}/billing',
    group: 'payments',
    uses: ['table:read', 'stripe:api'],
    access: { kind: 'club', who: 'owner', superAdmin: 'none' },
    summary: "The club's creator plan, payment method and invoices, read from Stripe (owner only)",
    params: clubPathSchema,
    response: clubBillingSchema,
  },
  updateMembershipPricing: {
    method: 'PUT',
    path: '/api/clubs/{clubId}/pricing',
    group: 'payments',
    uses: ['table:read', 'table:write', 'stripe:api'],
    access: { kind: 'club', who: 'owner', superAdmin: 'none' },
    summary:
      "The owner sets the club's membership pricing: free, or a monthly price with or without the free trial. A new price is a new Stripe Price for new members (existing subscriptions keep theirs); paid to free keeps the members and cancels their subscriptions at period end; free to paid keeps existing members free",
    params: clubPathSchema,
    body: membershipPricingSchema,
    response: clubSchema,
  },
  deleteClub: {
    method: 'DELETE',
    path: '/api/owned-clubs/{clubId}',
    group: 'payments',
    uses: ['table:read', 'table:write', 'stripe:api'],
    access: { kind: 'club', who: 'owner', superAdmin: 'none' },
    summary:
      "The owner closes a club: its creator plan and its members' subscriptions are cancelled at Stripe, and it leaves the directory (inactive)",
    params: clubPathSchema,
    response: z.object({ deleted: z.literal(true) }),
  },
  createBillingPortal: {
    method: 'POST',
    path: '/api/clubs/{clubId}/billing-portal',
    group: 'payments',
    uses: ['table:read', 'stripe:api'],
    access: { kind: 'club', who: 'owner', superAdmin: 'none' },
    summary: 'A Stripe Billing Portal session for card changes and cancellation (owner only)',
    params: clubPathSchema,
    response: redirectUrlSchema,
  },
} as const satisfies Record<string, RouteDefinition>;
