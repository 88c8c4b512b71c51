import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { currentUrl, fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

// The app's API client takes its token from Amplify; here the session is a fixed ID token.
vi.mock('../../web/src/auth/service.ts', () => ({
  currentIdToken: vi.fn(async () => 'id-token-1'),
}));

const me = {
  id: 'user-1',
  email: 'max.mustermann@example.com',
  fullName: 'Max Mustermann',
  name: 'Max Mustermann',
  bio: '',
  location: '',
  avatarUrl: null,
  createdAt: '2025-04-01T00:00:00.000Z',
  isSuperAdmin: false,
};

function mockFetch(status: number, body: unknown) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(async () => new Response(JSON.stringify(body), { status }));
}

describe('dashboard', () => {
  it('calls GET /api/me with the bearer token and greets the user by first name', async () => {
    const fetchSpy = mockFetch(200, me);
    renderApp('/dashboard', { service: fakeAuthService(snapshotFor()).service });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Max' })).toBeInTheDocument();
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/me');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer id-token-1');
  });

  it('falls back to the name, then to the e-mail before the @', async () => {
    mockFetch(200, { ...me, fullName: '', name: '', email: 'grace@example.com' });
    renderApp('/dashboard', { service: fakeAuthService(snapshotFor()).service });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, grace' })).toBeInTheDocument();
  });

  it("shows the server's message when /api/me fails", async () => {
    mockFetch(403, { error: { code: 'forbidden', message: 'Account disabled' } });
    renderApp('/dashboard', { service: fakeAuthService(snapshotFor()).service });
    expect(await screen.findByText('Account disabled')).toBeInTheDocument();
  });

  it('Log out signs out and goes to /', async () => {
    mockFetch(200, me);
    const { service } = fakeAuthService(snapshotFor());
    const { router } = renderApp('/dashboard', { service });
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Max' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(service.signOut).toHaveBeenCalledOnce();
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  });
});
