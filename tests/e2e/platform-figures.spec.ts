/**
 * The super admin's platform charts through the real UI: clubs, members, creator plans and
 * platform fees over the period picked, each an image with a summary and a table of the same
 * numbers; a club a newly registered person creates moves today's clubs.
 */
import type { Page } from '@playwright/test';
import { expect, pageAs, test } from './club-support.ts';
import { freshAccount, signIn } from './directory-support.ts';

const ADMIN = 'admin@clubs.local';
const today = () => new Date().toISOString().slice(0, 10);

/** Today's clubs, as the clubs chart's summary says (its last point is today). */
async function clubsToday(page: Page): Promise<number> {
  const label = await page.getByTestId('chart-clubs').getByRole('img').getAttribute('aria-label');
  return Number(/All clubs: ([\d,]+) at the end/.exec(label ?? '')?.[1]?.replace(/,/g, '') ?? Number.NaN);
}

test('the super admin reads the platform charts, and a club created meanwhile moves today', async ({
  browser,
  page,
  request,
}) => {
  const admin = await pageAs(browser, ADMIN);
  try {
    await admin.goto('/super-admin');
    const figures = admin.getByRole('region', { name: 'Platform Figures' });
    const charts = ['chart-clubs', 'chart-platform-members', 'chart-creator-plans'].map((id) =>
      figures.getByTestId(id),
    );
    // The fees chart of each currency taken (USD when none yet).
    for (const chart of [...charts, figures.locator('[data-testid^="chart-fees-"]').first()]) {
      const image = chart.getByRole('img');
      await expect(image).toHaveAttribute('aria-label', /.+ from \d{4}-\d{2}-\d{2} to .+\./);
      await expect(image.locator('canvas').first()).toBeVisible();
    }
    const before = await clubsToday(admin);
    expect(before).toBeGreaterThan(0);

    // A newcomer creates a club (it waits for its plan's payment, pending: still a club).
    await signIn(page, await freshAccount(request, 'Cleo Creator'));
    await page.getByRole('button', { name: 'Create Club' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a new club' });
    await dialog.getByLabel('Community Name').fill(`Platform chart club ${Date.now()}`);
    await dialog.getByLabel('Description').fill('A club made to move the platform figures.');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Club created! Now setting up payment...')).toBeVisible();

    await admin.reload();
    await expect.poll(() => clubsToday(admin)).toBeGreaterThanOrEqual(before + 1);
    // The same numbers in a table behind the chart, today's row last.
    const clubs = figures.getByTestId('chart-clubs');
    await clubs.getByText('Show the numbers of clubs').click();
    const table = clubs.getByRole('table', { name: 'Numbers of clubs' });
    await expect(table.getByRole('row').last().getByRole('rowheader')).toHaveText(today());

    await figures
      .getByRole('radio', { name: '12 months' })
      .or(figures.getByRole('button', { name: '12 months' }))
      .click();
    await expect(clubs.getByRole('img')).toHaveAttribute('aria-label', /^Clubs from \d{4}-\d{2} to/);
    await expect(table.getByRole('row').last().getByRole('rowheader')).toHaveText(today().slice(0, 7));
  } finally {
    await admin.close();
  }
});
