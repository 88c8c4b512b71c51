/**
 * Chat's controls for the people who run things: the super admins' "Reported chats" (a report
 * with its reason, words and the messages copied then, resolved from the list) and a club owner's
 * switch "Members can message each other" in Club Settings, saved at once.
 */
import type { ChatReport } from '@clubs/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { club, me, mockApi, ok } from './api-mock.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const REPORT: ChatReport = {
  id: 'report-1',
  conversationId: 'conversation-1',
  clubId: 'club-1',
  reporter: { userId: 'user-ben', name: 'Ben Brown' },
  reported: { userId: 'user-ann', name: 'Ann Able' },
  reason: 'other',
  text: 'She keeps <b>insisting</b>',
  status: 'open',
  createdAt: '2026-11-20T10:00:00.000Z',
  decidedAt: null,
  messages: [
    {
      id: 'm2',
      senderId: 'user-ann',
      text: 'Answer me <img src=x>',
      image: null,
      deleted: false,
      createdAt: '2026-11-20T09:59:00.000Z',
    },
    {
      id: 'm1',
      senderId: 'user-ben',
      text: '',
      image: null,
      deleted: true,
      createdAt: '2026-11-20T09:58:00.000Z',
    },
  ],
};

describe('Reported chats', () => {
  it('lists open reports with their words as text and resolves one', async () => {
    let open = [REPORT];
    const api = mockApi({
      listChatReports: (call) =>
        ok({ items: call.query.get('status') === 'open' ? open : [], nextCursor: null }),
      decideChatReport: () => {
        open = [];
        return ok({ ...REPORT, status: 'resolved', decidedAt: '2026-11-21T10:00:00.000Z' });
      },
    });
    renderApp('/super-admin', { service: fakeAuthService(snapshotFor({ groups: ['super_admin'] })).service });
    const report = await screen.findByRole('article', { name: 'Ben Brown reported Ann Able' });
    expect(within(report).getByText('Other')).toBeVisible();
    expect(within(report).getByText('“She keeps <b>insisting</b>”')).toBeVisible();
    const messages = within(report).getByRole('list', { name: 'Messages when reported, newest first' });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ann Able: Answer me <img src=x>', 'Ben Brown: (deleted)']);
    expect(report.querySelector('img, b')).toBeNull();

    await userEvent.click(within(report).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Report resolved')).toBeVisible();
    expect(api.to('POST', '/api/admin/chat-reports/report-1/decision')[0]?.body).toEqual({
      outcome: 'resolved',
    });
    expect(await screen.findByText('No reported chats here.')).toBeVisible();
    // The portal's two status filters are told apart by name: the clubs' and the reports'.
    expect(screen.getByLabelText('Report status')).toHaveValue('open');
    expect(screen.getAllByLabelText('Status', { exact: true })).toHaveLength(1);
  });
});

describe("a club owner's chat switch", () => {
  it('shows the stored choice (on when never set) and saves a change at once', async () => {
    const api = mockApi({
      getOwnedClub: () => ok(club({ id: 'c1', name: 'Sunrise Rowers' })),
      getConnectStatus: () =>
        ok({ accountId: null, detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false }),
      getMe: () => ok(me),
      saveClubChatSettings: (call) => ok(call.body as { membersCanMessage: boolean }),
    });
    renderApp('/club-settings/c1', { service: fakeAuthService(snapshotFor()).service });
    const box = await screen.findByRole('checkbox', { name: 'Members can message each other' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByText('Saved')).toBeVisible();
    expect(api.to('PUT', '/api/clubs/c1/chat-settings').map((call) => call.body)).toEqual([
      { membersCanMessage: false },
    ]);
    await waitFor(() => expect(box).not.toBeChecked());
  });
});
