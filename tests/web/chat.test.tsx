/**
 * Chat in the browser against the fetch double: message text with links made clickable and
 * nothing else (a javascript: or data: address stays text, markup stays text), the header's chat
 * button with the unread count in its name, the inbox's Unread filter, and a conversation with
 * "Seen" under the person's last message and the per-minute limit's refusal shown in words.
 */
import type { ChatMessage, ConversationSummary } from '@clubs/shared';
import { LinkifiedText, splitLinks } from '@clubs/web/src/components/LinkifiedText.tsx';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { me, mockApi, ok } from './api-mock.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const signedIn = () => fakeAuthService(snapshotFor()).service;

function conversation(overrides: Partial<ConversationSummary> = {}): ConversationSummary {
  return {
    id: 'conv-1',
    clubId: 'club-1',
    other: { userId: 'user-2', name: 'Mia Member', avatarUrl: null },
    lastMessagePreview: 'See you at dawn',
    lastSenderId: 'user-2',
    lastActivityAt: new Date().toISOString(),
    unread: true,
    ...overrides,
  };
}

function message(id: string, senderId: string, text: string): ChatMessage {
  return { id, senderId, text, image: null, deleted: false, createdAt: new Date().toISOString() };
}

/** The newest page of conversation conv-1 with Mia in Morning Yoga, as the API answers it. */
function conversationPage(items: ChatMessage[], seenUpTo: string | null) {
  return {
    items,
    nextCursor: null,
    conversation: {
      id: 'conv-1',
      clubId: 'club-1',
      clubName: 'Morning Yoga',
      other: { userId: 'user-2', name: 'Mia Member', avatarUrl: null },
      seenUpTo,
      blockedByYou: false,
    },
  };
}

/** The signed-in person, the header's count and an inbox of conv-1, unread while `unread()` is above 0. */
const oneConversation = (unread: () => number) => ({
  getMe: () => ok(me),
  getChatUnreadCount: () => ok({ conversations: unread() }),
  listConversations: () => ok({ items: [conversation({ unread: unread() > 0 })], nextCursor: null }),
});

describe('message text', () => {
  it('makes http(s) addresses links, never javascript: or data:, and keeps markup as text', () => {
    const text =
      'Try javascript:alert(1) or data:text/html,<script>alert(1)</script> and <b>bold</b> at https://example.com/a.';
    expect(splitLinks(text).filter((part) => part.href)).toEqual([
      { text: 'https://example.com/a', href: 'https://example.com/a' },
    ]);
    const { container } = render(<LinkifiedText text={text} />);
    const links = within(container).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://example.com/a');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(container.querySelector('b, script')).toBeNull();
    expect(container).toHaveTextContent('<b>bold</b>');
    expect(container).toHaveTextContent('javascript:alert(1)');
  });

  it('leaves an address that does not parse as text', () => {
    expect(splitLinks('see http://[bad and more')).toEqual([{ text: 'see http://[bad and more' }]);
  });
});

describe('chat in the browser', () => {
  it("says the unread count in the header's chat button, and the inbox's Unread filter asks for the unread only", async () => {
    const read = conversation({
      id: 'conv-2',
      other: { userId: 'user-3', name: 'Ben Brown', avatarUrl: null },
      unread: false,
      lastSenderId: 'user-1',
      lastMessagePreview: 'Thanks!',
    });
    const api = mockApi({
      getMe: () => ok(me),
      getChatUnreadCount: () => ok({ conversations: 2 }),
      listConversations: (call) =>
        ok({
          items: call.query.get('filter') === 'unread' ? [conversation()] : [conversation(), read],
          nextCursor: null,
        }),
    });
    renderApp('/messages', { service: signedIn() });
    const button = await screen.findByRole('link', { name: 'Messages, 2 unread' });
    expect(button).toHaveAttribute('href', '/messages');

    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining('Mia Member (unread)'), expect.stringContaining('Ben Brown')]);
    expect(within(list).getByRole('link', { name: /Ben Brown/ })).toHaveTextContent('You: Thanks!');

    fireEvent.click(screen.getByRole('button', { name: 'Unread' }));
    await waitFor(() =>
      expect(
        api.to('GET', '/api/me/conversations').some((call) => call.query.get('filter') === 'unread'),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link')).toHaveLength(
        1,
      ),
    );
    expect(screen.queryByRole('link', { name: /Ben Brown/ })).toBeNull();
  });

  it('asks again when marking read fails, and the header then says no unread', async () => {
    let unread = 1;
    let failures = 1;
    const api = mockApi({
      ...oneConversation(() => unread),
      listConversationMessages: () =>
        ok(conversationPage([message('01JB0000000000000000000001', 'user-2', 'Hi Ada')], null)),
      markConversationRead: () => {
        if (failures-- > 0) return { status: 503, body: { error: { code: 'unavailable', message: 'Busy' } } };
        unread = 0;
        return ok({ unread: false });
      },
    });
    renderApp('/messages/conv-1', { service: signedIn() });
    expect(await screen.findByRole('link', { name: 'Messages, 1 unread' })).toBeInTheDocument();
    await waitFor(() => expect(api.to('POST', '/api/me/conversations/conv-1/read')).toHaveLength(2), {
      timeout: 4000,
    });
    expect(await screen.findByRole('link', { name: 'Messages, no unread' })).toBeInTheDocument();
  });

  it('shows the club, "Seen" under my last message, marks it read, and says the per-minute refusal', async () => {
    let unread = 1;
    const api = mockApi({
      ...oneConversation(() => unread),
      listConversationMessages: () =>
        ok(
          conversationPage(
            [
              message('01JB0000000000000000000003', 'user-2', 'Ok! https://example.com'),
              message('01JB0000000000000000000002', 'user-1', 'Dawn at the bridge?'),
              message('01JB0000000000000000000001', 'user-2', 'Hi Ada'),
            ],
            '01JB0000000000000000000003',
          ),
        ),
      markConversationRead: () => {
        unread = 0;
        return ok({ unread: false });
      },
      sendMessage: () => ({
        status: 429,
        body: {
          error: {
            code: 'too_many_requests',
            message: 'You are sending messages too fast. Wait a moment and try again.',
          },
        },
      }),
    });
    renderApp('/messages/conv-1', { service: signedIn() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mia Member' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Morning Yoga' })).toHaveAttribute('href', '/communities/club-1');
    const messages = screen.getByRole('list', { name: 'Messages' });
    const items = within(messages).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.chat-message__bubble')?.textContent)).toEqual([
      'They wrote: Hi Ada',
      'You wrote: Dawn at the bridge?',
      'They wrote: Ok! https://example.com',
    ]);
    expect(within(items[1] as HTMLElement).getByText('Seen')).toBeInTheDocument();
    await waitFor(() => expect(api.to('POST', '/api/me/conversations/conv-1/read')).toHaveLength(1));
    expect(api.to('POST', '/api/me/conversations/conv-1/read')[0]?.body).toEqual({
      messageId: '01JB0000000000000000000003',
    });
    // The header's count follows at once.
    expect(await screen.findByRole('link', { name: 'Messages, no unread' })).toBeInTheDocument();

    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveAttribute('maxLength', '2000');
    fireEvent.change(field, { target: { value: 'One more' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are sending messages too fast.');
    expect(api.to('POST', '/api/me/conversations/conv-1/messages')[0]?.body).toEqual({ text: 'One more' });
  });
});
