/**
 * An owner's first steps, as the payment walks and the walks that need a club of their own take
 * them: create a club from the dashboard and start its plan on the local Stripe simulator.
 */
import { expect, type Page } from '@playwright/test';
import { signIn } from './directory-support.ts';

/** The simulator's origin, as the config passes STRIPE_PORT (E2E_PORT + 6). */
export const stripeOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 5273) + 6}`;

/**
 * Signs in as `email`, creates a club named `name` from the dashboard and starts its plan's free
 * trial from the payment dialog: the browser leaves for the simulator's checkout.
 */
export async function createClubToCheckout(page: Page, email: string, name: string) {
  await signIn(page, email);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Create Club' }).first().click();
  const details = page.getByRole('dialog', { name: 'Create a new club' });
  await expect(details.getByText('Fill in the details below to create your new community.')).toBeVisible();
  await expect(details.getByText('Creating a community costs $88/month')).toBeVisible();
  const next = details.getByRole('button', { name: 'Continue' });
  await expect(next).toBeDisabled();
  await details.getByLabel('Community Name').fill(name);
  await expect(next).toBeDisabled();
  await details.getByLabel('Description').fill(`${name}: a club made by the end-to-end test.`);
  await next.click();
  const payment = page.getByRole('dialog', { name: 'Set up payment' });
  await expect(
    payment.getByText("Your 7-day free trial starts today. You won't be charged until the trial ends."),
  ).toBeVisible();
  await expect(payment.getByText('Community Creator Plan')).toBeVisible();
  await expect(page.getByText('Club created! Now setting up payment...')).toBeVisible();
  await payment.getByRole('button', { name: 'Start Free Trial' }).click();
}

/**
 * A new active free club of `email`'s own, through the dashboard and the simulator's checkout:
 * the club's id, with the owner's page on the club's feed.
 */
export async function newActiveClub(page: Page, email: string, name: string): Promise<string> {
  await createClubToCheckout(page, email, name);
  await expect(page).toHaveURL(new RegExp(`^${stripeOrigin}/checkout/cs_test_`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/communities\/[0-9A-Z]+$/, { timeout: 30_000 });
  return page.url().split('/').pop() as string;
}
