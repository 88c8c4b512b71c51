/**
 * Registration: the validation order and its messages, the busy
 * label, success (toast, /dashboard), inline server errors cleared on navigation, the e-mailed
 * code step of a deployed pool, and Google's busy label.
 */

import {
  type RegistrationForm,
  validateRegistration,
} from '@clubs/web/src/features/account/components/registerValidation.ts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiDown } from './api-mock.ts';
import { currentUrl, fakeAuthService, renderApp } from './helpers.tsx';

const VALID: RegistrationForm = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  password: 'analytical-engine',
  confirmPassword: 'analytical-engine',
  acceptTerms: true,
};

describe('validateRegistration: the spec order, then the 8-character rule', () => {
  it.each([
    [{ name: '' }, 'Please fill in all fields.'],
    [{ name: '   ' }, 'Please fill in all fields.'],
    [{ email: '' }, 'Please fill in all fields.'],
    [{ password: '', confirmPassword: '' }, 'Please fill in all fields.'],
    [{ confirmPassword: '' }, 'Please fill in all fields.'],
    [{ confirmPassword: 'something-else' }, 'Passwords do not match.'],
    [{ acceptTerms: false }, 'Please accept the terms and conditions.'],
    [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters.'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address.'],
  ])('%j gives %j', (change, message) => {
    expect(validateRegistration({ ...VALID, ...change })?.message).toBe(message);
  });

  it('checks in order: missing fields before a mismatch, a mismatch before the terms, the terms before length', () => {
    const everythingWrong = { name: '', email: 'x', password: 'a', confirmPassword: 'b', acceptTerms: false };
    expect(validateRegistration(everythingWrong)?.message).toBe('Please fill in all fields.');
    expect(validateRegistration({ ...everythingWrong, name: 'Ada' })?.message).toBe(
      'Passwords do not match.',
    );
    expect(validateRegistration({ ...everythingWrong, name: 'Ada', confirmPassword: 'a' })?.message).toBe(
      'Please accept the terms and conditions.',
    );
    expect(
      validateRegistration({ ...everythingWrong, name: 'Ada', confirmPassword: 'a', acceptTerms: true })
        ?.message,
    ).toBe('Password must be at least 8 characters.');
    expect(validateRegistration(VALID)).toBeNull();
  });

  it('names the fields each problem is about', () => {
    expect(validateRegistration({ ...VALID, name: ' ', confirmPassword: '' })?.fields).toEqual([
      'name',
      'confirmPassword',
    ]);
    expect(validateRegistration({ ...VALID, confirmPassword: 'other-pass' })?.fields).toEqual([
      'confirmPassword',
    ]);
    expect(validateRegistration({ ...VALID, acceptTerms: false })?.fields).toEqual(['terms']);
    expect(validateRegistration({ ...VALID, email: 'not-an-address' })?.fields).toEqual(['email']);
  });

  it('takes the length and address rules from the shared schemas', () => {
    const long = 'p'.repeat(257);
    expect(validateRegistration({ ...VALID, password: long, confirmPassword: long })?.message).toBe(
      'Password must be at most 256 characters.',
    );
    expect(validateRegistration({ ...VALID, name: 'A'.repeat(101) })?.message).toBe(
      'Please enter a shorter name.',
    );
  });
});

async function fill(form: Partial<RegistrationForm>) {
  const user = userEvent.setup();
  if (form.name) await user.type(await screen.findByLabelText('Full Name'), form.name);
  if (form.email) await user.type(screen.getByLabelText('Email'), form.email);
  if (form.password) await user.type(screen.getByLabelText('Password'), form.password);
  if (form.confirmPassword) await user.type(screen.getByLabelText('Confirm Password'), form.confirmPassword);
  if (form.acceptTerms) await user.click(screen.getByRole('checkbox'));
  return user;
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Create Account' }));

describe('registration page', () => {
  it('has the five fields, Google, a link to login and one back home', async () => {
    renderApp('/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
    expect(
      screen.getByRole('checkbox', { name: /I agree to the Terms of Service and Privacy Policy/ }),
    ).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it.each([
    [{}, 'Please fill in all fields.'],
    [{ ...VALID, confirmPassword: 'different-pass', acceptTerms: false }, 'Passwords do not match.'],
    [{ ...VALID, acceptTerms: false }, 'Please accept the terms and conditions.'],
    [{ ...VALID, password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters.'],
  ])('shows the first failing check inline and signs nobody up (%#)', async (form, message) => {
    const { service } = fakeAuthService();
    renderApp('/register', { service });
    const user = await fill(form);
    await submit(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    const marked = document.querySelectorAll(`[aria-describedby="${alert.id}"]`);
    expect(marked.length).toBeGreaterThan(0);
    for (const field of marked) expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(service.signUp).not.toHaveBeenCalled();
  });

  it('reads "Creating account..." while busy, then shows "Registration successful!" and goes to /dashboard', async () => {
    apiDown();
    const { service } = fakeAuthService();
    let finish: () => void = () => undefined;
    const original = service.signUp.getMockImplementation();
    service.signUp.mockImplementationOnce(
      (input) => new Promise((resolve) => (finish = () => void original?.(input).then(resolve))),
    );
    const { router } = renderApp('/register', { service });
    const user = await fill({ ...VALID, name: '  Ada Lovelace ', email: ' ada@example.com ' });
    await submit(user);
    expect(await screen.findByRole('button', { name: 'Creating account...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
    expect(service.signUp).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
    });
    act(() => finish());
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
  });

  it('shows a server error inline (or the fallback) and clears it when the location changes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { service } = fakeAuthService();
    service.signUp.mockRejectedValueOnce(new Error('An account with this email already exists.'));
    service.signUp.mockRejectedValueOnce(new Error(''));
    const { router } = renderApp('/register', { service });
    const user = await fill(VALID);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      'An account with this email already exists.',
    );
    expect(screen.getByLabelText('Full Name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeEnabled();
    await submit(user);
    expect(await screen.findByText('Failed to register. Please try again.')).toBeVisible();
    await act(() => router.navigate('/register?from=nav'));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('asks for the e-mailed code when the pool verifies addresses, with a resend, then signs in', async () => {
    apiDown();
    const { service } = fakeAuthService();
    service.signUp.mockResolvedValueOnce({ status: 'confirmCode', destination: 'a***@e***' });
    const { router } = renderApp('/register', { service });
    const user = await fill(VALID);
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeVisible();
    expect(screen.getByText(/We sent a verification code to a\*\*\*@e\*\*\*/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(service.resendSignUpCode).toHaveBeenCalledWith('ada@example.com');
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/dashboard'));
    expect(service.confirmSignUp).toHaveBeenCalledWith({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical-engine',
      code: '123456',
    });
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
  });

  it('keeps a wrong code on the code step with its message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { service } = fakeAuthService();
    service.signUp.mockResolvedValueOnce({ status: 'confirmCode', destination: null });
    service.confirmSignUp.mockRejectedValueOnce(
      new Error('That code is not right. Please check it and try again.'),
    );
    renderApp('/register', { service });
    const user = await fill(VALID);
    await submit(user);
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right.');
  });

  it('carries a redirect from login over to login and back after signing up', async () => {
    apiDown();
    const { router } = renderApp('/register?redirect=%2Fc%2Fclub-1');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fc%2Fclub-1',
    );
    const user = await fill(VALID);
    await submit(user);
    await waitFor(() => expect(currentUrl(router)).toBe('/c/club-1'));
  });
});

describe('Google on the registration page', () => {
  it('says that Google sign-in needs a deployment when there is no hosted UI', async () => {
    const { service } = fakeAuthService();
    renderApp('/register', { service });
    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    expect(await screen.findByText('Available on a deployed stack.')).toBeVisible();
    await userEvent.click(button);
    expect(await screen.findByText('Google sign-in needs a deployment')).toBeVisible();
    expect(service.signInWithGoogle).not.toHaveBeenCalled();
  });

  it('reads "Signing up..." and disables both buttons while it leaves for Google', async () => {
    const { service } = fakeAuthService();
    service.googleSignInAvailable.mockResolvedValue(true);
    service.signInWithGoogle.mockImplementation(() => new Promise(() => undefined));
    renderApp('/register?redirect=%2Fc%2Fclub-9', { service });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('button', { name: 'Signing up...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDisabled();
    expect(JSON.parse(sessionStorage.getItem('clubs:google-return') ?? '{}')).toMatchObject({
      target: '/c/club-9',
      mode: 'signup',
    });
    sessionStorage.clear();
  });

  it('shows "Failed to sign up with Google" and resets when the redirect cannot start', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { service } = fakeAuthService();
    service.googleSignInAvailable.mockResolvedValue(true);
    service.signInWithGoogle.mockRejectedValueOnce(new Error(''));
    renderApp('/register', { service });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Failed to sign up with Google')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(sessionStorage.getItem('clubs:google-return')).toBeNull();
  });
});
