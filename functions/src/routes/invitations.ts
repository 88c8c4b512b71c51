/**
 * Invitations: the owner's invite link and its regeneration, e-mailed invitations, and opening
 * and accepting an invitation. The access check has refused anyone the route's declaration does
 * not allow (the invite page's routes are the owner's) and hands over the club.
 */
import { invitationRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import { acceptInvitation, invitationPreview } from '../services/invitations/accept-invitation.ts';
import {
  createInvitationImport,
  invitationImportOf,
  sendInvitationImport,
} from '../services/invitations/invitation-imports.ts';
import { inviteLinkOf, regenerateInviteLink } from '../services/invitations/invite-link.ts';
import {
  pendingInvitations,
  revokeInvitations,
  sendInvitations,
} from '../services/invitations/send-invitations.ts';

export const handler = defineGroup('invitations', invitationRoutes, {
  getInviteLink: async ({ auth, club }) => inviteLinkOf(club.id, auth.userId),
  regenerateInviteLink: async ({ auth, club }) => regenerateInviteLink(club.id, auth.userId),
  sendInvitations: async ({ input, auth, club }) => sendInvitations(club, auth.userId, input.body),
  // A key acts as the club: its invitations are the owner's, counted in the owner's daily limit.
  sendInvitationsWithKey: async ({ input, club }) => sendInvitations(club, club.ownerId, input.body),
  listPendingInvitations: async ({ input, club }) => pendingInvitations(club, input.query),
  revokeInvitations: async ({ input, club }) => revokeInvitations(club, input.body.email),
  createInvitationImport: async ({ input, auth, club }) =>
    createInvitationImport(club, auth.userId, input.body),
  getInvitationImport: async ({ input, club }) => invitationImportOf(club, input.params.importId),
  sendInvitationImport: async ({ input, club }) =>
    sendInvitationImport(club, input.params.importId, input.body),
  getInvitation: async ({ input, auth }) =>
    invitationPreview(input.params.clubId, input.params.token, auth.userId),
  acceptInvitation: async ({ input, auth }) =>
    acceptInvitation(input.params.clubId, input.params.token, auth),
});
