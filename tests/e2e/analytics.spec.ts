/**
 * Creator analytics through the real UI: the demo owner opens Admin Controls → Analytics, sees the
 * headline figures (members, MRR) and the charts, each an image with a summary and a table of
 * the same numbers; a like given in the feed moves today's likes on the engagement chart; the
 * series downloads as a CSV.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, postCard, test, writeTextPost, YOGA } from './club-support.ts';
import { DEMO } from './directory-support.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** Today's likes, as the engagement chart's summary says (its last point is today). */
async function likesToday(page: Page): Promise<number> {
  const label = await page.getByTestId('chart-engagement').getByRole('img').getAttribute('aria-label');
  return Number(/Likes: ([\d,]+) at the end/.exec(label ?? '')?.[1]?.replace(/,/g, '') ?? Number.NaN);
}

test('the owner reads the analytics, sees a like given in the feed, and downloads the CSV', async ({
  openClub,
}) => {
  const { page, club } = await openClub(DEMO.owner, YOGA);
  await page.getByRole('button', { name: 'Admin Controls' }).click();
  await page.getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(new RegExp(`/communities/${club.id}/analytics$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

  await expect(
    page.getByRole('group', { name: 'Members', exact: true }).getByTestId('headline-value'),
  ).toHaveText(/^\d[\d,]*$/);
  await expect(
    page.getByRole('group', { name: 'MRR', exact: true }).getByTestId('headline-value'),
  ).toHaveText(/\$/);
  for (const chart of ['chart-members', 'chart-active', 'chart-engagement', 'chart-revenue']) {
    const image = page.getByTestId(chart).getByRole('img');
    await expect(image).toHaveAttribute('aria-label', /.+ from .+ to .+\./);
    await expect(image.locator('canvas').first()).toBeVisible();
  }
  const before = await likesToday(page);
  // The same numbers in a table behind the chart, today's row last.
  const engagement = page.getByTestId('chart-engagement');
  await engagement.getByText('Show the numbers of engagement by kind').click();
  const table = engagement.getByRole('table', { name: 'Numbers of engagement by kind' });
  await expect(table.getByRole('row').last().getByRole('rowheader')).toHaveText(today());

  const title = `Analytics check ${Date.now()}`;
  await page.goto(`/communities/${club.id}`);
  await writeTextPost(page, title, 'How did this week go for everyone?');
  const post = postCard(page, title);
  await post.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(post.getByTestId('like-count')).toHaveText('1 like');

  await page.goto(`/communities/${club.id}/analytics`);
  await expect.poll(() => likesToday(page)).toBe(before + 1);
  await page
    .getByRole('radio', { name: '12 months' })
    .or(page.getByRole('button', { name: '12 months' }))
    .click();
  await expect(page.getByTestId('chart-members').getByRole('img')).toHaveAttribute(
    'aria-label',
    /^Members over time from \d{4}-\d{2} to/,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^analytics-.+-12m-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path()) as string, 'utf8')).trim().split('\r\n');
  expect(lines[0]).toMatch(/^month,members,joins,.*,likes,.*revenue/);
  expect(lines).toHaveLength(13);
  expect(lines.at(-1)).toMatch(new RegExp(`^${today().slice(0, 7)},\\d+,`));
});
