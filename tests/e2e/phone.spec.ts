/**
 * The public site and the dashboard on a 375 px phone: the site links behind the Menu button
 * (opened and closed by keyboard, announced as expanded, each link followed), a club page and the
 * sign-in pages without sideways scrolling, seeded club covers that carry no text a phone could
 * crop, and the signed-in header's account links behind its own Menu button. Each public page's
 * own phone visit (titled, its links folded, axe, no sideways scrolling) is walked with its
 * desktop visit in public.spec.ts.
 */

import { DEMO_CLUBS } from '@clubs/infra/local/seed/data.ts';
import { coverSvg, paletteOf } from '@clubs/infra/local/seed/images.ts';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, VIEWPORTS } from './account-support.ts';
import { pageAs } from './club-support.ts';
import { clubNamed, DEMO } from './directory-support.ts';

test.use({ viewport: VIEWPORTS.mobile });

// Exact: the dashboard's avatar menu is named 'Account menu'.
const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
// By selector, not role: a closed menu's links are hidden, which role queries skip.
const siteNav = (page: Page) => page.locator('nav[aria-label="Site"]');
const siteLink = (page: Page, name: string) => siteNav(page).getByText(name, { exact: true });

/** The link is in the page, and hidden (display: none): the closed menu. */
async function expectFolded(page: Page, name: string) {
  await expect(siteLink(page, name)).toHaveCount(1);
  await expect(siteLink(page, name)).toBeHidden();
}

test('the Menu button opens the site links from the keyboard, Escape closes it and keeps focus', async ({
  page,
}) => {
  await page.goto('/about');
  const button = menuButton(page);
  await expect(button).toHaveAttribute('aria-controls', (await siteNav(page).getAttribute('id')) ?? '');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Directory', 'Features', 'Pricing']) {
    await expect(siteNav(page).getByRole('link', { name })).toBeVisible();
  }
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'menu open at 375 px');
  await page.keyboard.press('Tab');
  await expect(siteNav(page).getByRole('link', { name: 'Directory' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(button).toHaveAttribute('aria-expanded', 'false');
  await expect(button).toBeFocused();
  await expectFolded(page, 'Directory');
});

test('every link of the menu leads to its page, and the menu is closed there', async ({ page }) => {
  const links: [name: string, url: RegExp, heading: string][] = [
    ['Features', /\/features$/, 'Features'],
    ['Pricing', /\/pricing$/, 'Pricing'],
    ['Directory', /\/clubs$/, 'Explore Clubs'],
  ];
  await page.goto('/');
  for (const [name, url, heading] of links) {
    if (!(await menuButton(page).isVisible())) await page.goto('/');
    await menuButton(page).click();
    await siteNav(page).getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
  await expect(page).toHaveTitle('Explore Clubs · Clubs');
  await expectAccessible(page, 'directory at 375 px');
});

test('a club page and the sign-in pages fit a phone', async ({ page, request }) => {
  const club = await clubNamed(request, 'Morning Yoga Collective');
  await page.goto(`/c/${club.id}`);
  await expect(page.getByRole('heading', { level: 1, name: club.name })).toBeVisible();
  await expect(page).toHaveTitle(`${club.name} · Clubs`);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'club page at 375 px');
  for (const [path, title] of [
    ['/login', 'Log in · Clubs'],
    ['/register', 'Sign up · Clubs'],
    ['/forgot-password', 'Reset your password · Clubs'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expectNoHorizontalScroll(page);
  }
});

test('seeded club covers are WebP pictures without text, so a phone crops nothing of a name', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const covers = page.getByRole('region', { name: 'Featured Clubs' }).locator('img[src*="cover"]');
  await expect(covers.first()).toBeVisible();
  const sources = await covers.evaluateAll((images) => images.map((img) => (img as HTMLImageElement).src));
  // The seeded art (an owner may have uploaded a photo of their own meanwhile: the edit-club spec does).
  const seeded = sources.filter((src) => src.endsWith('/cover.webp'));
  expect(seeded.length).toBeGreaterThan(0);
  for (const src of seeded) {
    const response = await request.get(src);
    expect(response.headers()['content-type']).toBe('image/webp');
  }
  // The drawing each cover renders from has no text in it (the seed stores it as WebP).
  for (const demo of DEMO_CLUBS) expect(coverSvg(demo.name, paletteOf(demo.category))).not.toContain('<text');
  // The name is shown beside the cover instead.
  const firstCard = page.getByRole('region', { name: 'Featured Clubs' }).getByRole('article').first();
  await expect(firstCard.getByRole('heading')).toBeVisible();
});

test('the dashboard at 375 px: no sideways scrolling, axe clean, titled, account links behind Menu', async ({
  browser,
}) => {
  const page = await pageAs(browser, DEMO.member, { width: VIEWPORTS.mobile.width });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · Clubs');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'dashboard at 375 px');
  const account = page.locator('nav[aria-label="Account"]');
  await expect(account.getByText('Profile', { exact: true })).toBeHidden();
  await menuButton(page).click();
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(account.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'account menu open at 375 px');
  await account.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle('Edit Profile · Clubs');
  await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(account.getByText('Settings', { exact: true })).toBeHidden();
  await expectNoHorizontalScroll(page);
  await page.close();
});

test("the directory's top bar at 375 px signed in: brand and Menu on one row, the account links on the next", async ({
  browser,
}) => {
  const page = await pageAs(browser, DEMO.member, { width: VIEWPORTS.mobile.width });
  await page.goto('/clubs');
  const header = page.locator('header.clubs-topbar');
  const welcome = header.getByRole('link', { name: /^Welcome, / });
  await expect(welcome).toBeVisible();
  const [brand, menu, greeting, logOut] = await Promise.all([
    header.locator('.clubs-brand').boundingBox(),
    menuButton(page).boundingBox(),
    welcome.boundingBox(),
    header.getByRole('button', { name: 'Log out' }).boundingBox(),
  ]);
  if (!(brand && menu && greeting && logOut)) throw new Error('a part of the top bar is not drawn');
  const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
  expect(Math.abs(middle(menu) - middle(brand))).toBeLessThan(8);
  expect(Math.abs(middle(logOut) - middle(greeting))).toBeLessThan(8);
  expect(greeting.y).toBeGreaterThanOrEqual(brand.y + brand.height);
  await expectNoHorizontalScroll(page);

  // A club's header keeps one row too: its long name gives way, not the bell or the Menu button.
  const club = await clubNamed(page.request, 'Morning Yoga Collective');
  await page.goto(`/communities/${club.id}`);
  const clubHeader = page.locator('header.clubs-app-header');
  await expect(clubHeader.locator('.club-header__name')).toHaveText(club.name);
  const [toggle, menu2] = await Promise.all([
    clubHeader.locator('.club-header__toggle').boundingBox(),
    menuButton(page).boundingBox(),
  ]);
  if (!(toggle && menu2)) throw new Error("a part of the club's header is not drawn");
  expect(Math.abs(middle(menu2) - middle(toggle))).toBeLessThan(8);
  await page.close();
});
