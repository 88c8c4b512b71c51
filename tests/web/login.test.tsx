import type { SignInOutcome } from '@clubs/web/src/auth/types.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiDown } from './api-mock.ts';
import { currentUrl, fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

describe('login page', () => {
  it('has the e-mail and password fields, a Forgot password link and a Sign up link', async () => {
    renderApp('/login');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
  });

  it.each([
    ['', ''],
    ['ada@example.com', ''],
    ['', 'secret-password'],
    ['   ', 'secret-password'],
  ])('refuses empty fields (%j, %j) with "Please fill in all required fields"', async (email, password) => {
    const { service } = fakeAuthService();
    renderApp('/login', { service });
    await fillAndSubmit(email, password);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all required fields');
    // Only the empty fields are marked.
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', String(!email.trim()));
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', String(!password));
    expect(service.signIn).not.toHaveBeenCalled();
  });

  it('reads "Signing in..." while busy, then goes to the redirect parameter', async () => {
    const { service } = fakeAuthService();
    let finish: () => void = () => undefined;
    const original = service.signIn.getMockImplementation();
    service.signIn.mockImplementationOnce(
      (email: string, password: string) =>
        new Promise<SignInOutcome>((resolve) => {
          finish = () => void original?.(email, password).then(resolve);
        }),
    );
    const { router } = renderApp('/login?redirect=%2Fc%2Fclub-1', { service });
    await fillAndSubmit('  ada@example.com ', 'secret-password');
    const button = await screen.findByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    expect(service.signIn).toHaveBeenCalledWith('ada@example.com', 'secret-password');
    finish();
    await waitFor(() => expect(currentUrl(router)).toBe('/c/club-1'));
  });

  it('goes to /dashboard without a redirect, and never to another site', async () => {
    apiDown();
    const { router } = renderApp('/login?redirect=%2F%2Fevil.example');
    await fillAndSubmit('ada@example.com', 'secret-password');
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
  });

  it('goes back to the page the user came from (router state)', async () => {
    const { router } = renderApp({
      pathname: '/login',
      state: { from: { pathname: '/clubs', search: '?tab=free' } },
    });
    await fillAndSubmit('ada@example.com', 'secret-password');
    await waitFor(() => expect(currentUrl(router)).toBe('/clubs?tab=free'));
  });

  it('shows the server message on failure and re-enables the form', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { service } = fakeAuthService();
    service.signIn.mockRejectedValueOnce(new Error('Incorrect username or password.'));
    const { router } = renderApp('/login', { service });
    await fillAndSubmit('ada@example.com', 'wrong-password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect username or password.');
    for (const label of ['Email', 'Password']) {
      const field = screen.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Incorrect username or password.');
    }
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('falls back to the generic message when the error has none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { service } = fakeAuthService();
    service.signIn.mockRejectedValueOnce(new Error(''));
    renderApp('/login', { service });
    await fillAndSubmit('ada@example.com', 'wrong-password');
    expect(await screen.findByText('Failed to login. Please check your credentials.')).toBeInTheDocument();
  });

  it('round trip: a guarded page sends the visitor to log in and brings them back', async () => {
    apiDown();
    const { router } = renderApp('/member-dashboard?tab=discover');
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/login?redirect=%2Fmember-dashboard%3Ftab%3Ddiscover'),
    );
    await fillAndSubmit('ada@example.com', 'secret-password');
    await waitFor(() => expect(currentUrl(router)).toBe('/member-dashboard?tab=discover'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
  });

  it('sends an already signed-in visitor straight on', async () => {
    const { service } = fakeAuthService(snapshotFor());
    const { router } = renderApp('/login?redirect=%2Fprofile', { service });
    await waitFor(() => expect(currentUrl(router)).toBe('/profile'));
  });
});
