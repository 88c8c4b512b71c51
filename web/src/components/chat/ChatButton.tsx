/**
 * The chat button of the signed-in header, beside the bell: it opens the inbox (/messages) and
 * carries the number of conversations with a message the person has not read (its name says it,
 * and a polite live region announces a change of it). The count is read again when the live
 * socket says a message came or a conversation was read, when a lost connection is back and when
 * the window regains focus; it is never polled.
 */
import { VisuallyHidden } from '@aws-amplify/ui-react';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useChatUnreadCount } from '../../features/chat/api.ts';
import { useLiveChat } from '../../live/useLiveChat.ts';
import { HeaderCount } from '../HeaderCount.tsx';
import { LinkButton } from '../public/amplify-look.tsx';

const CHAT_ICON =
  'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-4 4v-4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm2 5v2h12V8H6Zm0 4v2h8v-2H6Z';

export function ChatButton() {
  const userId = useAuth().user?.sub;
  useLiveChat(userId);
  const count = useChatUnreadCount(Boolean(userId));
  const unread = count.data?.conversations ?? 0;
  return (
    <div className="clubs-header__count">
      <LinkButton to="/messages" size="small">
        <HeaderCount
          icon={CHAT_ICON}
          label={`Messages, ${unread === 0 ? 'no' : unread} unread`}
          count={unread}
        />
      </LinkButton>
      <VisuallyHidden role="status" aria-live="polite" aria-label="New messages">
        {count.data && unread > 0 ? `${unread} unread conversation${unread === 1 ? '' : 's'}` : ''}
      </VisuallyHidden>
    </div>
  );
}
