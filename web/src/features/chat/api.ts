/**
 * Chat's cache: the header's count of unread conversations, the inbox by cursor (all or only the
 * unread), and a conversation's messages by cursor, newest first as the API pages them; and the
 * cache edits that follow a send, a deletion and what the live socket says, so a conversation
 * shows a new message without reading every page it has loaded again.
 */
import { type ChatMessage, type ConversationMessages, STARTABLE_LIMITS } from '@clubs/shared';
import { type InfiniteData, type QueryClient, useQueries } from '@tanstack/react-query';
import { useApiPages, useApiQuery } from '../../api/hooks.ts';
import { api } from '../../api/index.ts';
import { routeKey, routePagesKey } from '../../api/queryKeys.ts';

export type InboxFilter = 'all' | 'unread';

const INBOX_PAGE = 20;
/** Messages a page of a conversation holds. */
export const CONVERSATION_PAGE = 30;

/** The header's count of conversations with a message the person has not read. */
export const CHAT_UNREAD_KEY = routeKey('getChatUnreadCount');
/** Every cached page of the inbox, whichever filter. */
export const INBOX_KEY = routeKey('listConversations');
/** Every cached conversation's messages. */
export const CONVERSATIONS_KEY = routeKey('listConversationMessages');
/** A conversation's messages, the pages read so far (page 0 the newest). */
export const conversationKey = (conversationId: string) =>
  routePagesKey('listConversationMessages', {
    params: { conversationId },
    query: { limit: CONVERSATION_PAGE },
  });

/** The count is read again when the live socket says a message came or was read, and on focus. */
export const useChatUnreadCount = (enabled: boolean) =>
  useApiQuery('getChatUnreadCount', undefined, { enabled, refetchOnWindowFocus: true });

/** Whom the person may start a conversation with (a block, a setting or a club's switch changes it). */
export const STARTABLE_KEY = routeKey('listStartableConversations');

/**
 * Of the people a page shows, those the viewer may message, each with the club the conversation
 * would start through (the first of `clubIds` that allows it), asked by the rule the start
 * itself applies: one request per 50 people, however many rows or posts show them.
 */
export function useStartable(
  clubIds: readonly string[],
  userIds: readonly string[],
  viewerId: string | undefined,
): ReadonlyMap<string, string> {
  const people = [...new Set(userIds)].filter((id) => id !== viewerId).sort();
  const groups: string[][] = [];
  for (let i = 0; i < people.length; i += STARTABLE_LIMITS.userIds) {
    groups.push(people.slice(i, i + STARTABLE_LIMITS.userIds));
  }
  const clubs = clubIds.slice(0, STARTABLE_LIMITS.clubIds).join(',');
  const answers = useQueries({
    queries: groups.map((group) => {
      const query = { userIds: group.join(','), clubIds: clubs };
      return {
        queryKey: routeKey('listStartableConversations', { query, viewer: viewerId ?? null }),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api('listStartableConversations', { query, signal }),
        enabled: Boolean(viewerId) && clubs !== '',
      };
    }),
  });
  const startable = new Map<string, string>();
  for (const answer of answers) {
    for (const item of answer.data?.items ?? []) startable.set(item.userId, item.clubId);
  }
  return startable;
}

export const useInbox = (filter: InboxFilter) =>
  useApiPages('listConversations', { query: { limit: INBOX_PAGE, filter } });

export const useConversation = (conversationId: string) =>
  useApiPages('listConversationMessages', {
    params: { conversationId },
    query: { limit: CONVERSATION_PAGE },
  });

type Conversation = InfiniteData<ConversationMessages, string | null>;

/**
 * The cached conversation with `fresh` (its newest page, or one message as sent) put in front of
 * what it held: messages it did not hold join the newest page, those it held take the fresh copy,
 * and the conversation's details (what the other person has seen) are the fresh page's.
 */
export function withNewest(
  cached: Conversation,
  fresh: { items: readonly ChatMessage[]; conversation?: ConversationMessages['conversation'] },
): Conversation {
  const [first, ...rest] = cached.pages;
  if (!first) return cached;
  const freshById = new Map(fresh.items.map((message) => [message.id, message]));
  const held = new Set(cached.pages.flatMap((page) => page.items.map((message) => message.id)));
  const added = fresh.items.filter((message) => !held.has(message.id));
  const update = (items: readonly ChatMessage[]) => items.map((m) => freshById.get(m.id) ?? m);
  const newestFirst = [...added, ...update(first.items)].sort((a, b) => (a.id < b.id ? 1 : -1));
  return {
    ...cached,
    pages: [
      { ...first, items: newestFirst, conversation: fresh.conversation ?? first.conversation },
      ...rest.map((page) => ({ ...page, items: update(page.items) })),
    ],
  };
}

/** Puts a message the person just sent into the cached conversation. */
export function addSentMessage(client: QueryClient, conversationId: string, message: ChatMessage): void {
  client.setQueryData<Conversation>(conversationKey(conversationId), (cached) =>
    cached ? withNewest(cached, { items: [message] }) : cached,
  );
}

/** Shows a deleted message as deleted in the cached conversation. */
export function markMessageDeleted(client: QueryClient, conversationId: string, messageId: string): void {
  client.setQueryData<Conversation>(conversationKey(conversationId), (cached) =>
    cached
      ? {
          ...cached,
          pages: cached.pages.map((page) => ({
            ...page,
            items: page.items.map((m) => (m.id === messageId ? { ...m, text: '', deleted: true } : m)),
          })),
        }
      : cached,
  );
}

/** Records that the other person has read the conversation up to `messageId` ("Seen"). */
export function markSeen(client: QueryClient, conversationId: string, messageId: string): void {
  client.setQueryData<Conversation>(conversationKey(conversationId), (cached) => {
    const first = cached?.pages[0];
    if (!cached || !first) return cached;
    const seen = first.conversation.seenUpTo;
    if (seen !== null && seen >= messageId) return cached;
    return {
      ...cached,
      pages: [
        { ...first, conversation: { ...first.conversation, seenUpTo: messageId } },
        ...cached.pages.slice(1),
      ],
    };
  });
}

/**
 * A conversation on screen reads its newest page alone and puts it in front of what it holds
 * (one request, however many older pages are loaded); one not cached is read when it opens.
 */
export async function readNewest(client: QueryClient, conversationId: string): Promise<void> {
  if (!client.getQueryData(conversationKey(conversationId))) return;
  const fresh = await api('listConversationMessages', {
    params: { conversationId },
    query: { limit: CONVERSATION_PAGE },
  }).catch(() => null);
  if (!fresh) return;
  client.setQueryData<Conversation>(conversationKey(conversationId), (cached) =>
    cached ? withNewest(cached, fresh) : cached,
  );
}

/** The count and the inbox are read again (a message came, or a conversation was read). */
export function refreshInbox(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: CHAT_UNREAD_KEY });
  void client.invalidateQueries({ queryKey: INBOX_KEY });
}
