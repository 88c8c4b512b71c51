/**
 * The Analytics page's reads: the club's figures of a period (asked only for those who may see
 * them) and its top contributors, the leaderboard's first five of the matching window.
 */
import type { AnalyticsPeriod, LeaderboardPeriod } from '@clubs/shared';
import { useApiQuery } from '../../api/hooks.ts';

export const useClubAnalytics = (clubId: string, period: AnalyticsPeriod, enabled: boolean) =>
  useApiQuery('getClubAnalytics', { params: { clubId }, query: { period } }, { enabled });

export const useTopContributors = (clubId: string, period: LeaderboardPeriod) =>
  useApiQuery('getLeaderboard', { params: { clubId }, query: { period, limit: 5 } });
