/**
 * Member profiles `/members/{userId}` on the demo data: someone who
 * shares a club with the member reaches the profile from a post and sees the name, bio, the clubs
 * they share and the member's recent posts there; a signed-in stranger is told the member was not
 * found, as for nobody.
 */
import { expect, postCard, test, YOGA } from './club-support.ts';
import { DEMO, freshAccount, signIn } from './directory-support.ts';

test('a member who shares clubs sees name, bio, the shared clubs and recent posts; a stranger sees not found', async ({
  openClub,
  browser,
  request,
}) => {
  const { page } = await openClub(DEMO.owner, YOGA);
  await postCard(page, 'Sunrise practice').getByRole('link', { name: 'Max Member' }).click();
  await expect(page).toHaveURL(/\/members\/[^/]+$/);
  const profileUrl = page.url();
  await expect(page.getByRole('heading', { level: 1, name: 'Max Member' })).toBeVisible();
  await expect(page.getByText('Berlin', { exact: true })).toBeVisible();
  await expect(page.getByText('Always up for a new club.')).toBeVisible();

  // Both clubs where the owner and Max are active, and not the one Max only asked to join.
  const shared = page.getByRole('region', { name: 'Clubs in common' });
  await expect(shared.getByRole('link')).toHaveCount(2);
  for (const name of [YOGA, 'Trail Runners Club']) {
    await expect(shared.getByRole('link', { name })).toHaveAttribute('href', /^\/communities\//);
  }
  // Max's role in each (the demo makes Max a moderator of the runners).
  await expect(shared.getByRole('listitem').filter({ hasText: YOGA })).toContainText('Member');
  await expect(shared.getByRole('listitem').filter({ hasText: 'Trail Runners Club' })).toContainText(
    'Moderator',
  );

  const recent = page.getByRole('region', { name: 'Recent posts' });
  // Max's two demo posts, newest first (other specs may have added newer ones).
  await expect(recent.getByRole('link', { name: 'First 20K done' })).toBeVisible();
  const titles = await recent.getByRole('link').allTextContents();
  expect(titles.indexOf('Sunrise practice')).toBeGreaterThanOrEqual(0);
  expect(titles.indexOf('Sunrise practice')).toBeLessThan(titles.indexOf('First 20K done'));
  // Each entry names its club (other specs may have added more of Max's posts in the same club).
  await expect(recent.getByText(/^Morning Yoga Collective · /).first()).toBeVisible();
  await recent.getByRole('link', { name: 'Sunrise practice' }).click();
  await expect(
    page.getByRole('region', { name: 'Linked post' }).getByRole('heading', { name: 'Sunrise practice' }),
  ).toBeVisible();

  // A signed-in person with no club in common learns nothing about Max.
  const stranger = await browser.newPage();
  try {
    await signIn(stranger, await freshAccount(request, 'Sam Stranger'));
    await stranger.goto(profileUrl);
    await expect(stranger.getByRole('heading', { level: 1, name: 'Member not found' })).toBeVisible();
    await expect(stranger.getByText('Max Member')).toHaveCount(0);
    await expect(stranger.getByText('Always up for a new club.')).toHaveCount(0);
  } finally {
    await stranger.context().close();
  }
});
