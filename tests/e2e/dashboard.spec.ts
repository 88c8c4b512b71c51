/**
 * The personal dashboards on the demo data: greeting, banner, How It Works, the avatar menu,
 * Discover, the membership tabs with their count badges, link and label rules, empty states
 * opening the create-club dialog, and the member dashboard.
 */
import { expect, test } from '@playwright/test';
import { clubNamed, DEMO, freshAccount, signIn } from './directory-support.ts';

test('the demo member: greeting, banner, How It Works, Discover and the membership tabs', async ({
  page,
  request,
}) => {
  const yoga = await clubNamed(request, 'Morning Yoga Collective');
  const kitchen = await clubNamed(request, 'Plant-Based Kitchen');
  await signIn(page, DEMO.member);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Max' })).toBeVisible();
  await expect(page.getByPlaceholder('Search clubs...')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Create your own club' })).toBeVisible();
  const how = page.getByRole('region', { name: 'How It Works' });
  for (const step of ['1. Join a club', '2. Engage and learn', '3. Create your own'])
    await expect(how.getByRole('heading', { name: step })).toBeVisible();

  // Discover: three clubs the member is not in, each to its public page.
  const discover = page.getByRole('tabpanel');
  await expect(discover.getByRole('article')).toHaveCount(3);
  for (const link of await discover.getByRole('link', { name: /^View Details/ }).all())
    await expect(link).toHaveAttribute('href', /^\/c\//);
  await expect(discover.getByRole('article', { name: 'Morning Yoga Collective' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Discover More Clubs' })).toHaveAttribute('href', '/clubs');

  await page.getByRole('tab', { name: /Clubs Requested/ }).click();
  await expect(page.getByRole('tab', { name: /Clubs Requested/ })).toContainText(/\d/);
  await expect(
    page.getByRole('tabpanel').getByRole('link', { name: 'View Club: Plant-Based Kitchen' }),
  ).toHaveAttribute('href', `/c/${kitchen.id}`);

  await page.getByRole('tab', { name: /Clubs Joined/ }).click();
  const joined = page.getByRole('tabpanel').getByRole('link', { name: 'View Club: Morning Yoga Collective' });
  await expect(joined).toHaveAttribute('href', `/communities/${yoga.id}`);

  // The search narrows the open tab.
  await page.getByPlaceholder('Search clubs...').fill('breathwork');
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(1);
  await page.getByPlaceholder('Search clubs...').fill('no such words here');
  await expect(page.getByRole('tabpanel').getByText('No clubs match your search')).toBeVisible();
});

test("the owner's Clubs Owned: 'Manage Club' to the club home", async ({ page, request }) => {
  const founders = await clubNamed(request, 'Founders Circle');
  await signIn(page, DEMO.owner);
  const owned = page.getByRole('tab', { name: /Clubs Owned/ });
  await expect(owned).toContainText(/\d/);
  await owned.click();
  await expect(
    page.getByRole('tabpanel').getByRole('link', { name: 'Manage Club: Founders Circle' }),
  ).toHaveAttribute('href', `/communities/${founders.id}`);
});

test("a new account: no count badges, empty states whose 'Create Club' opens the dialog", async ({
  page,
  request,
}) => {
  await signIn(page, await freshAccount(request, 'Nina Newcomer'));
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Nina' })).toBeVisible();
  for (const [tab, empty] of [
    ['Clubs Requested', 'No pending requests'],
    ['Clubs Joined', "You haven't joined any clubs yet"],
    ['Clubs Owned', "You don't own any clubs yet"],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveText(tab);
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { name: empty })).toBeVisible();
    await panel.getByRole('button', { name: 'Create Club' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a new club' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
  // A native modal: the page behind is inert and does not scroll; Escape closes it and focus
  // returns to the button that opened it.
  const opener = page.getByRole('tabpanel').getByRole('button', { name: 'Create Club' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Create a new club' });
  await expect(dialog).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  // A press on the page (the header's corner) lands on the modal's backdrop: the dialog itself.
  const hit = await page.evaluate(() => document.elementFromPoint(4, 4)?.tagName);
  expect(hit).toBe('DIALOG');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("the avatar menu: 'My Account', the e-mail (disabled), Profile, Settings and Log out", async ({
  page,
}) => {
  await signIn(page, DEMO.member);
  const open = async () => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    return page.getByRole('menu');
  };
  let menu = await open();
  await expect(menu.getByText('My Account')).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: DEMO.member })).toBeDisabled();
  await menu.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/dashboard');
  menu = await open();
  await menu.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.goto('/dashboard');
  menu = await open();
  await menu.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
});

test("the member dashboard: 'My Clubs' with count, 'View Club' or 'Pending Approval', Discover", async ({
  page,
  request,
}) => {
  const yoga = await clubNamed(request, 'Morning Yoga Collective');
  await signIn(page, DEMO.member);
  await page.goto('/member-dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Max' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /^My Clubs \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Club: Morning Yoga Collective' })).toHaveAttribute(
    'href',
    `/communities/${yoga.id}`,
  );
  await expect(page.getByRole('link', { name: 'Pending Approval: Plant-Based Kitchen' })).toBeVisible();
  await page.getByRole('tab', { name: 'Discover' }).click();
  await expect(page.getByRole('tabpanel').getByRole('article').first()).toBeVisible();
  await page.getByPlaceholder('Search clubs...').fill('no such words here');
  await expect(page.getByText('No clubs match your search')).toBeVisible();
  await page.getByRole('button', { name: 'Create a Club' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a new club' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test("a new account's 'Create a Club' opens the dialog on the member dashboard and the directory", async ({
  page,
  request,
}) => {
  await signIn(page, await freshAccount(request));
  await page.goto('/member-dashboard');
  await expect(page.getByText("You haven't joined any clubs yet")).toBeVisible();
  await expect(page.getByRole('tab', { name: 'My Clubs (0)' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Create a new club' });
  for (const path of ['/member-dashboard', '/clubs']) {
    await page.goto(path);
    await page.getByRole('button', { name: 'Create a Club' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Community Name')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }
});
