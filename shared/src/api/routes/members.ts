/**
 * The members page (part 2 sections 2, 6 and 7): a club's members by cursor or by a search of
 * their name (and, for owners and moderators, their e-mail address). Members' e-mail addresses
 * are answered only to owners, moderators and super admins.
 */
import { clubPathSchema } from '../../domain/club.ts';
import { memberListQuerySchema, memberPageSchema } from '../../domain/membership.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const memberRoutes = {
  listClubMembers: {
    method: 'GET',
    path: '/api/clubs/{clubId}/members',
    group: 'members',
    uses: ['table:read', 'table:write'],
    access: { kind: 'club', who: 'member', superAdmin: 'read' },
    summary:
      "A page of the club's members (pending requests only for owners and moderators), or those whose name (or, for owners and moderators, e-mail) starts with `q`: one query, whatever the club's size",
    params: clubPathSchema,
    query: memberListQuerySchema,
    response: memberPageSchema,
  },
} as const satisfies Record<string, RouteDefinition>;
