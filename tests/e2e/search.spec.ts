/**
 * Searching a club through its header (issue 35): a member finds a post by a word of its title
 * and by a word of a comment, opens it from the results, and once the post is deleted it is gone
 * from them, and the results' address with too short a search asks for one; a freshly registered
 * person who is not a member gets no results.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectToast, postCard, test, writeTextPost, YOGA } from './club-support.ts';
import { clubNamed, DEMO, freshAccount, signIn } from './directory-support.ts';

/** Types a search into the club header (focused with `/`, as people do) and presses Enter. */
async function searchFor(page: Page, text: string) {
  await page
    .locator('main')
    .first()
    .click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Search this club' });
  await expect(box).toBeFocused();
  await box.fill(text);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Search results for “${text}”` })).toBeVisible();
}

/**
 * Searches, and searches again (a reload) until `hits` shows `count` results: the index follows
 * a new post or comment from its change event, a moment after the write answered.
 */
async function searchUntil(page: Page, text: string, hits: Locator, count: number) {
  await searchFor(page, text);
  await expect(async () => {
    if ((await hits.count()) !== count) await page.reload();
    await expect(hits).toHaveCount(count, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('a member finds a post by its title and by a comment, opens it, and a deleted post is gone', async ({
  openClub,
}) => {
  const { page } = await openClub(DEMO.member, YOGA);
  const stamp = Date.now().toString(36);
  const title = `Quokka${stamp} wrist routine`;
  await writeTextPost(page, title, 'Gentle circles before plank work.');
  const card = postCard(page, title);
  await card.getByRole('button', { name: /comments?$/ }).click();
  await card.getByRole('textbox', { name: 'Write a comment' }).fill(`Add a Wombat${stamp} stretch too`);
  await card.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Comment added')).toBeVisible();

  const posts = page.getByRole('region', { name: 'Posts' });
  const hit = posts.getByTestId('search-post');
  await searchUntil(page, `quokka${stamp}`, hit, 1);
  await expect(hit.locator('mark')).toHaveText(`Quokka${stamp}`);

  await searchUntil(page, `wombat${stamp}`, hit.getByTestId('search-comment'), 1);
  await expect(hit.getByTestId('search-comment').locator('mark')).toHaveText(`Wombat${stamp}`);
  await hit.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(/\?post=/);
  await expect(postCard(page, title).first()).toBeVisible();

  await postCard(page, title).first().getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete post' }).getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Post deleted');
  await searchFor(page, `quokka${stamp}`);
  await expect(page.getByText(`Nothing in this club matches “quokka${stamp}”.`)).toBeVisible();
  await expect(page.getByTestId('search-post')).toHaveCount(0);

  // The results' address without a search (typed, or cut short) asks for one, not the API.
  const bare = new URL(page.url());
  bare.search = '?q=a';
  await page.goto(bare.toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Search this club' })).toBeVisible();
  await expect(page.getByText('Type at least 2 characters in the search box')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a freshly registered person who is not a member gets no results', async ({ page, request }) => {
  const club = await clubNamed(request, YOGA);
  await signIn(page, await freshAccount(request, 'Nadia Newcomer'));
  await page.goto(`/communities/${club.id}/search?q=welcome`);
  await expect(page.getByText('You are not a member of this club.')).toBeVisible();
  await expect(page.getByTestId('search-post')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Search results/ })).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: 'Search this club' })).toHaveCount(0);
});
