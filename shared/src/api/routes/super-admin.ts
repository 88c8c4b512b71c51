/**
 * The super-admin portal (/super-admin): every club with its owner, searched
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
import { analyticsQuerySchema } from '../../domain/analytics.ts';
import {
  chatReportDecisionInputSchema,
  chatReportPageSchema,
  chatReportQuerySchema,
  chatReportSchema,
} from '../../domain/chat-controls.ts';
import { pageOf, pageQuerySchema } from '../../domain/common.ts';
import { DELETE, GET, POST, routesOf, SUPER_ADMIN } from '../route-builder.ts';

export const superAdminRoutes = routesOf('super-admin', {
  listAdminClubs: GET('/api/admin/clubs', {
    access: SUPER_ADMIN,
    summary:
      "The 'All Clubs' table: every club with its owner's name and e-mail, by search words (club name, owner name, e-mail prefix) and status, newest first, 10 a page by cursor; one query and one batch of key lookups",
    query: adminClubQuerySchema,
    response: pageOf(adminClubRowSchema),
  }),
  suspendClub: POST('/api/admin/clubs/{clubId}/suspension', {
    access: SUPER_ADMIN,
    summary:
      'Suspends a club: inactive (out of the directory and search, closed to members, joins and checkouts), with its audit entry in the same transaction',
    body: clubSuspensionSchema,
    response: adminClubRowSchema,
  }),
  reactivateClub: DELETE('/api/admin/clubs/{clubId}/suspension', {
    access: SUPER_ADMIN,
    summary: 'Reactivates a suspended club (the status it had), with its audit entry in the same transaction',
    response: adminClubRowSchema,
  }),
  listAuditLog: GET('/api/admin/audit-log', {
    access: SUPER_ADMIN,
    summary: 'Every super-admin action (who, what, when, before and after), newest first, by cursor',
    query: pageQuerySchema,
    response: pageOf(auditEntrySchema),
  }),
  getPlatformFigures: GET('/api/admin/figures', {
    access: SUPER_ADMIN,
    summary:
      'The platform figures: clubs by status, active memberships, active paid subscriptions and their monthly recurring revenue per currency, and over a period (7, 30 or 90 days, 12 months) clubs, members, creator plans and platform fees; counters kept by the writes that change them, read with one query of their partition',
    query: analyticsQuerySchema,
    response: platformFiguresSchema,
  }),
  listChatReports: GET('/api/admin/chat-reports', {
    access: SUPER_ADMIN,
    summary:
      "The 'Reported chats' list: conversations members reported, of one status (open by default), newest first, each with its reason and the copy of its newest messages taken then; one query",
    query: chatReportQuerySchema,
    response: chatReportPageSchema,
  }),
  decideChatReport: POST('/api/admin/chat-reports/{reportId}/decision', {
    access: SUPER_ADMIN,
    summary: 'Closes an open chat report as resolved (acted on) or dismissed; a closed one is refused (409)',
    body: chatReportDecisionInputSchema,
    response: chatReportSchema,
  }),
});
