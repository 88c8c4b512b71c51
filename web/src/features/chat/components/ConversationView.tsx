/**
 * One conversation: who with and the club they know each other from at the top, the messages
 * oldest to newest with the newest at the bottom, older pages loaded when the reader scrolls up to
 * the top (or presses 'Load older messages'), "Seen" under the person's last message once the
 * other person has read it, deleting one's own message after a confirmation, and the composer;
 * Block and Report in the header (ConversationActions); a conversation the reader blocked shows
 * that instead of the composer, since neither person can write in it.
 * It is marked read when it opens and whenever a message of the other person's arrives while it
 * is open (the live socket brings it).
 */
import { Button } from '@aws-amplify/ui-react';
import type { ChatMessage } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { PersonAvatar } from '../../../components/clubs/ClubAvatar.tsx';
import { LinkifiedText } from '../../../components/LinkifiedText.tsx';
import { ConfirmDialog } from '../../../components/overlay/ConfirmDialog.tsx';
import { useConfirmedWrite } from '../../../components/overlay/useConfirmedWrite.ts';
import { ListLoadFailed, NextPageLink, type NextPages } from '../../../components/PagedList.tsx';
import { PlainHeading } from '../../../components/public/amplify-look.tsx';
import { markMessageDeleted, refreshInbox, useConversation } from '../api.ts';
import { ConversationActions } from './ConversationActions.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { useMarkRead } from './useMarkRead.ts';
import { formatWhen } from './when.ts';

/** How close to the bottom (px) the reader counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 80;

/** The newest message of `senderId`'s in a list oldest first (undefined: none). */
const lastOf = (messages: readonly ChatMessage[], senderId: string | undefined) =>
  messages.findLast((message) => message.senderId === senderId && !message.deleted);

/**
 * Keeps the reader where they were: at the bottom when a message arrives while they read the
 * newest (or sent it), and on the same message when an older page is put above.
 */
function useScrollAnchor(messages: readonly ChatMessage[], viewerId: string | undefined) {
  const box = useRef<HTMLOListElement>(null);
  const seen = useRef<{ oldest?: string; newest?: string; height: number; nearBottom: boolean }>({
    height: 0,
    nearBottom: true,
  });
  const oldest = messages[0];
  const newest = messages[messages.length - 1];
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const before = seen.current;
    let { nearBottom } = before;
    if (oldest?.id !== before.oldest && before.oldest !== undefined && newest?.id === before.newest) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (newest?.id !== before.newest && (nearBottom || newest?.senderId === viewerId)) {
      element.scrollTop = element.scrollHeight;
      nearBottom = true;
    }
    // A reader who scrolled up to older messages stays there when a message arrives.
    seen.current = { oldest: oldest?.id, newest: newest?.id, height: element.scrollHeight, nearBottom };
  }, [oldest, newest, viewerId]);
  const onScroll = () => {
    const element = box.current;
    if (!element) return;
    seen.current.nearBottom =
      element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    seen.current.height = element.scrollHeight;
  };
  return { box, onScroll };
}

/** Loads the next older page when `target` comes into view inside the scrolled list. */
function useLoadWhenVisible(list: NextPages, root: RefObject<HTMLOListElement | null>) {
  const target = useRef<HTMLLIElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const element = target.current;
    if (!element || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage({ cancelRefetch: false });
      },
      { root: root.current },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, root]);
  return target;
}

function MessageItem({
  message,
  mine,
  seen,
  onDelete,
}: {
  message: ChatMessage;
  mine: boolean;
  seen: boolean;
  onDelete: (message: ChatMessage) => void;
}) {
  const when = formatWhen(message.createdAt);
  return (
    <li className="chat-message" data-mine={mine}>
      <div className="chat-message__bubble">
        <span className="visually-hidden">{mine ? 'You' : 'They'} wrote: </span>
        {message.deleted ? (
          <p className="chat-message__deleted">Message deleted</p>
        ) : (
          <>
            {message.image && (
              <a href={message.image.url} target="_blank" rel="noopener noreferrer">
                <img
                  className="chat-message__image"
                  src={message.image.url}
                  alt={mine ? 'Sent by you' : 'Sent to you'}
                />
              </a>
            )}
            {message.text && <LinkifiedText className="chat-message__text" text={message.text} />}
          </>
        )}
      </div>
      <div className="chat-message__meta">
        <time dateTime={message.createdAt}>{when}</time>
        {mine && !message.deleted && (
          <Button size="small" variation="link" onClick={() => onDelete(message)}>
            Delete<span className="visually-hidden"> your message sent {when}</span>
          </Button>
        )}
      </div>
      {seen && <p className="chat-message__seen">Seen</p>}
    </li>
  );
}

export function ConversationView({ conversationId }: { conversationId: string }) {
  const client = useQueryClient();
  const viewerId = useAuth().user?.sub;
  const conversation = useConversation(conversationId);
  const [toDelete, setToDelete] = useState<ChatMessage | null>(null);
  const remove = useConfirmedWrite('deleteMessage', {
    done: ({ id }) => {
      markMessageDeleted(client, conversationId, id);
      refreshInbox(client);
    },
    failed: 'Could not delete the message',
  });
  const pages = conversation.data?.pages ?? [];
  const messages = pages.flatMap((page) => page.items).reverse();
  const details = pages[0]?.conversation;
  const newest = messages[messages.length - 1];
  useMarkRead(conversationId, newest, viewerId);
  const { box, onScroll } = useScrollAnchor(messages, viewerId);
  const older = useLoadWhenVisible(conversation, box);

  if (conversation.isPending) return <p className="chat-muted">Loading the conversation...</p>;
  if (conversation.isError && !details) {
    if (conversation.error.status === 404 || conversation.error.status === 400) {
      return (
        <div className="chat-conversation__missing">
          <PlainHeading level={1}>Conversation not found</PlainHeading>
          <Link to="/messages">Back to your messages</Link>
        </div>
      );
    }
    return <ListLoadFailed what="the conversation" list={conversation} />;
  }
  if (!details) return null;
  const myLast = lastOf(messages, viewerId);
  const seenMine = myLast !== undefined && details.seenUpTo !== null && details.seenUpTo >= myLast.id;
  return (
    <div className="chat-conversation">
      <header className="chat-conversation__head">
        <Link to="/messages" className="chat-conversation__back">
          <span aria-hidden="true">←</span> All messages
        </Link>
        <PersonAvatar name={details.other.name} url={details.other.avatarUrl} size={40} decorative />
        <div className="chat-conversation__who">
          <PlainHeading level={1} className="chat-conversation__name">
            <Link to={`/members/${details.other.userId}`}>{details.other.name}</Link>
          </PlainHeading>
          <span className="chat-muted">
            From <Link to={`/communities/${details.clubId}`}>{details.clubName}</Link>
          </span>
        </div>
        <ConversationActions conversationId={conversationId} other={details.other} />
      </header>
      <ol
        className="chat-conversation__messages"
        ref={box}
        onScroll={onScroll}
        aria-label="Messages"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled list is reached by keyboard to scroll it, whatever it holds
        tabIndex={0}
      >
        {conversation.hasNextPage && (
          <li ref={older} className="chat-conversation__older">
            <NextPageLink
              list={conversation}
              label="Load older messages"
              loadingText="Loading older messages..."
            />
          </li>
        )}
        {messages.length === 0 && <li className="chat-muted">No messages yet. Say hello!</li>}
        {messages.map((message) => (
          <MessageItem
            key={message.id}
            message={message}
            mine={message.senderId === viewerId}
            seen={seenMine && message.id === myLast?.id}
            onDelete={(chosen) => {
              setToDelete(chosen);
              remove.dialog.open();
            }}
          />
        ))}
      </ol>
      {details.blockedByYou ? (
        <p className="chat-conversation__closed" role="status">
          You blocked this person. Neither of you can write here until you unblock them (Unblock, above).
        </p>
      ) : (
        <MessageComposer conversationId={conversationId} />
      )}
      <ConfirmDialog
        dialog={remove.dialog}
        texts={{
          title: 'Delete message',
          question: 'Delete this message? Its text and image are gone for both of you.',
          confirm: 'Delete',
          working: 'Deleting...',
        }}
        request={remove.request}
        input={{ params: { conversationId, messageId: toDelete?.id ?? '' } }}
      />
    </div>
  );
}
