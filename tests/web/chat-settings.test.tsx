/**
 * Settings → Chat: who may start a chat and the unread e-mail, saved at once as a whole and shown
 * as the server stored them; the people the member blocked, each with Unblock; a failed save says
 * so and keeps what was stored.
 */
import type { BlockedPerson, ChatSettings } from '@clubs/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from './api-mock.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const signedIn = () => fakeAuthService(snapshotFor({ email: 'ada@example.com' })).service;

const BEN: BlockedPerson = {
  userId: 'user-ben',
  name: 'Ben Brown',
  avatarUrl: null,
  blockedAt: '2026-11-01T10:00:00.000Z',
};

function chatApi(options: { settings?: ChatSettings; blocked?: BlockedPerson[]; saveFails?: boolean } = {}) {
  let stored: ChatSettings = options.settings ?? { whoCanStart: 'members', emailUnread: true };
  let blocked = options.blocked ?? [BEN];
  return mockApi({
    getNotificationSettings: () => ok({ preference: 'immediate' }),
    getChatSettings: () => ok(stored),
    updateChatSettings: (call) => {
      if (options.saveFails) {
        return { status: 500, body: { error: { code: 'internal', message: 'The store is down' } } };
      }
      stored = call.body as ChatSettings;
      return ok(stored);
    },
    listBlockedPeople: () => ok({ items: blocked, nextCursor: null }),
    unblockPerson: (call) => {
      const userId = call.path.split('/').at(-1) ?? '';
      blocked = blocked.filter((person) => person.userId !== userId);
      return ok({ userId, blocked: false });
    },
  });
}

async function chatSection() {
  renderApp('/settings', { service: signedIn() });
  const heading = await screen.findByRole('heading', { level: 2, name: 'Chat' });
  return within(heading.closest('section') as HTMLElement);
}

describe('Settings → Chat', () => {
  it('shows the stored settings and saves each change at once, as a whole', async () => {
    const api = chatApi({ settings: { whoCanStart: 'members', emailUnread: true } });
    const chat = await chatSection();
    const who = await chat.findByLabelText('Who can start a chat with me', { selector: 'select' });
    await waitFor(() => expect(who).toHaveValue('members'));
    const email = chat.getByRole('checkbox', { name: 'E-mail me about messages I have not read' });
    expect(email).toBeChecked();

    await userEvent.selectOptions(who, 'nobody');
    expect(await chat.findByText('Saved')).toBeVisible();
    expect(api.to('PUT', '/api/me/chat-settings').map((call) => call.body)).toEqual([
      { whoCanStart: 'nobody', emailUnread: true },
    ]);
    expect(who).toHaveValue('nobody');

    await userEvent.click(email);
    await waitFor(() => expect(api.to('PUT', '/api/me/chat-settings')).toHaveLength(2));
    expect(api.to('PUT', '/api/me/chat-settings')[1]?.body).toEqual({
      whoCanStart: 'nobody',
      emailUnread: false,
    });
    await waitFor(() => expect(email).not.toBeChecked());
  });

  it('says a save failed and keeps what was stored', async () => {
    chatApi({ saveFails: true });
    const chat = await chatSection();
    const who = await chat.findByLabelText('Who can start a chat with me', { selector: 'select' });
    await waitFor(() => expect(who).toHaveValue('members'));
    await userEvent.selectOptions(who, 'nobody');
    expect(await chat.findByText('Could not save: please try again.')).toBeVisible();
    expect(who).toHaveValue('members');
  });

  it('lists the people blocked and unblocks one', async () => {
    const api = chatApi({ blocked: [BEN] });
    const chat = await chatSection();
    const list = await chat.findByRole('list', { name: 'People you blocked' });
    expect(within(list).getByText('Ben Brown')).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: 'Unblock Ben Brown' }));
    expect(await chat.findByText('You have not blocked anyone.')).toBeVisible();
    expect(api.to('DELETE', '/api/me/blocks/user-ben')).toHaveLength(1);
  });
});
