/**
 * Club Settings → Developers: the club's API keys as the server lists them, a new key made with a
 * name and scopes whose secret is shown once with Copy and the warning, a form that says what is
 * missing before anything is sent, and Revoke behind a confirmation, the key leaving the list
 * only when the list read again no longer holds it.
 */
import type { ApiKey } from '@clubs/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { club, me, mockApi, ok } from './api-mock.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const CRM: ApiKey = {
  id: 'key-crm',
  name: 'CRM <b>sync</b>',
  prefix: 'clubs_Ab3dE9',
  scopes: ['members:read', 'events:read'],
  createdAt: '2026-11-01T10:00:00.000Z',
  lastUsedAt: null,
};
const SECRET = `clubs_${'x'.repeat(43)}`;

function developersApi(initial: ApiKey[] = [CRM], options: { max?: number } = {}) {
  let keys = initial;
  return mockApi({
    getOwnedClub: () => ok(club({ id: 'c1', name: 'Sunrise Rowers' })),
    getConnectStatus: () =>
      ok({ accountId: null, detailsSubmitted: false, chargesEnabled: false, payoutsEnabled: false }),
    getMe: () => ok(me),
    listApiKeys: () => ok({ items: keys, max: options.max ?? 10 }),
    listWebhooks: () => ok({ items: [], max: 10 }),
    createApiKey: (call) => {
      const body = call.body as { name: string; scopes: ApiKey['scopes'] };
      const key: ApiKey = {
        id: 'key-new',
        name: body.name,
        prefix: SECRET.slice(0, 12),
        scopes: body.scopes,
        createdAt: '2026-11-28T10:00:00.000Z',
        lastUsedAt: null,
      };
      keys = [key, ...keys];
      return { status: 201, body: { key, secret: SECRET } };
    },
    revokeApiKey: (call) => {
      const keyId = call.path.split('/').at(-1);
      keys = keys.filter((key) => key.id !== keyId);
      return ok({ revoked: true as const });
    },
  });
}

async function openTab() {
  renderApp('/club-settings/c1?tab=developers', { service: fakeAuthService(snapshotFor()).service });
  return screen.findByRole('table', { name: "The club's API keys" });
}

describe('Club Settings → Developers', () => {
  it("lists the club's keys with their prefix, scopes and times, names as text", async () => {
    developersApi();
    const table = await openTab();
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText('CRM <b>sync</b>')).toBeVisible();
    expect(within(row).getByText('clubs_Ab3dE9…')).toBeVisible();
    expect(within(row).getByText('members:read')).toBeVisible();
    expect(within(row).getByText('events:read')).toBeVisible();
    expect(within(row).getByText('Never')).toBeVisible();
    expect(table.querySelector('b')).toBeNull();
  });

  it('makes a key with a name and scopes and shows its secret once, with Copy', async () => {
    const api = developersApi([]);
    renderApp('/club-settings/c1?tab=developers', { service: fakeAuthService(snapshotFor()).service });
    expect(await screen.findByText('This club has no API keys yet.')).toBeVisible();
    const form = screen.getByRole('form', { name: 'New API key' });
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Give the key a name');
    await userEvent.type(within(form).getByLabelText('Name'), 'Zapier');
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose at least one scope');
    expect(api.to('POST', '/api/clubs/c1/api-keys')).toHaveLength(0);

    // Ticked out of order, sent in the page's order.
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Read events (events:read)' }));
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Read members (members:read)' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create key' }));

    const secret = await screen.findByLabelText('Secret');
    expect(secret).toHaveValue(SECRET);
    expect(screen.getByText(/you will not see it again/)).toBeVisible();
    expect(api.to('POST', '/api/clubs/c1/api-keys').map((call) => call.body)).toEqual([
      { name: 'Zapier', scopes: ['members:read', 'events:read'] },
    ]);
    const table = await screen.findByRole('table', { name: "The club's API keys" });
    expect(within(table).getByText('Zapier')).toBeVisible();

    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('Secret copied')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('Secret')).toBeNull();
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('revokes a key once confirmed, and it leaves the list read again', async () => {
    const api = developersApi([CRM]);
    const table = await openTab();
    await userEvent.click(within(table).getByRole('button', { name: 'Revoke the API key CRM <b>sync</b>' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke the API key?' });
    expect(api.to('DELETE', '/api/clubs/c1/api-keys/key-crm')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('This club has no API keys yet.')).toBeVisible();
    expect(api.to('DELETE', '/api/clubs/c1/api-keys/key-crm')).toHaveLength(1);
    expect(screen.getByText('API key revoked')).toBeVisible();
  });

  it('says a club holding its most keys must revoke one first', async () => {
    developersApi([CRM], { max: 1 });
    await openTab();
    expect(screen.getByText(/revoke one to make another/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Create key' })).toBeDisabled();
  });
});
