/**
 * Invitations (part 2 sections 2, 3, 5 and 9): the owner's invite link and its regeneration,
 * invitations e-mailed through SES, and accepting an invitation. The invite page is the owner's
 * alone (INVITE_MEMBERS); opening and accepting need only a signed-in person with the link.
 */
import { clubPathSchema } from '../../domain/club.ts';
import {
  acceptInvitationResultSchema,
  invitationPathSchema,
  invitationPreviewSchema,
  inviteLinkSchema,
  sendInvitationsInputSchema,
  sendInvitationsResultSchema,
} from '../../domain/invitation.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const invitationRoutes = {
  getInviteLink: {
    method: 'GET',
    path: '/api/clubs/{clubId}/invite-link',
    group: 'invitations',
    uses: ['table:read', 'table:write'],
    access: { kind: 'club', who: 'INVITE_MEMBERS', superAdmin: 'none' },
    summary: "The club's invite link token (made on the first read, then kept until regenerated)",
    params: clubPathSchema,
    response: inviteLinkSchema,
  },
  regenerateInviteLink: {
    method: 'POST',
    path: '/api/clubs/{clubId}/invite-link',
    group: 'invitations',
    uses: ['table:read', 'table:write'],
    access: { kind: 'club', who: 'INVITE_MEMBERS', superAdmin: 'none' },
    summary: 'A new invite link token for the club: the old link stops working at once',
    params: clubPathSchema,
    response: inviteLinkSchema,
    status: 201,
  },
  sendInvitations: {
    method: 'POST',
    path: '/api/clubs/{clubId}/invitations',
    group: 'invitations',
    uses: ['table:read', 'table:write', 'email:send'],
    access: { kind: 'club', who: 'INVITE_MEMBERS', superAdmin: 'none' },
    summary:
      "E-mails an invitation with its own single-use token to each valid row; malformed rows, addresses invited in the last day and SES failures are answered per row; the club's daily limit is counted in the same transaction as the invitations",
    params: clubPathSchema,
    body: sendInvitationsInputSchema,
    response: sendInvitationsResultSchema,
  },
  getInvitation: {
    method: 'GET',
    path: '/api/invitations/{clubId}/{token}',
    group: 'invitations',
    uses: ['table:read'],
    access: { kind: 'signed_in' },
    summary:
      "An invitation as its opener sees it: the club, whether the token can still be used, and the caller's standing; an unknown club or one that is not active is not found",
    params: invitationPathSchema,
    response: invitationPreviewSchema,
  },
  acceptInvitation: {
    method: 'POST',
    path: '/api/invitations/{clubId}/{token}/acceptance',
    group: 'invitations',
    uses: ['table:read', 'table:write'],
    access: { kind: 'signed_in' },
    summary:
      'Accepts an invitation: in a free club the caller becomes an active member at once (a pending request is approved), counted once whatever the number of tries; in a paid club the invitation is held for the caller, who joins through the membership checkout',
    params: invitationPathSchema,
    response: acceptInvitationResultSchema,
  },
} as const satisfies Record<string, RouteDefinition>;
