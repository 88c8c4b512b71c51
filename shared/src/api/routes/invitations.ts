/**
 * Invitations: the owner's invite link and its regeneration,
 * invitations e-mailed through SES, and accepting an invitation. The invite page is the owner's
 * alone (INVITE_MEMBERS); opening and accepting need only a signed-in person with the link.
 */
import {
  acceptInvitationResultSchema,
  invitationPreviewSchema,
  invitationsRevokedSchema,
  inviteLinkSchema,
  pendingInvitationPageSchema,
  pendingInvitationsQuerySchema,
  revokeInvitationsInputSchema,
  sendInvitationsInputSchema,
  sendInvitationsResultSchema,
} from '../../domain/invitation.ts';
import {
  createInvitationImportInputSchema,
  invitationImportSchema,
  sendInvitationImportInputSchema,
} from '../../domain/invitation-import.ts';
import { GET, inClub, POST, routesOf, SIGNED_IN, withApiKey } from '../route-builder.ts';

export const invitationRoutes = routesOf('invitations', {
  getInviteLink: GET('/api/clubs/{clubId}/invite-link', {
    access: inClub('INVITE_MEMBERS'),
    summary: "The club's invite link token (made on the first read, then kept until regenerated)",
    response: inviteLinkSchema,
  }),
  regenerateInviteLink: POST('/api/clubs/{clubId}/invite-link', {
    access: inClub('INVITE_MEMBERS'),
    summary: 'A new invite link token for the club: the old link stops working at once',
    response: inviteLinkSchema,
    status: 201,
  }),
  sendInvitations: POST('/api/clubs/{clubId}/invitations', {
    access: inClub('INVITE_MEMBERS'),
    summary:
      "E-mails an invitation with its own single-use token to each valid row, from an active club that is not suspended only (409 otherwise); malformed rows, addresses invited in the last day and SES failures are answered per row; the club's and the sender's daily limits are counted in the same transaction as the invitations; a message carrying a link is refused",
    body: sendInvitationsInputSchema,
    response: sendInvitationsResultSchema,
  }),
  sendInvitationsWithKey: POST('/api/v1/clubs/{clubId}/invitations', {
    access: withApiKey('invitations:manage'),
    summary:
      "The public API's e-mailed invitations, for a key with invitations:manage: the owner's invitation path with its daily limits (the club's and the owner's, counted together), from the owner's name, answered per row",
    body: sendInvitationsInputSchema,
    response: sendInvitationsResultSchema,
  }),
  listPendingInvitations: GET('/api/clubs/{clubId}/invitations', {
    access: inClub('INVITE_MEMBERS'),
    summary:
      "The club's e-mailed invitations still waiting (not accepted, not expired), by cursor: one query of the club's invitations; their tokens are never shown",
    query: pendingInvitationsQuerySchema,
    response: pendingInvitationPageSchema,
  }),
  revokeInvitations: POST('/api/clubs/{clubId}/invitation-revocations', {
    access: inClub('INVITE_MEMBERS'),
    summary:
      'Revokes every invitation the club e-mailed to an address that may still work: their tokens let nobody in any more, and the address may be invited again; the number revoked (0 when none was sent)',
    body: revokeInvitationsInputSchema,
    response: invitationsRevokedSchema,
  }),
  createInvitationImport: POST('/api/clubs/{clubId}/invitation-imports', {
    access: inClub('INVITE_MEMBERS'),
    summary:
      "Imports a CSV file of e-mail addresses with optional names (quoted fields, a byte-order mark, ',' or ';' separators; at most 1,000 rows): the import is stored and its rows checked off the request path (malformed, listed twice, members, removed or banned people, invited in the last day); the import as stored, 'checking'; a club starts at most 20 imports a day",
    body: createInvitationImportInputSchema,
    response: invitationImportSchema,
    status: 202,
  }),
  getInvitationImport: GET('/api/clubs/{clubId}/invitation-imports/{importId}', {
    access: inClub('INVITE_MEMBERS'),
    summary:
      "One of the club's invitation imports: its state, its counts and every row with its check and, once sent, its outcome (one query of the import's items)",
    response: invitationImportSchema,
  }),
  sendInvitationImport: POST('/api/clubs/{clubId}/invitation-imports/{importId}/sending', {
    access: inClub('INVITE_MEMBERS'),
    summary:
      "Sends a checked import's 'ok' rows with the message, off the request path, through the invitation path and its limits (an active club only; the club's and the sender's daily allowances, rows beyond them waiting for the next UTC day's); 409 unless the import is ready",
    body: sendInvitationImportInputSchema,
    response: invitationImportSchema,
    status: 202,
  }),
  getInvitation: GET('/api/invitations/{clubId}/{token}', {
    access: SIGNED_IN,
    summary:
      "An invitation as its opener sees it: the club, whether the token can still be used, and the caller's standing; an unknown club or one that is not active is not found",
    response: invitationPreviewSchema,
  }),
  acceptInvitation: POST('/api/invitations/{clubId}/{token}/acceptance', {
    access: SIGNED_IN,
    summary:
      'Accepts an invitation: in a free club the caller becomes an active member at once (a pending request is approved), counted once whatever the number of tries; in a paid club the invitation is held for the caller, who joins through the membership checkout',
    response: acceptInvitationResultSchema,
  }),
});
