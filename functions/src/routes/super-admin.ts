/** The super-admin portal: all clubs, suspension, the audit log, the platform figures (every route `super_admin`). */
import { superAdminRoutes } from '@clubs/shared';
import { defineGroup } from '../http/route-handler.ts';
import { chatReports, decideChatReport } from '../services/chat-reports.ts';
import { adminClubs, auditLog, platformFigures, reactivate, suspend } from '../services/super-admin.ts';

export const handler = defineGroup('super-admin', superAdminRoutes, {
  listAdminClubs: async ({ input }) => adminClubs(input.query),
  suspendClub: async ({ input, auth }) => suspend(auth, input.params.clubId),
  reactivateClub: async ({ input, auth }) => reactivate(auth, input.params.clubId),
  listAuditLog: async ({ input }) => auditLog(input.query),
  getPlatformFigures: async ({ input }) => platformFigures(input.query.period),
  listChatReports: async ({ input }) => chatReports(input.query),
  decideChatReport: async ({ input, auth }) =>
    decideChatReport(auth.userId, input.params.reportId, input.body.outcome),
});
