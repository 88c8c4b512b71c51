/**
 * The leaderboard's data: the rankings of a tab by cursor (an infinite query) and the caller's
 * own row with their rank, asked together.
 */
import type { LeaderboardPeriod } from '@clubs/shared';
import { useApiPages, useApiQuery } from '../../api/hooks.ts';

export const useRankings = (clubId: string, period: LeaderboardPeriod) =>
  useApiPages('getLeaderboard', { params: { clubId }, query: { period } });

export const useStanding = (clubId: string, period: LeaderboardPeriod) =>
  useApiQuery('getLeaderboardStanding', { params: { clubId }, query: { period } });
