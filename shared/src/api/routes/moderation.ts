/**
 * The moderators' queue (Admin Controls → Reports): reported and held items with their reasons,
 * the decisions on them, the club's audit trail and its moderation options. The routes run in
 * the members function, which already removes members (a ban is a removal that keeps them out)
 * and may cancel their subscription at Stripe.
 */
import { auditEntrySchema } from '../../domain/admin.ts';
import { pageOf, pageQuerySchema } from '../../domain/common.ts';
import { pendingCountSchema } from '../../domain/membership.ts';
import {
  moderationDecisionInputSchema,
  moderationDecisionSchema,
  moderationSettingsSchema,
  reportCasePageSchema,
} from '../../domain/moderation.ts';
import { GET, inClub, POST, PUT, routesOf } from '../route-builder.ts';

export const moderationRoutes = routesOf('members', {
  listReports: GET('/api/clubs/{clubId}/reports', {
    access: inClub('manager', 'read'),
    summary:
      'The open items of the moderators’ queue (reported or held for approval), newest first, by cursor: one query of the club’s open cases',
    query: pageQuerySchema,
    response: reportCasePageSchema,
  }),
  countReports: GET('/api/clubs/{clubId}/reports/count', {
    access: inClub('manager'),
    summary: 'How many items wait in the moderators’ queue, counted up to a bound: one query',
    response: pendingCountSchema,
  }),
  decideReport: POST('/api/clubs/{clubId}/reports/{itemId}/decision', {
    access: inClub('manager'),
    summary:
      'Decides an open item: keep (dismiss; a held post is published), hide (its author still sees it, marked), delete, or ban its author (never the owner; a moderator not another moderator); written to the club’s audit trail with who and when',
    body: moderationDecisionInputSchema,
    response: moderationDecisionSchema,
  }),
  listClubAudit: GET('/api/clubs/{clubId}/audit-log', {
    access: inClub('manager', 'read'),
    summary: "The club's audit trail of moderation decisions and bans, newest first, by cursor: one query",
    query: pageQuerySchema,
    response: pageOf(auditEntrySchema),
  }),
  getModerationSettings: GET('/api/clubs/{clubId}/moderation-settings', {
    access: inClub('manager', 'read'),
    summary:
      "The club's moderation options: reports that hide an item, and whether new members' first posts are held",
    response: moderationSettingsSchema,
  }),
  saveModerationSettings: PUT('/api/clubs/{clubId}/moderation-settings', {
    access: inClub('owner'),
    summary:
      "The owner sets the club's moderation options (reports that hide an item 1–100; hold first posts)",
    body: moderationSettingsSchema,
    response: moderationSettingsSchema,
  }),
});
