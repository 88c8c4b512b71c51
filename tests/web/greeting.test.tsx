import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profile, routeFetch } from './fetch-routes.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

vi.mock('../../web/src/auth/service.ts', () => ({
  currentIdToken: vi.fn(async () => 'id-token-1'),
}));

/** The fetch double answers getMe with the profile of `fullName` (typed by the manifest's schema). */
const signedInAs = (fullName: string) =>
  routeFetch({ getMe: () => ({ status: 200, body: profile({ fullName, name: fullName }) }) });

describe('greeting name', () => {
  it('on /, uses the profile once loaded (cognito-local tokens carry no name)', async () => {
    signedInAs('Max Mustermann');
    renderApp('/', {
      service: fakeAuthService(snapshotFor({ name: null, email: 'max@example.com' })).service,
    });
    expect(await screen.findByRole('link', { name: 'Welcome, Max' })).toHaveAttribute('href', '/dashboard');
  });

  it('on /, falls back to the e-mail before the @ while the profile is unavailable', async () => {
    renderApp('/', {
      service: fakeAuthService(snapshotFor({ name: null, email: 'grace@example.com' })).service,
    });
    expect(await screen.findByRole('link', { name: 'Welcome, grace' })).toBeInTheDocument();
  });

  it('in the app header, shows the profile name linking to /dashboard', async () => {
    signedInAs('Ada King');
    renderApp('/profile', { service: fakeAuthService(snapshotFor({ name: null })).service });
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(await screen.findByRole('link', { name: 'Ada' })).toHaveAttribute('href', '/dashboard');
    expect(nav).toContainElement(screen.getByRole('button', { name: 'Log out' }));
  });

  it('in the app header, draws the avatar from the full name, as members lists and posts do', async () => {
    signedInAs('Ada King');
    renderApp('/profile', { service: fakeAuthService(snapshotFor({ name: null })).service });
    const person = await screen.findByRole('link', { name: 'Ada' });
    expect(person.querySelector('.club-avatar')).toHaveTextContent(/^AK$/);
  });
});
