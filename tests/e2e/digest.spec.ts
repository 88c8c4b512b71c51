/**
 * The daily digest end to end: a freshly registered person joins the yoga club through its invite
 * link and chooses the daily digest for it; the owner writes a post; the digest's schedule runs
 * (as `npm run digest` runs it) and the local SES store holds the newcomer's digest naming the
 * post, with its link and one-click unsubscribe headers.
 */

import { expect, leaveClub, test, writeTextPost, YOGA } from './club-support.ts';
import { DEMO, freshAccount, signIn } from './directory-support.ts';
import { headerOf, mailTo, runDigestNow } from './mail-support.ts';

test('a newcomer who chose the daily digest gets the club’s new post in it', async ({
  openClub,
  browser,
}) => {
  test.setTimeout(120_000);
  const { page: owner, club } = await openClub(DEMO.owner, YOGA, { path: '/invite' });
  const linkField = owner.getByLabel('Your club invite link');
  await expect(linkField).toHaveValue(new RegExp(`/invite/${club.id}/`));
  const inviteLink = await linkField.inputValue();

  const context = await browser.newContext();
  const member = await context.newPage();
  const address = await freshAccount(member.request, 'Dora Digest');
  await signIn(member, address);
  await member.goto(new URL(inviteLink).pathname);
  await member.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(member).toHaveURL(new RegExp(`/communities/${club.id}$`));
  await member.getByLabel('Notifications from this club').selectOption({ label: 'Daily digest e-mail' });
  await expect(member.getByText('Saved', { exact: true })).toBeVisible();

  await owner.goto(`/communities/${club.id}`);
  const title = `Sunrise stretch ${Date.now()}`;
  await writeTextPost(owner, title, 'Ten minutes before breakfast.');

  await runDigestNow('daily');
  const digestSubject = `Today's most liked posts in ${YOGA}`;
  await expect(async () => {
    const digests = (await mailTo(member, address)).filter((m) => m.subject === digestSubject);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.body.text).toContain(title);
    expect(digests[0]?.body.html).toContain(`/communities/${club.id}?post=`);
    expect(headerOf(digests[0], 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  }).toPass({ timeout: 30_000 });

  await leaveClub(member, club.id);
  await context.close();
});
