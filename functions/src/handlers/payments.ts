/**
 * The payments function: every route that calls Stripe's API (checkouts, Connect onboarding,
 * billing). The only HTTP function that bundles the `stripe` package.
 */
import { defineGroup } from '../http/route-handler.ts';
import { billingPortal, clubBilling } from '../payments/billing.ts';
import { createClubCheckout, createMembershipCheckout } from '../payments/checkout.ts';
import { closeClub } from '../payments/close-club.ts';
import { connectStatus, startConnectOnboarding } from '../payments/connect.ts';

export const handler = defineGroup('payments', {
  createClubCheckout: async ({ input, auth }) =>
    createClubCheckout(auth, input.params.clubId, input.body.plan),
  createMembershipCheckout: async ({ input, auth }) => createMembershipCheckout(auth, input.params.clubId),
  createConnectOnboarding: async ({ input, auth }) => startConnectOnboarding(auth, input.params.clubId),
  getConnectStatus: async ({ input, auth }) => connectStatus(auth, input.params.clubId),
  getClubBilling: async ({ input, auth }) => clubBilling(auth, input.params.clubId),
  createBillingPortal: async ({ input, auth }) => billingPortal(auth, input.params.clubId),
  deleteClub: async ({ input, auth }) => closeClub(auth, input.params.clubId),
});
