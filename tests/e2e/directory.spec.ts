/**
 * The club directory on the demo data: search, each tab, each filter and their combination,
 * the empty state and Clear filters. Other specs may add clubs, so lists are checked by what
 * they must and must not contain.
 */
import { expect, type Page, test } from '@playwright/test';

const cards = (page: Page) => page.getByTestId('club-card');
const cardNames = async (page: Page) => {
  await expect(
    cards(page)
      .first()
      .or(page.getByRole('heading', { name: 'No clubs found' })),
  ).toBeVisible();
  return cards(page).locator('h3').allTextContents();
};

async function expectListed(page: Page, present: string[], absent: string[]) {
  for (const name of present) await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
  for (const name of absent) await expect(page.getByRole('article', { name, exact: true })).toHaveCount(0);
}

/**
 * Other specs add clubs (small and new) before this one runs, so a filtered list may hold more
 * than one page: the cards are loaded with Load more, as a visitor would, until none is left.
 */
async function expectListedOnAnyPage(page: Page, present: string[], absent: string[]) {
  const more = page.getByRole('button', { name: 'Load more' });
  await expect(cards(page).first()).toBeVisible();
  for (let pages = 0; pages < 20 && (await more.isVisible()); pages += 1) {
    const shown = await cards(page).count();
    await more.click();
    await expect.poll(() => cards(page).count()).toBeGreaterThan(shown);
  }
  await expectListed(page, present, absent);
}

/**
 * Opens the filters unless they are open, and waits for them: the first press may start the app
 * (the directory is drawn with its data), and a second press before they show would close them.
 */
const openFilters = async (page: Page) => {
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  if (!(await dialog.isVisible())) {
    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(dialog).toBeVisible();
  }
  return dialog;
};

test.beforeEach(async ({ page }) => {
  await page.goto('/clubs');
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Clubs' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
});

test('lists only active clubs as cards: badge, member count, description, View Club', async ({ page }) => {
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Create a Club' })).toHaveAttribute('href', '/register');
  await expectListed(
    page,
    ['Morning Yoga Collective', 'Founders Circle', 'Watercolor Studio'],
    ['Pottery Corner'],
  );
  const founders = page.getByRole('article', { name: 'Founders Circle' });
  await expect(founders.getByText('Premium', { exact: true })).toBeVisible();
  await expect(founders.getByText(/^\d+ members?$/)).toBeVisible();
  await expect(founders.getByRole('img', { name: 'Founders Circle logo' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: 'Watercolor Studio' }).getByText('Free', { exact: true }),
  ).toBeVisible();
  await founders.getByRole('link', { name: 'View Club' }).click();
  await expect(page).toHaveURL(/\/c\/[A-Z0-9]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Founders Circle' })).toBeVisible();
});

test('search matches name or description, case-insensitively', async ({ page }) => {
  const search = page.getByPlaceholder('Search clubs...');
  await search.fill('WATERCOLOR');
  await expect(page).toHaveURL(/q=WATERCOLOR/);
  await expect.poll(() => cardNames(page)).toEqual(['Watercolor Studio']);
  // "zines" is only in the description of Indie Makers Market.
  await search.fill('zines');
  await expect(page).toHaveURL(/q=zines/);
  await expect.poll(() => cardNames(page)).toEqual(['Indie Makers Market']);
  // A word prefix while typing.
  await search.fill('yog');
  await expect(page).toHaveURL(/q=yog$/);
  await expectListed(page, ['Morning Yoga Collective'], ['Founders Circle']);
});

test('each tab lists its clubs', async ({ page }) => {
  const expectations: [string, string[], string[]][] = [
    [
      'Free',
      ['Morning Yoga Collective', 'Watercolor Studio', 'City Chess Guild'],
      ['Founders Circle', 'Trail Runners Club'],
    ],
    [
      'Premium',
      ['Founders Circle', 'Trail Runners Club', 'Slow Living Society'],
      ['Morning Yoga Collective'],
    ],
    ['Wellness', ['Morning Yoga Collective', 'Strength & Conditioning Lab'], ['City Chess Guild']],
    ['Sports', ['Trail Runners Club', 'City Chess Guild'], ['Morning Yoga Collective']],
    ['Business', ['Founders Circle', 'Indie Makers Market'], ['Watercolor Studio']],
    ['Arts', ['Watercolor Studio', 'Street Photography Walks'], ['Founders Circle']],
    ['Lifestyle', ['Slow Living Society', 'Plant-Based Kitchen'], ['Trail Runners Club']],
    ['All Clubs', ['Morning Yoga Collective', 'Founders Circle', 'Street Photography Walks'], []],
  ];
  for (const [tab, present, absent] of expectations) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expectListed(page, present, absent);
  }
  // Every card of the Premium tab carries the Premium badge (once the list has switched).
  await page.getByRole('tab', { name: 'Premium', exact: true }).click();
  await expectListed(page, ['Founders Circle'], ['Morning Yoga Collective', 'Watercolor Studio']);
  await expect(cards(page).getByText('Free', { exact: true })).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await cards(page).count()) === (await cards(page).getByText('Premium', { exact: true }).count()),
    )
    .toBe(true);
});

test('each filter: recently added and the club sizes; Reset; Apply Filters closes', async ({ page }) => {
  const filters = await openFilters(page);
  // Load more is a press outside the popover, which closes it: each choice opens it again if so.
  const choose = async (label: string) => (await openFilters(page)).getByText(label, { exact: true }).click();
  const recent = 'Recently added (last 30 days)';
  await choose(recent);
  await expectListedOnAnyPage(
    page,
    ['Indie Makers Market', 'Founders Circle', 'Plant-Based Kitchen'],
    ['City Chess Guild', 'Watercolor Studio'],
  );
  await choose(recent);

  // Each size with clubs it must list and clubs it must not.
  const sizes: [size: string, listed: string[], unlisted: string[]][] = [
    [
      'Small (< 10 members)',
      ['Founders Circle', 'Watercolor Studio', 'Slow Living Society'],
      ['Morning Yoga Collective', 'Trail Runners Club'],
    ],
    [
      'Medium (10-50 members)',
      ['Morning Yoga Collective', 'City Chess Guild'],
      ['Founders Circle', 'Trail Runners Club'],
    ],
    [
      'Large (50+ members)',
      ['Trail Runners Club', 'Street Photography Walks'],
      ['Morning Yoga Collective', 'Founders Circle'],
    ],
    ['Any size', ['Trail Runners Club', 'Founders Circle'], []],
  ];
  for (const [size, listed, unlisted] of sizes) {
    await choose(size);
    await expectListedOnAnyPage(page, listed, unlisted);
  }

  await choose('Large (50+ members)');
  await choose(recent);
  await expect(page.getByRole('button', { name: 'Filters (2)' })).toBeVisible();
  await filters.getByRole('button', { name: 'Reset' }).click();
  await expect(filters.getByLabel('Any size')).toBeChecked();
  await expect(filters.getByLabel('Recently added (last 30 days)')).not.toBeChecked();
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeHidden();
});

test('search, tab and filters combine', async ({ page }) => {
  await page.getByRole('tab', { name: 'Sports', exact: true }).click();
  const filters = await openFilters(page);
  await filters.getByText('Large (50+ members)', { exact: true }).click();
  await expect.poll(() => cardNames(page)).toEqual(['Trail Runners Club']);

  await filters.getByText('Any size', { exact: true }).click();
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await page.getByRole('tab', { name: 'Premium', exact: true }).click();
  await (await openFilters(page)).getByText('Recently added (last 30 days)', { exact: true }).click();
  await expectListed(
    page,
    ['Founders Circle', 'Slow Living Society'],
    ['Strength & Conditioning Lab', 'Trail Runners Club'],
  );

  await page.getByPlaceholder('Search clubs...').fill('founders');
  await expect.poll(() => cardNames(page)).toEqual(['Founders Circle']);
  await expect(page).toHaveURL(/q=founders&tab=premium&recent=true/);
});

test("the empty state's Clear filters resets search, tab, recent and size", async ({ page }) => {
  await page.getByRole('tab', { name: 'Arts', exact: true }).click();
  const filters = await openFilters(page);
  await filters.getByText('Recently added (last 30 days)', { exact: true }).click();
  await filters.getByText('Small (< 10 members)', { exact: true }).click();
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await page.getByPlaceholder('Search clubs...').fill('walks');
  await expect(page.getByRole('heading', { name: 'No clubs found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/clubs$/);
  await expect(page.getByPlaceholder('Search clubs...')).toHaveValue('');
  await expect(page.getByRole('tab', { name: 'All Clubs' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expectListed(page, ['Street Photography Walks', 'Founders Circle', 'Morning Yoga Collective'], []);
});
