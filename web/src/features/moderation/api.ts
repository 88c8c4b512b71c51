/**
 * The Reports queue's reads and keys: the open reports by cursor, their count (Admin Controls'
 * badge), the owner's moderation options and the club's audit trail of decisions.
 */
import { useApiPages, useApiQuery } from '../../api/hooks.ts';
import { routeKey } from '../../api/queryKeys.ts';

export const reportsKey = (clubId: string) => routeKey('listReports', { params: { clubId } });
export const reportCountKey = (clubId: string) => routeKey('countReports', { params: { clubId } });
export const auditKey = (clubId: string) => routeKey('listClubAudit', { params: { clubId } });
export const moderationSettingsKey = (clubId: string) =>
  routeKey('getModerationSettings', { params: { clubId } });

export const useReports = (clubId: string) => useApiPages('listReports', { params: { clubId } });
export const useModerationSettings = (clubId: string) =>
  useApiQuery('getModerationSettings', { params: { clubId } });
export const useClubAudit = (clubId: string) => useApiQuery('listClubAudit', { params: { clubId } });
