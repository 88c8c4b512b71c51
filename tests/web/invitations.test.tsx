/**
 * The invite page and an invitation's page against the fetch double: the owner's link with its
 * token, copying and replacing it; rows judged by the server (sent rows leave the form, the others
 * keep their reason); the invitations still waiting listed from the server, each with Revoke; a member sent away from the invite page; accepting a free club's invitation,
 * and a used one explained with a way to the club's page.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { club, ok } from './api-mock.ts';
import { CLUB, homeApi, INVITE_TOKEN, LONG, signedIn } from './club-home-support.ts';
import { currentUrl, renderApp } from './helpers.tsx';

const FRESH = 'tok_NewNewNewNewNewNewNew01';
const link = (token: string) => `${window.location.origin}/invite/${CLUB}/${token}`;

describe('the invite page', () => {
  it("shows the owner the club's link, copies it and replaces it after confirming", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = homeApi([], 'club_owner', {
      regenerateInviteLink: () => ({
        status: 201,
        body: { token: FRESH, createdAt: '2026-11-24T00:00:00.000Z' },
      }),
    });
    renderApp(`/communities/${CLUB}/invite`, { service: signedIn() });
    const field = await screen.findByLabelText('Your club invite link', {}, LONG);
    await waitFor(() => expect(field).toHaveValue(link(INVITE_TOKEN)));
    await userEvent.click(screen.getByRole('button', { name: 'Copy Invite Link' }));
    expect(writeText).toHaveBeenCalledWith(link(INVITE_TOKEN));
    expect(await screen.findByText('Link copied!')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Create a new link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a new invite link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create new link' }));
    await waitFor(() => expect(field).toHaveValue(link(FRESH)));
    expect(api.callsTo('POST', `/api/clubs/${CLUB}/invite-link`)).toHaveLength(1);
  });

  it('sends the rows; the rows the server did not send stay with their reason', async () => {
    const api = homeApi([], 'club_owner', {
      sendInvitations: () =>
        ok({
          rows: [
            { name: 'Grace', email: 'grace@example.com', outcome: 'sent', message: null },
            { name: '', email: 'nope', outcome: 'invalid', message: 'Enter a valid e-mail address' },
          ],
          sent: 1,
          remainingToday: 99,
        }),
    });
    renderApp(`/communities/${CLUB}/invite`, { service: signedIn() });
    const remove = await screen.findByRole('button', { name: 'Remove row 1' }, LONG);
    expect(remove).toBeDisabled(); // one row is always kept
    await userEvent.type(screen.getByLabelText('Name 1'), 'Grace');
    await userEvent.type(screen.getByLabelText('Email 1'), 'grace@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add another' }));
    await userEvent.type(screen.getByLabelText('Email 2'), 'nope');
    // The preview greets the first row's person, as the e-mail will.
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('Hi Grace,');
    await userEvent.click(screen.getByRole('button', { name: 'Send Invitations' }));

    expect(await screen.findByText('Some invitations were not sent')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email 1')).toHaveValue('nope');
    expect(screen.queryByLabelText('Email 2')).not.toBeInTheDocument();
    const [sent] = api.callsTo('POST', `/api/clubs/${CLUB}/invitations`);
    expect(sent?.body).toMatchObject({
      rows: [
        { name: 'Grace', email: 'grace@example.com' },
        { name: '', email: 'nope' },
      ],
    });
  });

  it('lists the invitations still waiting from the server and revokes one: the row leaves once the list read again drops it', async () => {
    let waiting = [
      {
        email: 'ruth@example.com',
        name: 'Ruth',
        sentAt: '2026-11-20T10:00:00.000Z',
        validUntil: '2026-12-04T10:00:00.000Z',
      },
      {
        email: 'sam@example.com',
        name: '',
        sentAt: '2026-11-21T10:00:00.000Z',
        validUntil: '2026-12-05T10:00:00.000Z',
      },
    ];
    const api = homeApi([], 'club_owner', {
      listPendingInvitations: () => ok({ items: waiting, nextCursor: null }),
      revokeInvitations: (call) => {
        const { email } = call.body as { email: string };
        waiting = waiting.filter((row) => row.email !== email);
        return ok({ revoked: 1 });
      },
    });
    renderApp(`/communities/${CLUB}/invite`, { service: signedIn() });
    const list = await screen.findByRole('region', { name: 'Sent invitations' }, LONG);
    expect(within(list).getByText('Ruth <ruth@example.com>')).toBeInTheDocument();
    expect(within(list).getByText('sam@example.com')).toBeInTheDocument();

    await userEvent.click(
      within(list).getByRole('button', { name: 'Revoke the invitation to ruth@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the invitation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Invitation revoked')).toBeInTheDocument();
    expect(screen.queryByText('Ruth <ruth@example.com>')).not.toBeInTheDocument();
    expect(within(list).getByText('sam@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST', `/api/clubs/${CLUB}/invitation-revocations`)[0]?.body).toEqual({
      email: 'ruth@example.com',
    });
    expect(api.callsTo('GET', `/api/clubs/${CLUB}/invitations`).length).toBeGreaterThanOrEqual(2);
  });

  it('sends a member to /dashboard', async () => {
    homeApi([], 'club_member');
    const { router } = renderApp(`/communities/${CLUB}/invite`, { service: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), LONG);
  });
});

describe("an invitation's page", () => {
  const free = club({ id: CLUB, name: 'Morning Yoga' });

  it('accepts a free club invitation and enters the club', async () => {
    const api = homeApi([], 'club_member', {
      getInvitation: () => ok({ club: free, state: 'valid', membership: 'not_member' }),
      acceptInvitation: () => ok({ outcome: 'joined', clubId: CLUB }),
    });
    const { router } = renderApp(`/invite/${CLUB}/${INVITE_TOKEN}`, { service: signedIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: "You're invited to join Morning Yoga" }, LONG),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/communities/${CLUB}`));
    expect(api.callsTo('POST', `/api/invitations/${CLUB}/${INVITE_TOKEN}/acceptance`)).toHaveLength(1);
    expect(await screen.findByText('Welcome to Morning Yoga!')).toBeInTheDocument();
  });

  it('explains a used invitation, with a way to the club page', async () => {
    homeApi([], 'club_member', {
      getInvitation: () => ok({ club: free, state: 'used', membership: 'not_member' }),
    });
    renderApp(`/invite/${CLUB}/${INVITE_TOKEN}`, { service: signedIn() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This invitation has already been used' }, LONG),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View club page' })).toHaveAttribute('href', `/c/${CLUB}`);
    expect(screen.queryByRole('button', { name: 'Accept Invitation' })).not.toBeInTheDocument();
  });
});
