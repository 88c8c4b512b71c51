/**
 * The payments function: the routes that call Stripe's API for checkouts, Connect onboarding and
 * billing (through functions/src/stripe/client.ts, not the `stripe` package).
 */
import { paymentRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import { billingPortal, clubBilling } from '../payments/billing.ts';
import { createClubCheckout, createMembershipCheckout } from '../payments/checkout.ts';
import { closeClub } from '../payments/close-club.ts';
import { connectStatus, startConnectOnboarding } from '../payments/connect.ts';
import { updateMembershipPricing } from '../payments/pricing.ts';
import { answersToKeep } from '../services/membership-questions.ts';
import { profileOfCaller } from '../services/profiles.ts';

export const handler = defineGroup('payments', paymentRoutes, {
  createClubCheckout: async ({ input, auth, club }) => createClubCheckout(auth, club, input.body.plan),
  createMembershipCheckout: async ({ input, auth }) =>
    createMembershipCheckout(
      auth,
      input.params.clubId,
      () => profileOfCaller(auth),
      // The club page sends the answers to the club's questions, checked like a free club's
      // request; an invitation's checkout sends none, since the owner invited that person and a
      // paid membership waits for no one's approval.
      (club) => (input.body ? answersToKeep(club, input.body) : undefined),
    ),
  createConnectOnboarding: async ({ input, auth }) => startConnectOnboarding(auth, input.params.clubId),
  getConnectStatus: async ({ auth }) => connectStatus(auth),
  getClubBilling: async ({ club }) => clubBilling(club),
  createBillingPortal: async ({ auth, club }) => billingPortal(auth, club),
  deleteClub: async ({ club }) => closeClub(club),
  updateMembershipPricing: async ({ input, club }) => updateMembershipPricing(club, input.body),
});
