/**
 * /messages and /messages/{conversationId}: the inbox and the open conversation. On a wide screen
 * they stand side by side (the inbox stays while conversations open beside it); on a phone the
 * inbox is a page of its own and a conversation is its own page, with a link back to the inbox.
 */
import { useParams } from 'react-router-dom';
import { ConversationView } from '../components/ConversationView.tsx';
import { Inbox } from '../components/Inbox.tsx';
import '../components/chat.css';

export default function MessagesPage() {
  const { conversationId } = useParams();
  return (
    <main className="chat-layout" data-open={conversationId ? 'true' : 'false'}>
      <section className="chat-layout__inbox" aria-label="Conversations">
        <Inbox currentId={conversationId} />
      </section>
      <section className="chat-layout__conversation" aria-label="Conversation">
        {conversationId ? (
          <ConversationView key={conversationId} conversationId={conversationId} />
        ) : (
          <p className="chat-muted chat-layout__pick">Choose a conversation to read it here.</p>
        )}
      </section>
    </main>
  );
}
