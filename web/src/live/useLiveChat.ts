/**
 * Follows the signed-in person's chat live while the header's chat button shows: a message in one
 * of their conversations, theirs from another tab or the other person's, makes the count and the
 * inbox read again and an open conversation read its newest page; the other person reading makes
 * the conversation show "Seen" at once, and a deleted message loses its text at once. A lost connection once back reads them all again.
 */
import type { LiveServerMessage } from '@clubs/shared';
import type { QueryClient } from '@tanstack/react-query';
import {
  CONVERSATIONS_KEY,
  markMessageDeleted,
  markSeen,
  readNewest,
  refreshInbox,
} from '../features/chat/api.ts';
import { type LiveHandlers, useLiveFollow } from './useLiveClub.ts';

export function applyChatMessage(client: QueryClient, message: LiveServerMessage, userId: string): void {
  if (message.type === 'chat.message') {
    refreshInbox(client);
    void readNewest(client, message.conversationId);
  } else if (message.type === 'chat.read') {
    refreshInbox(client);
    if (message.readerId !== userId) markSeen(client, message.conversationId, message.messageId);
  } else if (message.type === 'chat.deleted') {
    refreshInbox(client);
    markMessageDeleted(client, message.conversationId, message.messageId);
  }
}

/** Everything of chat cached is read again (the connection was lost a while). */
function catchUp(client: QueryClient) {
  refreshInbox(client);
  void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
}

const CHAT_HANDLERS: LiveHandlers = { apply: applyChatMessage, resume: (client) => catchUp(client) };

/** Follows the person's chat while mounted (`userId` changes: another person, another socket). */
export const useLiveChat = (userId: string | undefined): void => useLiveFollow(null, userId, CHAT_HANDLERS);
