/**
 * Google sign-in's round trip (deployed only): the login page remembers where to go and leaves;
 * back on /, once signed in, the app goes there; a failure says 'Failed to login with Google'.
 */

import { rememberGoogleReturn, takeGoogleReturn } from '@clubs/web/src/auth/googleReturn.ts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from './api-mock.ts';
import { currentUrl, fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

afterEach(() => sessionStorage.clear());

/** Back on / from Google (signed out until the redirect's outcome), heading for `target`. */
async function backOnLanding(target: string) {
  mockApi({ featuredClubs: () => ok({ items: [] }) });
  rememberGoogleReturn(target, 'login');
  const fake = fakeAuthService();
  renderApp('/', { service: fake.service });
  await screen.findByRole('heading', { name: 'Cultivate Your Exclusive Circle' });
  return fake;
}

describe('googleReturn storage', () => {
  it('hands the target back once, and ignores stale or malformed entries', () => {
    rememberGoogleReturn('/c/club-1', 'login', 1_000);
    expect(takeGoogleReturn(2_000)).toEqual({ target: '/c/club-1', mode: 'login' });
    expect(takeGoogleReturn(2_000)).toBeNull();
    rememberGoogleReturn('/c/club-1', 'signup', 1_000);
    expect(takeGoogleReturn(1_000 + 11 * 60 * 1000)).toBeNull();
    sessionStorage.setItem('clubs:google-return', '{"target":5}');
    expect(takeGoogleReturn()).toBeNull();
  });
});

describe('Continue with Google on the login page', () => {
  it('reads "Signing in...", disables both buttons and remembers the redirect target', async () => {
    const { service } = fakeAuthService();
    service.googleSignInAvailable.mockResolvedValue(true);
    service.signInWithGoogle.mockImplementation(() => new Promise(() => undefined));
    renderApp('/login?redirect=%2Fc%2Fclub-1', { service });
    expect(screen.queryByText(/needs a deployment/)).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeDisabled();
    expect(service.signInWithGoogle).toHaveBeenCalled();
    expect(takeGoogleReturn()).toEqual({ target: '/c/club-1', mode: 'login' });
  });

  it('back on /, goes to the remembered page once the session is there', async () => {
    mockApi({ featuredClubs: () => ok({ items: [] }) });
    rememberGoogleReturn('/c/club-1', 'login');
    const { router } = renderApp('/', { service: fakeAuthService(snapshotFor()).service });
    await waitFor(() => expect(currentUrl(router)).toBe('/c/club-1'));
  });

  it('back on /, a failed sign-in says "Failed to login with Google"', async () => {
    const fake = await backOnLanding('/dashboard');
    act(() => fake.emit('signInWithRedirect_failure', null));
    expect(await screen.findByText('Failed to login with Google')).toBeVisible();
    expect(takeGoogleReturn()).toBeNull();
  });

  it('back on /, a sign-in Cognito refused because Google was just linked to the password account is started again, once', async () => {
    const fake = await backOnLanding('/c/club-1');
    const linked = 'Already found an entry for username Google_1098765';

    act(() => fake.emit('signInWithRedirect_failure', null, linked));
    await waitFor(() => expect(fake.service.signInWithGoogle).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Failed to login with Google')).not.toBeInTheDocument();
    // Where to go after the second round trip is still remembered.
    expect(takeGoogleReturn()).toEqual({ target: '/c/club-1', mode: 'login' });

    // The same refusal again is a real failure: no loop.
    rememberGoogleReturn('/c/club-1', 'login');
    act(() => fake.emit('signInWithRedirect_failure', null, linked));
    expect(await screen.findByText('Failed to login with Google')).toBeVisible();
    expect(fake.service.signInWithGoogle).toHaveBeenCalledTimes(1);
  });
});
