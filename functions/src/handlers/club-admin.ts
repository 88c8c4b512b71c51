/** Club creation and the owner's setup reads; no Stripe here (see handlers/payments.ts). */
import { clubAdminRoutes } from '@clubs/shared';
import { reply } from '../http/reply.ts';
import { defineGroup } from '../http/route-handler.ts';
import { createClub, latestActiveOwnedClub, membershipCheckoutState } from '../payments/club-setup.ts';
import { createClubImageUpload, editClub } from '../services/club-editing.ts';

export const handler = defineGroup('club-admin', clubAdminRoutes, {
  createClub: async ({ input, auth }) => {
    const { club, created } = await createClub(auth, input.body);
    return created ? club : reply(200, club);
  },
  // Any status: the access declaration (owner only) answers 404 to everyone else.
  getOwnedClub: async ({ club }) => club,
  latestActiveOwnedClub: async ({ auth }) => latestActiveOwnedClub(auth),
  editClub: async ({ input, club }) => editClub(club, input.body),
  createClubImageUpload: async ({ input, club }) => createClubImageUpload(club, input.body),
  getMembershipCheckout: async ({ input, auth }) => membershipCheckoutState(auth, input.params.clubId),
});
