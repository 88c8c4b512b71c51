/**
 * The club layout on the demo data: the navigation, the club switcher,
 * Admin Controls for the owner and (fewer) for a moderator, none for a member, Access Denied for
 * a pending member and a stranger, the sidebar's keyboard toggle and its cookie, and the 375 px
 * layout with axe clean.
 */
import type { Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll } from './account-support.ts';
import { expect, postCard, test, YOGA } from './club-support.ts';
import { clubNamed, DEMO, fillLogin } from './directory-support.ts';

/** The header's links, buttons and fields that leave the screen or lie over one another. */
const headerClashes = (page: Page) =>
  page.locator('header.clubs-app-header').evaluate((header) => {
    const controls = [...header.querySelectorAll('a, button, input')]
      .map((element) => ({
        name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName,
        box: element.getBoundingClientRect(),
      }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const clashes: string[] = [];
    for (const [index, { name, box }] of controls.entries()) {
      if (box.left < 0 || box.right > window.innerWidth) clashes.push(`${name} leaves the screen`);
      for (const other of controls.slice(index + 1)) {
        const apart =
          box.right <= other.box.left ||
          other.box.right <= box.left ||
          box.bottom <= other.box.top ||
          other.box.bottom <= box.top;
        if (!apart) clashes.push(`${name} over ${other.name}`);
      }
    }
    return clashes;
  });

test('a signed-out visitor goes to /login and comes back to the club', async ({ page, request }) => {
  const yoga = await clubNamed(request, YOGA);
  await page.goto(`/communities/${yoga.id}/events`);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await fillLogin(page, DEMO.member);
  await expect(page).toHaveURL(new RegExp(`/communities/${yoga.id}/events$`));
  await expect(page.getByRole('navigation', { name: 'Club', exact: true })).toBeVisible();
});

test("a member: the club header, the navigation and the switcher of the member's active clubs", async ({
  openClub,
}) => {
  const { page, club: yoga } = await openClub(DEMO.member, YOGA);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /Morning Yoga Collective/ })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Max' })).toHaveAttribute('href', '/dashboard');
  await expect(header.getByRole('button', { name: 'Admin Controls' })).toHaveCount(0);

  const nav = page.getByRole('navigation', { name: 'Club', exact: true });
  for (const [label, path] of [
    ['Events', 'events'],
    ['Courses', 'courses'],
    ['Leaderboard', 'leaderboard'],
    ['Members', 'members'],
  ] as const) {
    await nav.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`/communities/${yoga.id}/${path}$`));
    await expect(nav.getByRole('link', { name: label })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle(`${label} · Morning Yoga Collective · Clubs`);
  }
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(new RegExp(`/communities/${yoga.id}$`));

  // Only clubs where the member is active: not the one they asked to join.
  const switcher = page.getByRole('navigation', { name: 'Your clubs' });
  await expect(switcher.getByRole('link', { name: 'Morning Yoga Collective' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(switcher.getByRole('link', { name: 'Plant-Based Kitchen' })).toHaveCount(0);
});

test('Admin Controls for the owner: View Public Page in a new tab, Edit Club, Invite Members, Club Settings, Analytics, Reports', async ({
  openClub,
}) => {
  const { page, club: yoga } = await openClub(DEMO.owner, YOGA, { prefix: 'clubs' });
  // The button shows its name with the space between the words, as it is read out.
  await expect(page.getByRole('button', { name: 'Admin Controls' })).toHaveJSProperty(
    'innerText',
    'Admin Controls',
  );
  await page.getByRole('button', { name: 'Admin Controls' }).click();
  const links = page.locator('.club-admin').getByRole('link');
  await expect(links).toHaveText([
    'View Public Page',
    'Edit Club',
    'Invite Members',
    'Club Settings',
    'Analytics',
    // With the count of open reports when there are any.
    /^Reports( \(\d+\+?\))?$/,
  ]);
  const [publicPage] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'View Public Page' }).click(),
  ]);
  await expect(publicPage).toHaveURL(new RegExp(`/c/${yoga.id}$`));
  await publicPage.close();
  await page.getByRole('button', { name: 'Admin Controls' }).click();
  await page.getByRole('link', { name: 'Club Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/clubs/${yoga.id}/settings$`));
});

test("a moderator's Admin Controls hold View Public Page, Analytics and Reports; they may delete others' posts, not pin them", async ({
  openClub,
}) => {
  const { page } = await openClub(DEMO.member, 'Trail Runners Club');
  await page.getByRole('button', { name: 'Admin Controls' }).click();
  await expect(page.locator('.club-admin').getByRole('link')).toHaveText([
    'View Public Page',
    'Analytics',
    /^Reports( \(\d+\+?\))?$/,
  ]);
  const ridge = postCard(page, 'Ridge loop photos');
  await ridge.getByRole('button', { name: 'Post options' }).click();
  await expect(ridge.getByRole('button', { name: 'Delete' })).toBeVisible();
  await expect(ridge.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(ridge.getByRole('button', { name: 'Pin' })).toHaveCount(0);
});

test("a pending member and a stranger see 'Access Denied' and the way to the public page", async ({
  openClub,
}) => {
  const { page: pending, club: kitchen } = await openClub(DEMO.member, 'Plant-Based Kitchen');
  await expect(pending.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(pending.getByText('Your membership request is pending approval.')).toBeVisible();
  await expect(pending.getByRole('navigation', { name: 'Club', exact: true })).toHaveCount(0);
  await pending.getByRole('link', { name: 'View Public Page' }).click();
  await expect(pending).toHaveURL(new RegExp(`/c/${kitchen.id}$`));

  const { page: stranger } = await openClub(DEMO.owner, 'Watercolor Studio', { path: '/members' });
  await expect(stranger.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(stranger.getByText('You are not a member of this club.')).toBeVisible();
  await stranger.goto('/communities/01NOSUCHCLUB0000000000000');
  await expect(stranger.getByRole('heading', { level: 1, name: 'Club Not Found' })).toBeVisible();
});

test('the sidebar collapses with Ctrl+B and Cmd+B and stays so across reloads (cookie sidebar:state)', async ({
  openClub,
}) => {
  const { page } = await openClub(DEMO.member, YOGA);
  const toggle = page.getByRole('button', { name: 'Toggle Sidebar' });
  const sidebar = page.locator('#club-sidebar');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(sidebar).toHaveCSS('width', '256px');

  await page.keyboard.press('Control+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(sidebar).toHaveCSS('width', '48px');
  // The page writes document.cookie at once; Chromium hands it to the browser's cookie store a
  // moment later, so the store is asked until it has it.
  const sidebarCookie = async () => (await page.context().cookies()).find((c) => c.name === 'sidebar:state');
  await expect.poll(async () => (await sidebarCookie())?.value).toBe('false');
  const cookie = await sidebarCookie();
  // Seven days, give or take the test's own run time.
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(7 * 24 * 3600 - 120);

  await page.reload();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(
    page.getByRole('navigation', { name: 'Club', exact: true }).getByRole('link', { name: 'Events' }),
  ).toBeVisible();

  await page.keyboard.press('Meta+b');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(async () => (await sidebarCookie())?.value).toBe('true');
});

test('at 375 px: the sidebar is a panel opened from the header, nothing scrolls sideways, axe is clean', async ({
  openClub,
}) => {
  const { page, club: yoga } = await openClub(DEMO.owner, YOGA, { path: '/leaderboard', width: 375 });
  const nav = page.getByRole('navigation', { name: 'Club', exact: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  await expect(nav).toBeHidden();
  await expectNoHorizontalScroll(page);
  // An owner's header holds the most: the sidebar toggle, the club, search, Admin Controls, chat,
  // the bell and Menu, each whole on the screen and none over another.
  await expect(page.getByRole('button', { name: 'Admin Controls' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search this club' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: yoga.name })).toBeVisible();
  expect(await headerClashes(page)).toEqual([]);
  await expectAccessible(page, 'club layout at 375 px');

  await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  await expect(nav).toBeVisible();
  await expect(page.locator('#club-sidebar')).toHaveCSS('width', '288px');
  await expectAccessible(page, 'club sidebar open at 375 px');
  await nav.getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(new RegExp(`/communities/${yoga.id}/events$`));
  await expect(nav).toBeHidden();
});
