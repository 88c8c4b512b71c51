/**
 * Creator analytics: the Analytics page's figures and the CSV of its series. Served by the
 * club-admin group (the owner's own reads). The owner reads everything; moderators read
 * engagement without money (the answer leaves those fields out); a super admin may read.
 */
import * as z from 'zod';
import { analyticsQuerySchema, analyticsSchema } from '../../domain/analytics.ts';
import { GET, inClub, routesOf } from '../route-builder.ts';

export const analyticsRoutes = routesOf('club-admin', {
  getClubAnalytics: GET('/api/clubs/{clubId}/analytics', {
    access: inClub('manager', 'read'),
    summary:
      "The club's analytics for a period (7, 30 or 90 days, 12 months) with the period before it: one query of the club's roll-up items (the days or months, the running figures, the courses) and one batch of the top posts; revenue, MRR, churn and trials only for the owner",
    query: analyticsQuerySchema,
    response: analyticsSchema,
  }),
  exportClubAnalytics: GET('/api/clubs/{clubId}/analytics/export', {
    access: inClub('manager', 'read'),
    summary:
      "The period's series as a CSV file (text/csv, an attachment), one row per day or month, with the columns the caller may read",
    query: analyticsQuerySchema,
    response: z.string(),
  }),
});
