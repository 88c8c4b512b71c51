/**
 * /profile and /settings: the profile form with its photo upload (checked in the
 * browser, presigned by the API, posted to the bucket) and the spec's toasts; the Email and
 * Password tabs with their rules and messages.
 */

import {
  emailChangeProblem,
  passwordChangeProblem,
} from '@clubs/web/src/features/account/pages/AccountSettingsPage.tsx';
import { photoProblem } from '@clubs/web/src/features/account/pages/ProfilePage.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiDown } from './api-mock.ts';
import { profile, routeFetch } from './fetch-routes.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const signedIn = () => fakeAuthService(snapshotFor({ email: 'ada@example.com' }));
const UPLOAD = {
  url: 'https://media.example/upload',
  fields: {
    key: 'avatars/user-1/01abc.png',
    'Content-Type': 'image/png',
    Policy: 'cG9saWN5',
    'X-Amz-Signature': 'f00',
  },
  key: 'avatars/user-1/01abc.png',
  mediaUrl: '/media/avatars/user-1/01abc.png',
  expiresAt: '2025-04-01T00:05:00.000Z',
};
const png = (size = 2048, type = 'image/png') => new File([new Uint8Array(size)], 'me.png', { type });

describe('profile page', () => {
  it('loads the profile into Full Name, Bio and Location and saves the changes', async () => {
    const api = routeFetch({
      getMe: () => ({ status: 200, body: profile() }),
      updateMe: (call) => ({ status: 200, body: profile(call.body as Record<string, unknown>) }),
    });
    renderApp('/profile', { service: signedIn().service });
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
    const name = await screen.findByLabelText('Full Name');
    expect(name).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText('Bio')).toHaveValue('Counts things.');
    expect(screen.getByLabelText('Location')).toHaveValue('London');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.clear(screen.getByLabelText('Location'));
    await userEvent.type(screen.getByLabelText('Location'), 'Marylebone');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully')).toBeVisible();
    const [save] = api.to('PATCH', '/api/me');
    expect(save?.body).toEqual({
      fullName: 'Ada King',
      bio: 'Counts things.',
      location: 'Marylebone',
      avatarUrl: null,
    });
    expect(save?.headers.get('authorization')).toBe('Bearer id-token-1');
    // The header's name follows the saved profile.
    expect(
      await within(screen.getByRole('navigation', { name: 'Account' })).findByRole('link', { name: 'Ada' }),
    ).toBeVisible();
  });

  it('says "Failed to update profile" when saving fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    routeFetch({
      getMe: () => ({ status: 200, body: profile() }),
      updateMe: () => ({
        status: 400,
        body: { error: { code: 'validation_failed', message: 'The request is not valid' } },
      }),
    });
    renderApp('/profile', { service: signedIn().service });
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeVisible();
  });

  it('says "Failed to load profile data" when the profile cannot be read', async () => {
    routeFetch({
      getMe: () => ({ status: 403, body: { error: { code: 'forbidden', message: 'no' } } }),
    });
    renderApp('/profile', { service: signedIn().service });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load profile data');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('uploads a new photo with the presigned POST and saves it with the profile', async () => {
    const api = routeFetch({
      getMe: () => ({ status: 200, body: profile() }),
      createAvatarUpload: () => ({ status: 201, body: UPLOAD }),
      'POST /upload': () => ({ status: 204 }),
      updateMe: (call) => ({ status: 200, body: profile(call.body as Record<string, unknown>) }),
    });
    renderApp('/profile', { service: signedIn().service });
    expect(await screen.findByRole('img', { name: 'No profile photo yet' })).toHaveTextContent('AL');
    await userEvent.upload(screen.getByTestId('avatar-input'), png(2048));
    expect(await screen.findByText('File uploaded successfully')).toBeVisible();
    expect(api.to('POST', '/api/me/avatar-upload')[0]?.body).toEqual({
      contentType: 'image/png',
      size: 2048,
    });
    const post = api.to('POST', '/upload')[0];
    const form = post?.body as FormData;
    expect([...form.keys()]).toEqual(['key', 'Content-Type', 'Policy', 'X-Amz-Signature', 'file']);
    expect((form.get('file') as File).size).toBe(2048);
    expect(screen.getByRole('img', { name: 'You' })).toHaveAttribute('src', UPLOAD.mediaUrl);

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(api.to('PATCH', '/api/me')[0]?.body).toMatchObject({ avatarUrl: UPLOAD.mediaUrl }),
    );
  });

  it.each([
    ['an SVG', () => png(10, 'image/svg+xml'), 'Only image files are allowed'],
    ['a PDF', () => png(10, 'application/pdf'), 'Only image files are allowed'],
    ['a picture over 10 MB', () => png(10 * 1024 * 1024 + 1), 'File size must be less than 10MB'],
  ])('refuses %s in the browser before asking the API', async (_label, makeFile, message) => {
    const file = makeFile();
    expect(photoProblem(file)).toBe(message);
    const api = routeFetch({ getMe: () => ({ status: 200, body: profile() }) });
    renderApp('/profile', { service: signedIn().service });
    await screen.findByLabelText('Full Name');
    await userEvent.upload(screen.getByTestId('avatar-input'), file, { applyAccept: false });
    expect(await screen.findByText(message)).toBeVisible();
    expect(api.to('POST', '/api/me/avatar-upload')).toHaveLength(0);
  });

  it('says "Failed to upload file" when the bucket refuses the upload, and keeps the old photo', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    routeFetch({
      getMe: () => ({ status: 200, body: profile({ avatarUrl: '/media/avatars/user-1/old.png' }) }),
      createAvatarUpload: () => ({ status: 201, body: UPLOAD }),
      'POST /upload': () => ({ status: 403 }),
    });
    renderApp('/profile', { service: signedIn().service });
    await screen.findByLabelText('Full Name');
    await userEvent.upload(screen.getByTestId('avatar-input'), png());
    expect(await screen.findByText('Failed to upload file')).toBeVisible();
    expect(screen.getByRole('img', { name: 'You' })).toHaveAttribute('src', '/media/avatars/user-1/old.png');
  });
});

describe('account settings', () => {
  it('has Email and Password tabs', async () => {
    renderApp('/settings', { service: signedIn().service });
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Email' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Password' })).toBeVisible();
    expect(screen.getByText('ada@example.com')).toBeVisible();
  });

  it('refuses the current address ("Please enter a different email address")', async () => {
    expect(emailChangeProblem('ada@example.com', ' ADA@example.com ')).toBe(
      'Please enter a different email address',
    );
    expect(emailChangeProblem('ada@example.com', '')).toBe('Please enter your new email address');
    expect(emailChangeProblem('ada@example.com', 'new@example.com')).toBeNull();
    const { service } = signedIn();
    renderApp('/settings', { service });
    await userEvent.type(await screen.findByLabelText('New Email'), 'Ada@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText('Please enter a different email address')).toBeVisible();
    expect(service.changeEmail).not.toHaveBeenCalled();
  });

  it('changes the address once the code sent to it is confirmed', async () => {
    apiDown();
    const { service } = signedIn();
    renderApp('/settings', { service });
    await userEvent.type(await screen.findByLabelText('New Email'), 'ada.new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText(/We sent a verification code to ada.new@example.com/)).toBeVisible();
    expect(service.changeEmail).toHaveBeenCalledWith('ada.new@example.com');
    await userEvent.type(screen.getByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Email' }));
    expect(await screen.findByText('Email address updated successfully')).toBeVisible();
    expect(service.confirmEmailChange).toHaveBeenCalledWith('123456');
  });

  it('says "Failed to update email address" when the change fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { service } = signedIn();
    service.changeEmail.mockRejectedValueOnce(new Error('An account with this email already exists.'));
    renderApp('/settings', { service });
    await userEvent.type(await screen.findByLabelText('New Email'), 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText('Failed to update email address')).toBeVisible();
    expect(screen.getByText('An account with this email already exists.')).toBeVisible();
  });

  async function passwordTab() {
    const fake = signedIn();
    renderApp('/settings', { service: fake.service });
    await userEvent.click(await screen.findByRole('tab', { name: 'Password' }));
    return fake.service;
  }

  it('keeps Update Password disabled until all three fields are filled', async () => {
    await passwordTab();
    const button = await screen.findByRole('button', { name: 'Update Password' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Current Password'), 'DemoPass123!');
    await userEvent.type(screen.getByLabelText('New Password'), 'a-new-passphrase');
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'a-new-passphrase');
    expect(button).toBeEnabled();
  });

  it.each([
    ['a-new-passphrase', 'another-passphrase', "New passwords don't match"],
    ['short', 'short', 'Password must be at least 8 characters'],
  ])('refuses %j / %j with "%s"', async (next, confirm, message) => {
    expect(passwordChangeProblem(next, confirm)).toBe(message);
    const service = await passwordTab();
    await userEvent.type(await screen.findByLabelText('Current Password'), 'DemoPass123!');
    await userEvent.type(screen.getByLabelText('New Password'), next);
    await userEvent.type(screen.getByLabelText('Confirm New Password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(service.changePassword).not.toHaveBeenCalled();
  });

  it('says "Current password is incorrect" when the service refuses the current password', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const service = await passwordTab();
    service.changePassword.mockRejectedValueOnce(new Error('Current password is incorrect'));
    await userEvent.type(await screen.findByLabelText('Current Password'), 'wrong-password');
    await userEvent.type(screen.getByLabelText('New Password'), 'a-new-passphrase');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'a-new-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeVisible();
  });

  it('says "Password updated successfully" and clears the fields', async () => {
    const service = await passwordTab();
    await userEvent.type(await screen.findByLabelText('Current Password'), 'DemoPass123!');
    await userEvent.type(screen.getByLabelText('New Password'), 'a-new-passphrase');
    await userEvent.type(screen.getByLabelText('Confirm New Password'), 'a-new-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeVisible();
    expect(service.changePassword).toHaveBeenCalledWith('DemoPass123!', 'a-new-passphrase');
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });
});
