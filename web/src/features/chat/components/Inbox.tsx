/**
 * The inbox: the person's conversations, newest activity first, a page at a time ('Show more'),
 * everyone or only the unread ones. Each names the other person (avatar and name), the last
 * message's first words ("You: " when it was the person's own) and when it came, and says whether
 * it holds a message the person has not read; the open conversation is marked current.
 */
import { Flex } from '@aws-amplify/ui-react';
import type { ConversationSummary } from '@clubs/shared';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { PersonAvatar } from '../../../components/clubs/ClubAvatar.tsx';
import { FilterButtons } from '../../../components/FilterButtons.tsx';
import { ListLoadFailed, ShowMore } from '../../../components/PagedList.tsx';
import { PlainHeading } from '../../../components/public/amplify-look.tsx';
import { type InboxFilter, useInbox } from '../api.ts';
import { formatWhen } from './when.ts';

const FILTERS: readonly (readonly [InboxFilter, string])[] = [
  ['all', 'All'],
  ['unread', 'Unread'],
];

/** The last message as the inbox shows it: the person's own marked "You: ", a deleted one said so. */
export function previewOf(conversation: ConversationSummary, viewerId: string | undefined): string {
  if (conversation.lastSenderId === null) return 'No messages yet';
  const text = conversation.lastMessagePreview || 'Message deleted';
  return conversation.lastSenderId === viewerId ? `You: ${text}` : text;
}

function ConversationRow({
  conversation,
  current,
  viewerId,
}: {
  conversation: ConversationSummary;
  current: boolean;
  viewerId: string | undefined;
}) {
  const { other, unread } = conversation;
  return (
    <li className="chat-inbox__item" data-unread={unread}>
      <Link
        to={`/messages/${conversation.id}`}
        className="chat-inbox__link"
        aria-current={current ? 'page' : undefined}
      >
        <PersonAvatar name={other.name} url={other.avatarUrl} size={40} decorative />
        <span className="chat-inbox__body">
          <span className="chat-inbox__name">
            {other.name}
            {unread && <span className="visually-hidden"> (unread)</span>}
          </span>
          <span className="chat-inbox__preview">{previewOf(conversation, viewerId)}</span>
        </span>
        <span className="chat-inbox__meta">
          <time dateTime={conversation.lastActivityAt}>{formatWhen(conversation.lastActivityAt)}</time>
          {unread && <span className="chat-inbox__dot" aria-hidden="true" />}
        </span>
      </Link>
    </li>
  );
}

export function Inbox({ currentId }: { currentId: string | undefined }) {
  const [filter, setFilter] = useState<InboxFilter>('all');
  const viewerId = useAuth().user?.sub;
  const list = useInbox(filter);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="chat-inbox">
      <Flex alignItems="center" justifyContent="space-between" gap="small" wrap="wrap">
        <PlainHeading level={1} className="chat-inbox__title">
          Messages
        </PlainHeading>
        <FilterButtons label="Show conversations" value={filter} choices={FILTERS} onChange={setFilter} />
      </Flex>
      <div className="chat-inbox__list">
        {list.isPending && <p className="chat-muted">Loading conversations...</p>}
        {list.isError && <ListLoadFailed what="your conversations" list={list} />}
        {list.data && items.length === 0 && (
          <p className="chat-muted">
            {filter === 'unread'
              ? 'No unread conversations.'
              : 'No conversations yet. Message a member from their profile or the members list.'}
          </p>
        )}
        {items.length > 0 && (
          <ul aria-label="Conversations" className="chat-inbox__items">
            {items.map((conversation) => (
              <ConversationRow
                key={conversation.id}
                conversation={conversation}
                current={conversation.id === currentId}
                viewerId={viewerId}
              />
            ))}
          </ul>
        )}
        <ShowMore list={list} label="Show more conversations" />
      </div>
    </div>
  );
}
