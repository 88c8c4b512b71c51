/**
 * The leaderboard's data: the rankings of a tab by cursor (an infinite query) and the caller's
 * own row with their rank, asked together.
 */
import type { Leaderboard, LeaderboardPeriod } from '@clubs/shared';
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiError } from '../../../api/errors.ts';
import { useApiQuery } from '../../../api/hooks.ts';
import { loadApi } from '../../../api/load.ts';

export function useRankings(clubId: string, period: LeaderboardPeriod) {
  return useInfiniteQuery<
    Leaderboard,
    ApiError,
    InfiniteData<Leaderboard>,
    readonly unknown[],
    string | null
  >({
    queryKey: ['getLeaderboard', clubId, period],
    initialPageParam: null,
    queryFn: async ({ pageParam, signal }) =>
      (await loadApi())('getLeaderboard', {
        params: { clubId },
        query: { period, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export const useStanding = (clubId: string, period: LeaderboardPeriod) =>
  useApiQuery('getLeaderboardStanding', { params: { clubId }, query: { period } });
