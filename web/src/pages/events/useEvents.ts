/**
 * The Events page's data: one infinite query per tab (upcoming soonest first, past latest first)
 * by cursor, and the cache edits that follow a registration, so a card shows what the server
 * answered.
 */
import type { EventPage, EventView, EventWindow } from '@clubs/shared';
import { type InfiniteData, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { ApiError } from '../../api/errors.ts';
import { loadApi } from '../../api/load.ts';

export const eventsKey = (clubId: string) => ['listEvents', clubId] as const;

export function useEvents(clubId: string, window: EventWindow) {
  return useInfiniteQuery<EventPage, ApiError, InfiniteData<EventPage>, readonly unknown[], string | null>({
    queryKey: [...eventsKey(clubId), window],
    initialPageParam: null,
    queryFn: async ({ pageParam, signal }) =>
      (await loadApi())('listEvents', {
        params: { clubId },
        query: { window, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Puts the server's answer for one event in every cached list that holds it. */
export function updateCachedEvent(client: QueryClient, clubId: string, event: EventView) {
  client.setQueriesData<InfiniteData<EventPage>>({ queryKey: eventsKey(clubId) }, (lists) =>
    lists
      ? {
          ...lists,
          pages: lists.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === event.id ? event : item)),
          })),
        }
      : lists,
  );
}
