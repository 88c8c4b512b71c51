/// <reference lib="dom" />
/**
 * Accounts through the real UI (issue 4): the login redirect rule, each registration message and
 * a registration, password change (wrong and right current password), password reset with the
 * code cognito-local stores, profile save with a photo uploaded to the media bucket, e-mail
 * change with its code, logout, 'Please log in', and axe-core on the account pages at 375 px and
 * desktop. Every test that changes an account registers its own.
 */
import { expect, type Page, test } from '@playwright/test';
import {
  acceptTerms,
  cognitoCode,
  cognitoRequests,
  expectAccessibleAtBothWidths,
  logIn,
  logOut,
  newAccount,
  register,
  uniqueEmail,
} from './account-support.ts';

const member = { email: 'member@clubs.local', password: 'DemoPass123!' };

/** A 1×1 PNG, as a file the photo picker would hand over. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('login redirect rule', () => {
  test('goes to the redirect parameter', async ({ page }) => {
    await logIn(page, member.email, member.password, '/login?redirect=%2Fsettings');
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  });

  test('goes back to the page the visitor came from (a guarded page)', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('else goes to /dashboard, and never to another site', async ({ page }) => {
    await logIn(page, member.email, member.password, '/login?redirect=%2F%2Fevil.example');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Logged in successfully')).toBeVisible();
  });

  test('empty fields give "Please fill in all required fields"; "Signing in..." while busy', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    // Hold the sign-in request so the busy label can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(cognitoRequests, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('Continue with Google says that it needs a deployment', async ({ page }) => {
    await page.goto('/login');
    // The drawn page starts the app on the visitor's first act (web/src/start-on-demand.ts): the
    // press is kept and answered once it has, and the page then knows Google is not configured.
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await expect(page.getByText('Google sign-in needs a deployment', { exact: true })).toBeVisible();
    await expect(page.getByText('Available on a deployed stack.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('registration: each validation message in order, then a successful registration', async ({ page }) => {
  const account = newAccount('Rowan Register');
  await page.goto('/register');
  const alert = page.getByRole('alert').filter({ hasNotText: 'Notifications' });
  const submit = () => page.getByRole('button', { name: 'Create Account' }).click();

  await submit();
  await expect(alert).toHaveText('Please fill in all fields.');
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await submit();
  await expect(alert).toHaveText('Passwords do not match.');
  await page.getByLabel('Confirm Password').fill('short');
  await submit();
  await expect(alert).toHaveText('Please accept the terms and conditions.');
  await acceptTerms(page);
  await submit();
  await expect(alert).toHaveText('Password must be at least 8 characters.');

  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await submit();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Registration successful!')).toBeVisible();

  // The new account signs in again with its password.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Welcome, Rowan' })).toBeVisible();
  await page.goto('/dashboard');
  await logOut(page);
  await logIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

// An address already registered is refused on the form: failure-states.spec.ts.

async function openPasswordTab(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Password' }).click();
}

test('password change: a wrong current password is refused, the right one changes it', async ({ page }) => {
  const account = newAccount('Parker Password');
  await register(page, account);
  await openPasswordTab(page);
  const update = page.getByRole('button', { name: 'Update Password' });
  await expect(update).toBeDisabled();
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password', { exact: true }).fill('Brand-new-passphrase');
  await expect(update).toBeDisabled();
  await page.getByLabel('Confirm New Password').fill('Brand-new-passphrase');
  await expect(update).toBeEnabled();
  await update.click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await page.getByLabel('Current Password').fill(account.password);
  await update.click();
  await expect(page.getByText('Password updated successfully')).toBeVisible();

  await logOut(page);
  await logIn(page, account.email, account.password);
  await expect(
    page.getByText('Failed to login. Please check your credentials.').or(page.getByRole('alert')),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await logIn(page, account.email, 'Brand-new-passphrase');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('password reset: a code by e-mail, a new password, then signing in with it', async ({ page }) => {
  const account = newAccount('Reese Reset');
  await register(page, account);
  await logOut(page);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(
    page.getByText(`If an account exists for ${account.email}, we have sent it a code.`, { exact: false }),
  ).toBeVisible();
  const code = await cognitoCode(account.email, 'ConfirmationCode');
  await page.getByLabel('Reset code').fill(code);
  await page.getByLabel('New Password', { exact: true }).fill('Reset-passphrase-1');
  await page.getByLabel('Confirm New Password').fill('Reset-passphrase-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByText('Your password has been reset. Please log in with your new password.'),
  ).toBeVisible();
  await logIn(page, account.email, 'Reset-passphrase-1');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('password reset: an unknown address gets the same answer as a real one', async ({ page }) => {
  await page.goto('/forgot-password');
  const nobody = uniqueEmail('nobody');
  await page.getByLabel('Email').fill(nobody);
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(
    page.getByText(`If an account exists for ${nobody}, we have sent it a code.`, { exact: false }),
  ).toBeVisible();
  await page.getByLabel('Reset code').fill('123456');
  await page.getByLabel('New Password', { exact: true }).fill('Reset-passphrase-1');
  await page.getByLabel('Confirm New Password').fill('Reset-passphrase-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That code is not right.' })).toBeVisible();
});

test('profile: name, bio, location and a photo uploaded to the media bucket are saved', async ({
  page,
  request,
}) => {
  const account = newAccount('Pat Profile');
  await register(page, account);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Pat Profile');
  await page.getByLabel('Full Name').fill('Patricia Profile');
  await page.getByLabel('Bio').fill('Potter and weekend runner.');
  await page.getByLabel('Location').fill('Leeds');

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change Photo' }).click();
  await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('File uploaded successfully')).toBeVisible();
  const photo = page.getByRole('img', { name: 'You' });
  await expect(photo).toHaveAttribute('src', /^\/media\/avatars\/[^/]+\/[0-9a-z]{26}\.png$/);

  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  // The header greets with the new name at once.
  await expect(
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Patricia' }),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Patricia Profile');
  await expect(page.getByLabel('Bio')).toHaveValue('Potter and weekend runner.');
  await expect(page.getByLabel('Location')).toHaveValue('Leeds');
  const src = await page.getByRole('img', { name: 'You' }).getAttribute('src');
  const image = await request.get(src ?? '');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect(Buffer.compare(await image.body(), PNG)).toBe(0);
  // The photo really loaded in the page.
  expect(
    await page.getByRole('img', { name: 'You' }).evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBe(1);
});

test('profile: a file that is not an image is refused before anything is uploaded', async ({ page }) => {
  await register(page, newAccount('Una Upload'));
  await page.goto('/profile');
  const presigns: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/me/avatar-upload')) presigns.push(r.url());
  });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Change Photo' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('Only image files are allowed')).toBeVisible();
  expect(presigns).toEqual([]);
});

test('e-mail change: confirmed with the code sent to the new address, then used to sign in', async ({
  page,
}) => {
  const account = newAccount('Emery Email');
  await register(page, account);
  await page.goto('/settings');
  await page.getByLabel('New Email').fill(account.email.toUpperCase());
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByText('Please enter a different email address')).toBeVisible();

  const next = uniqueEmail('moved');
  await page.getByLabel('New Email').fill(next);
  await page.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByText(`We sent a verification code to ${next}`, { exact: false })).toBeVisible();
  await page.getByLabel('Verification code').fill(await cognitoCode(next, 'AttributeVerificationCode'));
  await page.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(page.getByText('Email address updated successfully')).toBeVisible();
  await expect(page.getByText(`Current email: ${next}`)).toBeVisible();

  await logOut(page);
  await logIn(page, next, account.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await expect(page.getByLabel('Email')).toHaveValue(next);
});

test('logout goes to / with "Logged out successfully"; the account pages then say "Please log in"', async ({
  page,
}) => {
  await logIn(page, member.email, member.password, '/login?redirect=%2Fprofile');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  await logOut(page);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  for (const path of ['/profile', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Please log in' })).toBeVisible();
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
  }
});

/** Axe and sideways scrolling judge what is on screen at a phone's width, then at a desktop's. */
// One walk through the account pages judges each step at both widths: the signed-out notices,
// the profile, both settings tabs and the reset step.
test('account pages at 375 px and 1280 px have no serious or critical axe violations and no sideways scrolling', async ({
  page,
}) => {
  test.setTimeout(120_000);
  for (const path of ['/profile', '/settings']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Please log in' })).toBeVisible();
    await expectAccessibleAtBothWidths(page, `${path} signed out`);
  }
  await logIn(page, member.email, member.password, '/login?redirect=%2Fprofile');
  await expect(page.getByLabel('Full Name')).not.toHaveValue('');
  await expectAccessibleAtBothWidths(page, '/profile');
  await page.goto('/settings');
  await expect(page.getByLabel('New Email')).toBeVisible();
  // The notification setting is greyed out until its value has loaded: judge the page as read.
  await expect(page.getByRole('combobox', { name: 'Notifications from your clubs' })).toBeEnabled();
  await expectAccessibleAtBothWidths(page, '/settings (Email)');
  await page.getByRole('tab', { name: 'Password' }).click();
  await expect(page.getByLabel('Current Password')).toBeVisible();
  await expectAccessibleAtBothWidths(page, '/settings (Password)');
  // The registration code step (deployed pools) and the reset step are reached in other tests.
  await logOut(page);
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(uniqueEmail('axe'));
  await page.getByRole('button', { name: 'Send Reset Code' }).click();
  await expect(page.getByLabel('Reset code')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  await expectAccessibleAtBothWidths(page, '/forgot-password (reset step)');
});
