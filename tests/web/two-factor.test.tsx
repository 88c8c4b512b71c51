/**
 * Two-factor authentication in the SPA: Account Settings adds an authenticator app (QR code,
 * secret, a confirming code) and turns it off; a super admin whose token came without the power
 * for want of one is sent there and told so; sign-in asks for the app's code when Cognito does.
 */

import { SUPER_ADMIN_NEEDS_MFA } from '@clubs/web/src/features/account/components/TwoFactorSection.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiDown } from './api-mock.ts';
import { currentUrl, FAKE_TOTP_SETUP, fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

async function openTwoFactorTab() {
  await userEvent.click(await screen.findByRole('tab', { name: 'Two-factor' }));
  return screen.findByRole('button', { name: /Set up authenticator app|Turn off two-factor authentication/ });
}

/**
 * Account Settings with an app's setup started, where one step of it fails with `message` as
 * Cognito's refusals do (the console's error log of it kept quiet).
 */
async function startSetupFailingAt(step: 'startTotpSetup' | 'confirmTotpSetup', message: string) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { service } = fakeAuthService(snapshotFor());
  service[step].mockRejectedValueOnce(new Error(message));
  renderApp('/settings', { service });
  await openTwoFactorTab();
  await userEvent.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
  return service;
}

describe('Account Settings: two-factor authentication', () => {
  it('adds an authenticator app: QR code and secret, a code that must be 6 digits, then on', async () => {
    const { service } = fakeAuthService(snapshotFor());
    renderApp('/settings', { service });
    await openTwoFactorTab();
    expect(screen.getByText(/Off\./)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Set up authenticator app' }));

    const form = await screen.findByRole('form', { name: 'Add an app' });
    expect(within(form).getByTestId('totp-secret')).toHaveTextContent(FAKE_TOTP_SETUP.secret);
    expect(within(form).getByText(FAKE_TOTP_SETUP.uri)).toBeVisible();
    const qr = await within(form).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);

    const code = within(form).getByLabelText('Code from the app');
    await userEvent.type(code, '12a');
    await userEvent.click(within(form).getByRole('button', { name: 'Verify and turn on' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Please enter the 6-digit code from your authenticator app',
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(service.confirmTotpSetup).not.toHaveBeenCalled();

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(within(form).getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('Two-factor authentication is on')).toBeVisible();
    expect(service.confirmTotpSetup).toHaveBeenCalledWith('123456');
    expect(await screen.findByText(/On\./)).toBeVisible();
    // The new tokens were read (they may carry the super_admin group now).
    expect(service.currentSession.mock.calls.length).toBeGreaterThan(1);
  });

  it('keeps a wrong code on the form, announced, with the field marked, and stays off', async () => {
    const service = await startSetupFailingAt(
      'confirmTotpSetup',
      'That code is not right. Please check it and try again.',
    );
    const code = await screen.findByLabelText('Code from the app');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText(/Off\./)).toBeVisible();
    expect(await service.totpEnabled()).toBe(false);
  });

  it('turns an enabled app off', async () => {
    const { service } = fakeAuthService(snapshotFor());
    await service.confirmTotpSetup('123456');
    renderApp('/settings', { service });
    const button = await openTwoFactorTab();
    expect(button).toHaveTextContent('Turn off two-factor authentication');
    await userEvent.click(button);
    expect(await screen.findByText('Two-factor authentication is off')).toBeVisible();
    expect(service.disableTotp).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Set up authenticator app' })).toBeVisible();
  });

  it('says so on the form when the setup cannot start', async () => {
    await startSetupFailingAt(
      'startTotpSetup',
      'Too many attempts. Please wait a few minutes and try again.',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not start the setup');
    expect(alert).toHaveTextContent('Too many attempts.');
  });
});

describe('a super admin without an authenticator app where it is required', () => {
  const needsMfa = () => fakeAuthService(snapshotFor({ groups: [], superAdminNeedsMfa: true }));

  it('is sent from the admin pages to Account Settings, told why, with the two-factor tab open', async () => {
    const { service } = needsMfa();
    const { router } = renderApp('/super-admin', { service });
    await waitFor(() => expect(currentUrl(router)).toBe('/settings'));
    expect(await screen.findByText('Two-factor authentication required', { selector: '*' })).toBeTruthy();
    expect(await screen.findByText(SUPER_ADMIN_NEEDS_MFA)).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Two-factor' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is not sent anywhere once the token carries the group', async () => {
    apiDown();
    const { service } = fakeAuthService(snapshotFor({ groups: ['super_admin'] }));
    const { router } = renderApp('/super-admin', { service });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentUrl(router)).toBe('/super-admin');
  });
});

describe('login: the authenticator app step', () => {
  async function signInAskedForCode() {
    apiDown();
    const { service } = fakeAuthService();
    service.signIn.mockResolvedValueOnce({ status: 'totpCode' });
    const rendered = renderApp('/login?redirect=%2Fsettings', { service });
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await screen.findByRole('heading', { level: 1, name: 'Two-factor authentication' });
    return { service, ...rendered };
  }

  it('asks for the code, refuses a malformed one on the form, and signs in with the right one', async () => {
    const { service, router } = await signInAskedForCode();
    const code = screen.getByLabelText('Authentication code');
    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter the 6-digit code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(service.confirmSignInCode).not.toHaveBeenCalled();

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/settings'));
    expect(service.confirmSignInCode).toHaveBeenCalledWith('654321');
    expect(await screen.findByText('Logged in successfully')).toBeVisible();
  });

  it("shows Cognito's reason for a wrong code on the form and stays on the step", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { service, router } = await signInAskedForCode();
    service.confirmSignInCode.mockRejectedValueOnce(
      new Error('That code is not right. Please check it and try again.'),
    );
    const code = screen.getByLabelText('Authentication code');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That code is not right.');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription('That code is not right. Please check it and try again.');
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled();
  });

  it('goes back to the password form', async () => {
    await signInAskedForCode();
    await userEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeVisible();
  });
});
