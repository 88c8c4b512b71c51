/**
 * The leaderboard through the real UI: the demo member writes a
 * post, the owner likes it in the feed, and the member's own row on the leaderboard, highlighted
 * with 'You', shows the point that like earned in the 7-day and all-time tabs; the member's level
 * badge is beside their name on the post.
 */
import type { Page } from '@playwright/test';
import { expect, postCard, test, writeTextPost, YOGA } from './club-support.ts';
import { DEMO } from './directory-support.ts';

/** The viewer's own row of the rankings (or of 'Your rank' below them). */
const myRow = (page: Page) =>
  page.getByTestId('leaderboard-row').filter({ has: page.getByText('You', { exact: true }) });

async function myPoints(page: Page): Promise<number> {
  const row = myRow(page);
  await expect(row).toHaveCount(1);
  return Number((await row.getByRole('cell').last().textContent())?.replace(/,/g, ''));
}

test("a like given in the feed shows on the leaderboard, with the member's row marked 'You'", async ({
  openClub,
}) => {
  const member = await openClub(DEMO.member, YOGA, { path: '/leaderboard' });
  const { page } = member;
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Last 7 days' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Last 30 days' })).toBeVisible();
  const weekBefore = await myPoints(page);
  await page.getByRole('tab', { name: 'All time' }).click();
  await expect(page.getByRole('tab', { name: 'All time' })).toHaveAttribute('aria-selected', 'true');
  const allBefore = await myPoints(page);

  await page.goto(`/communities/${member.club.id}`);
  const title = `Morning stretch log ${Date.now()}`;
  await writeTextPost(page, title, 'Ten minutes of stretching every morning this week.');
  await expect(postCard(page, title).getByText(/^Level [1-9]$/)).toBeVisible();

  const owner = await openClub(DEMO.owner, YOGA);
  const post = postCard(owner.page, title);
  await post.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(post.getByTestId('like-count')).toHaveText('1 like');

  await page.goto(`/communities/${member.club.id}/leaderboard`);
  await expect.poll(() => myPoints(page)).toBe(weekBefore + 1);
  await expect(myRow(page)).toHaveClass(/leaderboard-row--me/);
  await page.getByRole('tab', { name: 'All time' }).click();
  await expect.poll(() => myPoints(page)).toBe(allBefore + 1);
  await expect(myRow(page).getByText(/^Level [1-9]$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Top three' }).getByTestId('podium-place')).toHaveCount(3);
});
