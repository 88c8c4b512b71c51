/**
 * Moderation through the real UI: a freshly registered person joins through the invite link,
 * reports the owner's new post from its menu and is thanked; the owner finds it in Admin Controls
 * → Reports with its reason and hides it; the member no longer sees it after a reload, while its
 * author sees it marked Hidden, with no like or comment to give and the reason why. The newcomer
 * leaves again, so the club's members stay as the other specs know them.
 */
import { HIDDEN_POST_REFUSAL } from '@clubs/shared';
import {
  expect,
  expectToast,
  leaveClub,
  newcomerOpening,
  postCard,
  test,
  writeTextPost,
  YOGA,
} from './club-support.ts';
import { DEMO } from './directory-support.ts';

test('a freshly registered member reports a post, the owner hides it from the Reports queue, the member no longer sees it', async ({
  openClub,
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Cheap watches ${Date.now()}`;
  const { page: owner, club } = await openClub(DEMO.owner, YOGA, { path: '/invite' });
  const linkField = owner.getByLabel('Your club invite link');
  await expect(linkField).toHaveValue(new RegExp(`/invite/${club.id}/`));
  const inviteLink = await linkField.inputValue();
  await owner.goto(`/communities/${club.id}`);
  await writeTextPost(owner, title, 'Buy them here.');

  const { context, page: member } = await newcomerOpening(browser, 'Rita Reporter', inviteLink);
  await member.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(member).toHaveURL(new RegExp(`/communities/${club.id}$`));
  const card = postCard(member, title);
  await card.getByRole('button', { name: 'Post options' }).click();
  await member.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = member.getByRole('form', { name: 'Report post' });
  await dialog.getByText('Harassment', { exact: true }).click();
  await expect(dialog.getByLabel('Harassment')).toBeChecked();
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expectToast(member, 'Thank you. The moderators will look at it.');

  await owner.getByRole('button', { name: 'Admin Controls' }).click();
  await owner.getByRole('link', { name: /^Reports/ }).click();
  await expect(owner).toHaveURL(new RegExp(`/communities/${club.id}/reports$`));
  const item = owner.getByTestId('report-item').filter({ hasText: title });
  await expect(item).toContainText('1 report: Harassment (1)');
  await item.getByRole('button', { name: 'Hide' }).click();
  await expectToast(owner, 'Hidden');
  await expect(item).toHaveCount(0);

  await member.reload();
  await expect(member.getByRole('region', { name: 'Posts' }).getByRole('article').first()).toBeVisible();
  await expect(postCard(member, title)).toHaveCount(0);
  await owner.goto(`/communities/${club.id}`);
  const hidden = postCard(owner, title);
  await expect(hidden.getByText('Hidden', { exact: true })).toBeVisible();
  // A hidden post takes no likes or comments; its author is told why.
  await expect(hidden.getByText(HIDDEN_POST_REFUSAL)).toBeVisible();
  await expect(hidden.getByRole('button', { name: 'Like' })).toBeDisabled();
  await leaveClub(member, club.id);
  await context.close();
});
