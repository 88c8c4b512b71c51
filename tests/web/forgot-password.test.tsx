/**
 * Password reset (/forgot-password): a code is requested without revealing whether the address
 * has an account, then the code and a new password (twice, at least 8 characters) reset it.
 */

import { validateReset } from '@clubs/web/src/features/account/pages/ForgotPasswordPage.tsx';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiDown } from './api-mock.ts';
import { currentUrl, fakeAuthService, renderApp } from './helpers.tsx';

async function requestCode(email: string) {
  const user = userEvent.setup();
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  await user.click(await screen.findByRole('button', { name: 'Send Reset Code' }));
  return user;
}

describe('forgot password', () => {
  it('is linked from the login page', async () => {
    const { router } = renderApp('/login');
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    expect(currentUrl(router)).toBe('/forgot-password');
  });

  it('asks for the address first', async () => {
    const { service } = fakeAuthService();
    renderApp('/forgot-password', { service });
    await requestCode('');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your email address.');
    expect(service.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('answers every address the same way, then resets with the code and goes to login', async () => {
    apiDown();
    const { service } = fakeAuthService();
    const { router } = renderApp('/forgot-password', { service });
    const user = await requestCode(' nobody-or-somebody@example.com ');
    expect(service.requestPasswordReset).toHaveBeenCalledWith('nobody-or-somebody@example.com');
    expect(
      await screen.findByText(
        'If an account exists for nobody-or-somebody@example.com, we have sent it a code. Enter the code and your new password below.',
      ),
    ).toBeVisible();
    await user.type(screen.getByLabelText('Reset code'), '123456');
    await user.type(screen.getByLabelText('New Password'), 'a-new-passphrase');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/login'));
    expect(service.confirmPasswordReset).toHaveBeenCalledWith(
      'nobody-or-somebody@example.com',
      '123456',
      'a-new-passphrase',
    );
    expect(
      await screen.findByText('Your password has been reset. Please log in with your new password.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['', 'a-new-passphrase', 'a-new-passphrase', 'Please fill in all fields.'],
    ['123456', 'a-new-passphrase', 'another-passphrase', 'Passwords do not match.'],
    ['123456', 'short', 'short', 'Password must be at least 8 characters.'],
  ])('checks the reset step (%j, %j, %j): %s', async (code, password, confirm, message) => {
    expect(validateReset(code, password, confirm)?.message).toBe(message);
    const { service } = fakeAuthService();
    renderApp('/forgot-password', { service });
    const user = await requestCode('ada@example.com');
    if (code) await user.type(await screen.findByLabelText('Reset code'), code);
    await user.type(await screen.findByLabelText('New Password'), password);
    await user.type(screen.getByLabelText('Confirm New Password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(service.confirmPasswordReset).not.toHaveBeenCalled();
  });

  it("shows the service's message for a wrong code and stays, with a new code on request", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { service } = fakeAuthService();
    service.confirmPasswordReset.mockRejectedValueOnce(
      new Error('That code is not right. Please check it and try again.'),
    );
    const { router } = renderApp('/forgot-password', { service });
    const user = await requestCode('ada@example.com');
    await user.type(await screen.findByLabelText('Reset code'), '000000');
    await user.type(screen.getByLabelText('New Password'), 'a-new-passphrase');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
    expect(currentUrl(router)).toBe('/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(service.requestPasswordReset).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('A new code is on its way.')).toBeInTheDocument();
  });
});
