/**
 * Payments as the API shows them: the creator plan, Connect onboarding, a club's billing (real
 * data from Stripe, in the shape of the billing page's cards) and a member's checkout state.
 */
import * as z from 'zod';
import { createClubInputSchema } from './club.ts';
import { idSchema, isoDateTime } from './common.ts';
import { viewerMembershipStatusSchema } from './membership.ts';

/** The creator plan's two prices: $88 a month, or $852 a year ($71 a month). */
export const CREATOR_PLAN_INTERVALS = ['monthly', 'annual'] as const;
export const creatorPlanIntervalSchema = z.enum(CREATOR_PLAN_INTERVALS);
export type CreatorPlanInterval = z.infer<typeof creatorPlanIntervalSchema>;

export const clubCheckoutInputSchema = z.strictObject({
  plan: creatorPlanIntervalSchema.default('monthly'),
});

/** The create-club form plus an optional key that makes a repeated submission return the same club. */
export const createClubRequestSchema = createClubInputSchema.extend({
  /** Chosen by the dialog once per opening; a second submission with it changes nothing. */
  requestId: idSchema.optional(),
});

/** A Stripe-hosted page to send the browser to (Checkout, onboarding, Billing Portal). */
export const redirectUrlSchema = z.object({ url: z.string() });

/** A connected account's onboarding state, as Stripe reports it (the Payments tab). */
export const connectStatusSchema = z.object({
  /** Null until onboarding has been started. */
  accountId: z.string().nullable(),
  detailsSubmitted: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
});
export type ConnectStatus = z.infer<typeof connectStatusSchema>;

export const paymentMethodSummarySchema = z.object({
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  date: isoDateTime,
  /** In major units (dollars, not cents). */
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  description: z.string(),
  hostedInvoiceUrl: z.string().nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const planSummarySchema = z.object({
  subscriptionId: z.string(),
  name: z.string(),
  /** Stripe's subscription status: trialing, active, past_due, unpaid, canceled, ... */
  status: z.string(),
  interval: z.string(),
  /** Per interval, in major units. */
  amount: z.number(),
  currency: z.string(),
  currentPeriodEnd: isoDateTime.nullable(),
  trialEnd: isoDateTime.nullable(),
  cancelAtPeriodEnd: z.boolean(),
});
export type PlanSummary = z.infer<typeof planSummarySchema>;

/** The billing page: Subscription, Payment Method and Payment History cards. */
export const clubBillingSchema = z.object({
  clubId: idSchema,
  clubName: z.string(),
  clubStatus: z.string(),
  plan: planSummarySchema.nullable(),
  paymentMethod: paymentMethodSummarySchema.nullable(),
  invoices: z.array(invoiceSummarySchema),
  /** Whether a Billing Portal session can be opened (a Stripe customer exists). */
  portalAvailable: z.boolean(),
});
export type ClubBilling = z.infer<typeof clubBillingSchema>;

/** What the membership-success page shows: the state the server knows. */
export const membershipCheckoutStateSchema = z.object({
  clubId: idSchema,
  clubName: z.string(),
  status: viewerMembershipStatusSchema,
});
export type MembershipCheckoutState = z.infer<typeof membershipCheckoutStateSchema>;
