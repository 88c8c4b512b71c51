/**
 * Marks an open conversation read up to its newest message when that one is the other person's,
 * once each. A mark that fails (the server or the connection, under load) is asked again after
 * 1, 2 and 4 s, and whatever its end the header's count and the inbox are read again: a failed
 * mark puts no "read" on the live socket, so without this the count kept its old number until the
 * next message. A mark the server answers "still unread" (a newer message came) reads the newest
 * page, whose newest message is marked in turn.
 */
import type { ChatMessage } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../../../api/index.ts';
import { readNewest, refreshInbox } from '../api.ts';

/** The waits before asking again after each failed mark; after the last the next message tries. */
export const MARK_READ_RETRY_MS = [1000, 2000, 4000] as const;

export function useMarkRead(
  conversationId: string,
  newest: ChatMessage | undefined,
  viewerId: string | undefined,
): void {
  const client = useQueryClient();
  const marked = useRef<string | null>(null);
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);
  useEffect(() => {
    if (!newest || newest.senderId === viewerId || marked.current === newest.id) return;
    const messageId = newest.id;
    marked.current = messageId;
    // A later mark of this conversation covers this one; a closed conversation asks no more.
    const current = () => open.current && marked.current === messageId;
    const attempt = (failures: number): void => {
      api('markConversationRead', { params: { conversationId }, body: { messageId } }).then(
        (state) => {
          refreshInbox(client);
          if (state.unread && current()) void readNewest(client, conversationId);
        },
        () => {
          const wait = MARK_READ_RETRY_MS[failures];
          if (wait !== undefined && current()) {
            setTimeout(() => current() && attempt(failures + 1), wait);
            return;
          }
          if (marked.current === messageId) marked.current = null;
          refreshInbox(client);
        },
      );
    };
    attempt(0);
  }, [client, conversationId, newest, viewerId]);
}
