/**
 * The Events page's data: one infinite query per tab (upcoming soonest first, past latest first)
 * by cursor, and the cache edits that follow a registration, so a card shows what the server
 * answered.
 */
import type { EventPage, EventView, EventWindow } from '@clubs/shared';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { useApiPages } from '../../api/hooks.ts';
import { routeKey } from '../../api/queryKeys.ts';
import { clubSidebarKey } from '../feed/api.ts';

/** Every cached list of the club's events (both tabs): a prefix of their keys. */
export const eventsKey = (clubId: string) => routeKey('listEvents', { params: { clubId } });

/** After an event is created, edited or deleted: the lists and the club home's upcoming events read again. */
export const refreshEvents = (client: QueryClient, clubId: string) =>
  Promise.all([
    client.invalidateQueries({ queryKey: eventsKey(clubId) }),
    client.invalidateQueries({ queryKey: clubSidebarKey(clubId) }),
  ]);

export const useEvents = (clubId: string, window: EventWindow) =>
  useApiPages('listEvents', { params: { clubId }, query: { window } });

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
