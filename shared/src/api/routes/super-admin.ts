/**
 * The super-admin portal (part 2 section 2, /super-admin): every club with its owner, searched
 * and filtered through the admin index, suspension and reactivation, and the audit log. Each route
 * is `super_admin`: API Gateway's authorizer verifies the Cognito token, and the handler's access
 * step checks the token's cognito:groups for the super_admin group again.
 */
import {
  adminClubQuerySchema,
  adminClubRowSchema,
  auditEntrySchema,
  clubSuspensionSchema,
  platformFiguresSchema,
} from '../../domain/admin.ts';
import { clubPathSchema } from '../../domain/club.ts';
import { pageOf, pageQuerySchema } from '../../domain/common.ts';
import type { RouteDefinition } from '../route-definition.ts';

export const superAdminRoutes = {
  listAdminClubs: {
    method: 'GET',
    path: '/api/admin/clubs',
    group: 'super-admin',
    uses: ['table:read'],
    access: { kind: 'super_admin' },
    summary:
      "The 'All Clubs' table: every club with its owner's name and e-mail, by search words (club name, owner name, e-mail prefix) and status, newest first, 10 a page by cursor; one query and one batch of key lookups",
    query: adminClubQuerySchema,
    response: pageOf(adminClubRowSchema),
  },
  suspendClub: {
    method: 'POST',
    path: '/api/admin/clubs/{clubId}/suspension',
    group: 'super-admin',
    uses: ['table:read', 'table:write', 'events:put'],
    access: { kind: 'super_admin' },
    summary:
      'Suspends a club: inactive (out of the directory and search, closed to members, joins and checkouts), with its audit entry in the same transaction',
    params: clubPathSchema,
    body: clubSuspensionSchema,
    response: adminClubRowSchema,
  },
  reactivateClub: {
    method: 'DELETE',
    path: '/api/admin/clubs/{clubId}/suspension',
    group: 'super-admin',
    uses: ['table:read', 'table:write', 'events:put'],
    access: { kind: 'super_admin' },
    summary: 'Reactivates a suspended club (the status it had), with its audit entry in the same transaction',
    params: clubPathSchema,
    response: adminClubRowSchema,
  },
  listAuditLog: {
    method: 'GET',
    path: '/api/admin/audit-log',
    group: 'super-admin',
    uses: ['table:read'],
    access: { kind: 'super_admin' },
    summary: 'Every super-admin action (who, what, when, before and after), newest first, by cursor',
    query: pageQuerySchema,
    response: pageOf(auditEntrySchema),
  },
  getPlatformFigures: {
    method: 'GET',
    path: '/api/admin/figures',
    group: 'super-admin',
    uses: ['table:read'],
    access: { kind: 'super_admin' },
    summary:
      'The platform figures: clubs by status, active memberships, active paid subscriptions and their monthly recurring revenue per currency; counters kept by the writes that change them, read with one batch of key lookups',
    response: platformFiguresSchema,
  },
} as const satisfies Record<string, RouteDefinition>;
