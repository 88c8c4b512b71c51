/**
 * The super-admin portal's reads: the clubs table a page at a time (the previous page stays on
 * screen while the next loads), the audit log's latest entries, the platform figures of a period
 * and the reported chats of one status.
 */
import type { AdminStatusFilter, AnalyticsPeriod, ChatReportStatus } from '@clubs/shared';
import { keepPreviousData } from '@tanstack/react-query';
import { useApiPages, useApiQuery } from '../../api/hooks.ts';

export const useAdminClubs = (query: { q?: string; status: AdminStatusFilter; cursor?: string }) =>
  useApiQuery('listAdminClubs', { query }, { placeholderData: keepPreviousData });

export const useAuditLog = () => useApiQuery('listAuditLog', { query: { limit: 20 } });

export const usePlatformFigures = (period: AnalyticsPeriod) =>
  useApiQuery('getPlatformFigures', { query: { period } }, { placeholderData: keepPreviousData });

/** The reported chats of one status, newest first, a page at a time ("Show more reports"). */
export const useChatReports = (status: ChatReportStatus) =>
  useApiPages('listChatReports', { query: { status, limit: 20 } }, { keepPrevious: true });
