/**
 * The members page: a club's members by cursor or by a search of
 * their name (and, for owners and moderators, their e-mail address). Members' e-mail addresses
 * are answered only to owners, moderators and super admins.
 */

import { memberExportPageSchema, memberExportQuerySchema } from '../../domain/member-export.ts';
import {
  leaveResultSchema,
  memberListQuerySchema,
  memberPageSchema,
  memberRemovedSchema,
  memberRoleInputSchema,
  membershipSchema,
  memberViewSchema,
  pendingCountSchema,
  removalLiftedSchema,
  removedListQuerySchema,
  removedPageSchema,
} from '../../domain/membership.ts';
import { DELETE, GET, inClub, POST, PUT, routesOf, SIGNED_IN, withApiKey } from '../route-builder.ts';

export const memberRoutes = routesOf('members', {
  listClubMembers: GET('/api/clubs/{clubId}/members', {
    access: inClub('member', 'read'),
    summary:
      "A page of the club's members in order (pending requests, only for owners and moderators, then the owner, moderators and members, each newest first), only the pending requests (`filter=pending`, owners and moderators), or those whose name (or, for owners and moderators, e-mail) starts with `q`: one query, whatever the club's size",
    query: memberListQuerySchema,
    response: memberPageSchema,
  }),
  listClubMembersWithKey: GET('/api/v1/clubs/{clubId}/members', {
    access: withApiKey('members:read'),
    summary:
      "The public API's page of the club's members by cursor, for a key with members:read: the same page the owner reads, e-mail addresses included; the key's check is one GetItem and one UpdateItem",
    query: memberListQuerySchema,
    response: memberPageSchema,
  }),
  getClubMemberWithKey: GET('/api/v1/clubs/{clubId}/members/{userId}', {
    access: withApiKey('members:read'),
    summary:
      "The public API's one member of the club (active or asking to join), as the owner reads them, e-mail address included; anyone else is not found",
    response: memberViewSchema,
  }),
  countPendingMembers: GET('/api/clubs/{clubId}/members/pending-count', {
    access: inClub('manager'),
    summary:
      'How many requests to join wait for an answer (owners and moderators), counted up to a bound: one query of their key range',
    response: pendingCountSchema,
  }),
  approveClubMember: POST('/api/clubs/{clubId}/members/{userId}/approval', {
    access: inClub('manager'),
    summary:
      "Approves a pending member of a free club (owners and moderators): the membership turns active and the member count moves once, with the directory's size entries in the same transaction; a paid club's pending member joins by paying instead (409)",
    response: membershipSchema,
  }),
  removeClubMember: DELETE('/api/clubs/{clubId}/members/{userId}', {
    access: inClub('manager'),
    summary:
      'Removes a member (owners and moderators; never the owner; a moderator not another moderator): effective on every route at once, and no invitation or join request lets them back in until the owner lifts it; in a paid club their subscription is cancelled at Stripe first',
    response: memberRemovedSchema,
  }),
  listRemovedMembers: GET('/api/clubs/{clubId}/removals', {
    access: inClub('owner'),
    summary:
      'The people removed from the club and kept out (the owner), by cursor: one query of the removal markers and one batch read of their profiles',
    query: removedListQuerySchema,
    response: removedPageSchema,
  }),
  exportMembers: GET('/api/clubs/{clubId}/member-export', {
    access: inClub('owner'),
    summary:
      "The club's members as CSV for the owner's Export CSV, a page of 500 by cursor (the first page starts with the header): name, e-mail, role, status, joined date, level, points, paid or free and the membership questions' answers; cells that a spreadsheet would run as a formula are escaped with a leading '; one query of the members index and a batch read each of points, subscriptions and unfilled cards per page",
    query: memberExportQuerySchema,
    response: memberExportPageSchema,
  }),
  liftMemberRemoval: DELETE('/api/clubs/{clubId}/removals/{userId}', {
    access: inClub('owner'),
    summary:
      'The owner lets a removed person back: their invitations, the shared link and join requests work for them again (a removal keeps them out until then)',
    response: removalLiftedSchema,
  }),
  changeClubMemberRole: PUT('/api/clubs/{clubId}/members/{userId}/role', {
    access: inClub('owner'),
    summary: 'The owner makes an active member a moderator, or a moderator a member again',
    body: memberRoleInputSchema,
    response: membershipSchema,
  }),
  leaveClub: DELETE('/api/clubs/{clubId}/membership', {
    access: SIGNED_IN,
    summary:
      'The caller leaves a club: at once, or for a paid membership at the end of the period already paid (its subscription set to end then; the date answered); the owner cannot leave',
    response: leaveResultSchema,
  }),
});
