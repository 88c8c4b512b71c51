/**
 * A conversation's Block, Unblock and Report: blocking asks first and then offers Unblock; a
 * report sends the chosen reason to the platform and thanks the reporter.
 */
import type { BlockedPerson } from '@clubs/shared';
import { ConversationActions } from '@clubs/web/src/features/chat/components/ConversationActions.tsx';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from './api-mock.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const ANN = { userId: 'user-ann', name: 'Ann Able' };
const routes = [{ path: '/', element: <ConversationActions conversationId="conv-1" other={ANN} /> }];
const signedIn = () => fakeAuthService(snapshotFor()).service;

function actionsApi() {
  let blocked: BlockedPerson[] = [];
  return mockApi({
    listBlockedPeople: () => ok({ items: blocked, nextCursor: null }),
    blockPerson: () => {
      blocked = [{ ...ANN, avatarUrl: null, blockedAt: '2026-11-28T10:00:00.000Z' }];
      return ok({ userId: ANN.userId, blocked: true });
    },
    unblockPerson: () => {
      blocked = [];
      return ok({ userId: ANN.userId, blocked: false });
    },
    reportConversation: () => ({ status: 201, body: { id: 'report-1' } }),
  });
}

describe('a conversation’s actions', () => {
  it('blocks after a confirmation, then offers Unblock', async () => {
    const api = actionsApi();
    renderApp('/', { service: signedIn(), routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog', { name: 'Block Ann Able?' });
    expect(api.to('POST', '/api/me/blocks')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await screen.findByText('Ann Able is blocked: they can no longer message you.')).toBeVisible();
    expect(api.to('POST', '/api/me/blocks')[0]?.body).toEqual({ userId: ANN.userId });
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    expect(await screen.findByText('Ann Able is unblocked.')).toBeVisible();
    expect(api.to('DELETE', '/api/me/blocks/user-ann')).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Block' })).toBeVisible();
  });

  it('reports the conversation to the platform with the chosen reason', async () => {
    const api = actionsApi();
    renderApp('/', { service: signedIn(), routes });
    await userEvent.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report conversation' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report' }));
    expect(await screen.findByText('Thank you. The platform’s team will look at it.')).toBeVisible();
    expect(api.to('POST', '/api/me/conversations/conv-1/report')[0]?.body).toEqual({
      reason: 'harassment',
      text: '',
    });
  });
});
