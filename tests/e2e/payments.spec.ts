/**
 * The payment journeys end to end, on the local Stripe simulator that `npm start` runs when no
 * STRIPE_SECRET_KEY is set: the browser really leaves for the simulator's Checkout page, Pay
 * and Cancel redirect like Stripe, and the club or membership is activated only by the signed
 * webhook event the simulator delivers (through the gateway, the bus and the event handler).
 */
import { expect, test } from '@playwright/test';
import { actionButton, clubNamed, DEMO, freshAccount, signIn } from './directory-support.ts';
import { createClubToCheckout, stripeOrigin } from './owner-support.ts';

test('the owner creates a club, pays on the simulator and lands on the new club through /club-setup', async ({
  page,
}) => {
  const name = `Sunrise Rowers ${Date.now().toString(36)}`;
  await createClubToCheckout(page, DEMO.owner, name);

  // Stripe Checkout (simulated): the product and its price, Pay and Cancel.
  await expect(page).toHaveURL(new RegExp(`^${stripeOrigin}/checkout/cs_test_`));
  await expect(page.getByTestId('product-name')).toHaveText('Community Creator Plan');
  await expect(page.getByTestId('price')).toContainText('$88.00');
  await expect(page.getByText('7 days free')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/club-setup\?success=true&club_id=/);
  await expect(page.getByRole('heading', { name: 'Setting up your club...' })).toBeVisible();
  await expect(page).toHaveURL(/\/communities\/[0-9A-Z]+$/, { timeout: 30_000 });
  await expect(page.getByText(`Your club "${name}" has been activated!`)).toBeVisible();
  const clubId = page.url().split('/').pop() as string;

  // Active, listed, and its billing shows the plan Stripe reports.
  const club = await page.request.get(`/api/clubs/${clubId}`);
  expect(club.status()).toBe(200);
  expect(await club.json()).toMatchObject({ name, status: 'active' });
  await page.goto(`/communities/${clubId}/billing`);
  await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  await expect(page.getByText('Community Creator Plan', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Trial period for Community Creator Plan' })).toBeVisible();
  await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
  await expect(page.getByText(/Visa •••• 4242/i)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute(
    'href',
    `/club-settings/${clubId}`,
  );
});

test("Cancel on the simulator's checkout returns with the spec's message and leaves the club unpaid", async ({
  page,
}) => {
  const name = `Quiet Readers ${Date.now().toString(36)}`;
  await createClubToCheckout(page, DEMO.owner, name);
  await expect(page).toHaveURL(new RegExp(`^${stripeOrigin}/checkout/`));
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page.getByText('Club creation was canceled. Please try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  const listed = await page.request.get(`/api/clubs?q=${encodeURIComponent(name)}`);
  const body = (await listed.json()) as { items: { name: string }[] };
  expect(body.items.map((c) => c.name)).not.toContain(name);
});

test('the member joins a paid club, pays on the simulator and enters it', async ({ page }) => {
  const club = await clubNamed(page.request, 'Strength & Conditioning Lab');
  await signIn(page, DEMO.member);
  await page.goto(`/c/${club.id}`);
  const join = actionButton(page);
  await expect(join).toHaveText('Join for $19.99/month');
  await join.click();

  await expect(page).toHaveURL(new RegExp(`^${stripeOrigin}/checkout/cs_test_`));
  await expect(page.getByTestId('product-name')).toHaveText('Strength & Conditioning Lab membership');
  await expect(page.getByTestId('price')).toContainText('$19.99');
  await expect(page.getByText('7 days free')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(
    new RegExp(`/communities/${club.id}/membership-success\\?session_id=cs_test_`),
  );
  await expect(page.getByRole('heading', { name: 'Membership Activated!' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
  await page.getByRole('link', { name: 'Enter Club' }).click();
  await expect(page).toHaveURL(new RegExp(`/communities/${club.id}$`));

  // The club page now knows the membership is active.
  await page.goto(`/c/${club.id}`);
  await expect(actionButton(page)).toHaveText('Enter Club');
});

test('a new owner starts Connect onboarding from the Payments tab and sees the real status', async ({
  page,
}) => {
  const email = await freshAccount(page.request, 'Nina Newowner');
  await createClubToCheckout(page, email, `Kite Makers ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/communities\/[0-9A-Z]+$/, { timeout: 30_000 });
  const clubId = page.url().split('/').pop() as string;

  await page.goto(`/club-settings/${clubId}?tab=payments`);
  const status = page.getByLabel('Stripe account status');
  await expect(status.getByText('Charges enabled')).toBeVisible();
  await page.getByRole('button', { name: 'Set up payouts with Stripe' }).click();
  await expect(page).toHaveURL(new RegExp(`^${stripeOrigin}/connect/onboarding/`));
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(new RegExp(`/club-settings/${clubId}\\?tab=payments&onboarding=return`));
  await expect(page.getByText('Welcome back from Stripe. Your account status is shown below.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open Stripe dashboard' })).toBeVisible();
  await expect(status.getByText('Not yet')).toHaveCount(0);
});
