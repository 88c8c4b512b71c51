/**
 * Failure states through the real UI: a refused sign-in or sign-up stays on its form (announced,
 * the fields it is about marked invalid and described by the message), an unreachable Cognito is
 * said on the form too, and a 500 from the API on the directory or a club page is shown as a
 * failure with Retry (never as "No clubs found" or "Club not found"), which recovers once the API
 * answers again. Failures are made with `page.route`; nothing registers a new account.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { acceptTerms, cognitoRequests, expectAccessible, submitRegistration } from './account-support.ts';
import { clubNamed, DEMO, PASSWORD } from './directory-support.ts';

/** The field is marked invalid and its accessible description is the form's message. */
async function expectMarked(field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

async function submitLogin(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** Answers the API request(s) matched with a 500 while `failing` is true, else lets them through. */
async function failWhile(page: Page, matches: (url: URL) => boolean) {
  const state = { failing: true };
  await page.route(matches, async (route) => {
    if (!state.failing) return route.continue();
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'Internal server error' } }),
    });
  });
  return state;
}

test('a wrong password stays on the login form: announced, both fields marked, focusable again', async ({
  page,
}) => {
  await submitLogin(page, DEMO.member, 'not-the-password');
  const form = page.getByRole('form', { name: 'Log in' });
  const alert = form.getByRole('alert');
  await expect(alert).toBeVisible();
  const message = (await alert.textContent())?.trim() ?? '';
  expect(message.length).toBeGreaterThan(0);
  await expectMarked(page.getByLabel('Email'), message);
  await expectMarked(page.getByLabel('Password', { exact: true }), message);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled();
  await expectAccessible(page, 'login with an error');
  // The next try starts clean and signs in.
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('empty login fields are named on the form, only the empty one marked', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO.member);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
  await expectMarked(page.getByLabel('Password', { exact: true }), 'Please fill in all required fields');
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'false');
});

test('signing up with an address that has an account marks the e-mail field', async ({ page }) => {
  await page.goto('/register');
  await submitRegistration(page, { name: 'Max Again', email: DEMO.member, password: 'Passphrase-123' });
  const message = 'An account with this email already exists.';
  await expect(page.getByRole('alert')).toHaveText(message);
  await expectMarked(page.getByLabel('Email'), message);
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
});

test('a mismatched confirmation is marked on the confirmation field before anything is sent', async ({
  page,
}) => {
  let sent = 0;
  await page.route(cognitoRequests, async (route) => {
    sent += 1;
    await route.continue();
  });
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Max Again');
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('Passphrase-123');
  await page.getByLabel('Confirm Password').fill('Passphrase-124');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expectMarked(page.getByLabel('Confirm Password'), 'Passwords do not match.');
  expect(sent).toBe(0);
  // The same route does see the request once the form is right (the count above can fail).
  await page.getByLabel('Confirm Password').fill('Passphrase-123');
  await acceptTerms(page);
  await page.getByLabel('Email').fill(DEMO.member);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this email already exists.');
  expect(sent).toBeGreaterThan(0);
});

test('an unreachable sign-in service is said on the form, and the form works once it is back', async ({
  page,
}) => {
  await page.route(cognitoRequests, (route) => route.abort('internetdisconnected'));
  await submitLogin(page, DEMO.member, PASSWORD);
  const alert = page.getByRole('form', { name: 'Log in' }).getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
  await page.unroute(cognitoRequests);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

// The directory and a club's page come drawn with what the API answered when the document was
// asked for; the browser reads the API once the visitor acts (a tab, a search, a club opened in
// the app), and that read is the one that fails here.
test('a 500 from the directory is a failure with Retry, not "No clubs found"', async ({ page }) => {
  await page.goto('/clubs');
  await expect(page.getByTestId('club-card').first()).toBeVisible();
  const api = await failWhile(page, (url) => url.pathname === '/api/clubs');
  await page.getByRole('tab', { name: 'Free', exact: true }).click();
  const failed = page.getByRole('alert').filter({ hasText: "Couldn't load clubs" });
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('Something went wrong on our side. Please try again.');
  await expect(page.getByRole('heading', { name: 'No clubs found' })).toHaveCount(0);
  await expectAccessible(page, 'directory failed');
  api.failing = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('club-card').first()).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('a 500 for a club page is a failure with Retry, not "Club not found"', async ({ page, request }) => {
  const club = await clubNamed(request, 'Morning Yoga Collective');
  await page.goto('/clubs');
  // A search starts the app and is answered by it: the card's link then opens the club in the app.
  await page.getByPlaceholder('Search clubs...').fill('Morning Yoga');
  const card = page.getByRole('article', { name: club.name, exact: true });
  await expect(page.getByTestId('club-card')).toHaveCount(1);
  const api = await failWhile(page, (url) => url.pathname === `/api/clubs/${club.id}`);
  await card.getByRole('link', { name: 'View Club' }).click();
  await expect(page).toHaveURL(new RegExp(`/c/${club.id}$`));
  const failed = page.getByRole('alert').filter({ hasText: "Couldn't load this club" });
  await expect(failed).toBeVisible();
  await expect(page.getByText(/club not found/i)).toHaveCount(0);
  api.failing = false;
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: club.name })).toBeVisible();
});

test('a club that does not exist is "not found", not a failure', async ({ page }) => {
  await page.goto('/c/01NOSUCHCLUB0000000000000');
  await expect(page.getByRole('heading', { name: /club not found/i })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});
