/**
 * Joining from the public club page: every state of the action button table, the sign-in
 * redirect round trip, a free join through to pending and the dashboard's Clubs Requested, and
 * the paid join's redirect to the checkout URL the API returns (the payment itself is walked by
 * payments.spec.ts). State-changing steps use fresh accounts.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { actionButton, clubNamed, DEMO, fillLogin, freshAccount, signIn } from './directory-support.ts';

const stripeOrigin = `http://localhost:${Number(process.env.E2E_PORT ?? 5273) + 6}`;

/** Signs in (as a fresh account unless `email` is given) and opens the demo club's public page. */
async function openClubPage(page: Page, request: APIRequestContext, name: string, email?: string) {
  const club = await clubNamed(request, name);
  await signIn(page, email ?? (await freshAccount(request)));
  await page.goto(`/c/${club.id}`);
  return club;
}

test('a signed-out visitor sees the club page and goes to log in and back with the redirect', async ({
  page,
  request,
}) => {
  const club = await clubNamed(request, 'Watercolor Studio');
  const email = await freshAccount(request);
  await page.goto(`/c/${club.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Watercolor Studio' })).toBeVisible();
  await expect(page.getByText('FREE CLUB')).toBeVisible();
  await expect(
    page.getByRole('complementary', { name: 'Membership' }).getByText('Join this community at no cost'),
  ).toBeVisible();
  const button = actionButton(page);
  await expect(button).toHaveText('Log in to Join');
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fc%2F${club.id}$`));
  await fillLogin(page, email);
  await expect(page).toHaveURL(new RegExp(`/c/${club.id}$`));
  await expect(actionButton(page)).toHaveText('Join Now');
});

test("'Club not found' for an unknown or unpaid club, with Browse All Clubs", async ({ page }) => {
  await page.goto('/c/01JZZZZZZZZZZZZZZZZZZZZZZZ');
  await expect(page.getByRole('heading', { name: 'Club not found' })).toBeVisible();
  await expect(
    page.getByText("The club you're looking for doesn't exist or has been removed."),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Browse All Clubs' }).click();
  await expect(page).toHaveURL(/\/clubs$/);
});

test("a free join: 'Join Now', busy 'Processing...', then pending at once and in Clubs Requested", async ({
  page,
  request,
}) => {
  const club = await openClubPage(page, request, 'City Chess Guild');
  const button = actionButton(page);
  await expect(button).toHaveText('Join Now');
  await expect(button).toBeEnabled();

  // The request is held until the busy state has been seen (a fixed delay could end first on a
  // busy machine), then let through.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/join-requests', async (route) => {
    await held;
    await route.continue();
  });
  await button.click();
  await expect(button).toHaveText('Processing...');
  await expect(button).toBeDisabled();
  release();
  await expect(page.getByText('Join request submitted successfully!')).toBeVisible();
  await expect(button).toHaveText('Request Pending');
  await expect(button).toBeDisabled();

  // The server keeps it: after a reload it is still pending.
  await page.reload();
  await expect(actionButton(page)).toHaveText('Request Pending');

  await page.goto('/dashboard');
  const requested = page.getByRole('tab', { name: /Clubs Requested/ });
  await expect(requested).toContainText('1');
  await requested.click();
  const card = page.getByRole('article', { name: 'City Chess Guild' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: /View Club/ })).toHaveAttribute('href', `/c/${club.id}`);
  await expect(page.getByRole('tab', { name: /Clubs Joined/ })).toHaveText('Clubs Joined');
});

test('two tabs asking at once make one request; the second is told it is pending approval', async ({
  context,
  page,
  request,
}) => {
  const club = await openClubPage(page, request, 'Indie Makers Market');
  const second = await context.newPage();
  await second.goto(`/c/${club.id}`);
  await expect(actionButton(page)).toHaveText('Join Now');
  await expect(actionButton(second)).toHaveText('Join Now');

  await actionButton(page).click();
  await expect(page.getByText('Join request submitted successfully!')).toBeVisible();
  await actionButton(second).click();
  await expect(second.getByText('Your membership request is pending approval.')).toBeVisible();
  await expect(actionButton(second)).toHaveText('Request Pending');

  // One membership: the dashboard counts one request, for this club.
  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: /Clubs Requested/ })).toHaveText('Clubs Requested1');
  await page.getByRole('tab', { name: /Clubs Requested/ }).click();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('article', { name: 'Indie Makers Market' })).toBeVisible();
});

test("an active member: 'Enter Club' goes to /communities/{id}; the owner is active too", async ({
  page,
  request,
}) => {
  const club = await openClubPage(page, request, 'Morning Yoga Collective', DEMO.member);
  await expect(actionButton(page)).toHaveText('Enter Club');
  await actionButton(page).click();
  await expect(page).toHaveURL(new RegExp(`/communities/${club.id}$`));

  const founders = await clubNamed(request, 'Founders Circle');
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, DEMO.owner);
  await page.goto(`/c/${founders.id}`);
  await expect(actionButton(page)).toHaveText('Enter Club');
});

test("a pending request in a free club: 'Request Pending', disabled", async ({ page, request }) => {
  // The demo member has asked to join Plant-Based Kitchen.
  await openClubPage(page, request, 'Plant-Based Kitchen', DEMO.member);
  await expect(actionButton(page)).toHaveText('Request Pending');
  await expect(actionButton(page)).toBeDisabled();
});

test("a paid club: 'Join for $49/month' leaves for the checkout URL; pending, amber 'Complete Payment' retries it", async ({
  page,
  request,
}) => {
  const club = await openClubPage(page, request, 'Founders Circle');
  const side = page.getByRole('complementary', { name: 'Membership' });
  await expect(side).toContainText('$49/month');
  await expect(side.getByText('Cancel anytime during your trial period')).toBeVisible();
  await expect(page.getByText('PREMIUM CLUB')).toBeVisible();
  await expect(actionButton(page)).toHaveText('Join for $49/month');

  // Read the URL the API returns on its way to the browser, then see the browser go there.
  const returned: string[] = [];
  await page.route(`**/api/clubs/${club.id}/membership-checkout`, async (route) => {
    const response = await route.fetch();
    returned.push(((await response.json()) as { url: string }).url);
    await route.fulfill({ response });
  });
  await actionButton(page).click();
  await expect.poll(() => returned.length).toBe(1);
  expect(returned[0]?.startsWith(`${stripeOrigin}/checkout/`)).toBe(true);
  await expect(page).toHaveURL(returned[0] as string);

  // Back without paying: the membership waits for its payment.
  await page.goto(`/c/${club.id}`);
  const again = actionButton(page);
  await expect(again).toHaveText('Complete Payment');
  await expect(again).toBeEnabled();
  await expect(again).toHaveClass(/club-button--amber/);
  await again.click();
  await expect.poll(() => returned.length).toBe(2);
  await expect(page).toHaveURL(returned[1] as string);
});

test("a signed-in person has the site's top bar on a club's public page and the directory: dashboard, profile, Log out", async ({
  page,
  request,
}) => {
  const club = await openClubPage(
    page,
    request,
    'Morning Yoga Collective',
    await freshAccount(request, 'Hana Header'),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Morning Yoga Collective' })).toBeVisible();
  const bar = page.getByRole('banner');
  await expect(bar.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  await bar.getByRole('link', { name: 'Welcome, Hana' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/clubs');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Welcome, Hana' })).toBeVisible();
  await page.goto(`/c/${club.id}`);
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out successfully')).toBeVisible();
});
