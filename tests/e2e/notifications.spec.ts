/**
 * Notifications end to end, with the local SES emulator as the mail server: a freshly registered
 * member (joined through the invite link) comments on the owner's new post; the owner's bell says
 * 1 unread and its panel opens the post, and the owner has the e-mail, with its one-click
 * unsubscribe headers. The owner chooses "Bell only" in the club: the next reply rings the bell
 * and sends no mail. The e-mail's unsubscribe link works signed out.
 */

import { expect, leaveClub, newcomerOpening, postCard, test, writeTextPost, YOGA } from './club-support.ts';
import { DEMO } from './directory-support.ts';
import { headerOf, mailTo } from './mail-support.ts';

const REPLY_SUBJECT = `commented on your post in ${YOGA}`;

test('a reply rings the owner’s bell and e-mails them until they choose bell only; unsubscribe works signed out', async ({
  openClub,
  browser,
}) => {
  // Two people, two e-mails and a signed-out visit: longer than the suite's default minute.
  test.setTimeout(240_000);
  const { page: owner, club } = await openClub(DEMO.owner, YOGA, { path: '/invite' });
  const linkField = owner.getByLabel('Your club invite link');
  await expect(linkField).toHaveValue(new RegExp(`/invite/${club.id}/`));
  const inviteLink = await linkField.inputValue();
  const repliesBefore = (await mailTo(owner, DEMO.owner)).filter((m) => m.subject.endsWith(REPLY_SUBJECT));

  // The owner starts from an empty bell and writes a post.
  await owner.goto(`/communities/${club.id}`);
  const bell = owner.getByRole('button', { name: /^Notifications,/ });
  await bell.click();
  const markAll = owner.getByRole('button', { name: 'Mark all as read' });
  // The button is disabled while the panel loads, as when nothing is unread: decide once it has loaded.
  await expect(markAll).toBeVisible();
  await expect(owner.locator('.notification-panel__note', { hasText: 'Loading...' })).toHaveCount(0);
  if (await markAll.isEnabled()) await markAll.click();
  await expect(bell).toHaveAccessibleName('Notifications, No unread notifications');
  await owner.keyboard.press('Escape');
  // This run's own post and reply, so the walk can be repeated on one stack (--repeat-each).
  const stamp = Date.now();
  const title = `Evening flow ${stamp}`;
  const firstReply = `Count me in for ${stamp}!`;
  await writeTextPost(owner, title, 'Slow flow at 7pm, bring a blanket.');

  // A freshly registered person joins through the invite link and comments.
  const { context, page: member } = await newcomerOpening(browser, 'Nora Newcomer', inviteLink);
  await member.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(member).toHaveURL(new RegExp(`/communities/${club.id}$`));
  const comment = async (text: string) => {
    const post = postCard(member, title);
    const field = post.getByRole('textbox', { name: 'Write a comment' });
    // The comments stay open after the first one; the button would close them again.
    if (!(await field.isVisible())) await post.getByRole('button', { name: /comments?$/ }).click();
    await field.fill(text);
    await post.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(post.getByText(text)).toBeVisible();
  };
  await comment(firstReply);

  // The owner's bell (polled, and read again on focus) says 1 unread; the panel opens the post.
  await expect(async () => {
    await owner.reload();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread notification', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(owner.getByRole('status').filter({ hasText: '1 unread notification' })).toHaveCount(1);
  await bell.click();
  await owner
    .getByRole('link', { name: new RegExp(`Nora Newcomer commented on your post .${firstReply}`) })
    .click();
  await expect(owner).toHaveURL(/\?post=/);
  // The link shows the post first, above the feed that has it too.
  await expect(
    owner.getByRole('region', { name: 'Linked post' }).getByRole('heading', { level: 3, name: title }),
  ).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, No unread notifications');

  // The owner has the e-mail, with the one-click unsubscribe headers and the footer link.
  const replies = async () =>
    (await mailTo(owner, DEMO.owner)).filter((m) => m.subject.endsWith(REPLY_SUBJECT));
  await expect.poll(async () => (await replies()).length).toBe(repliesBefore.length + 1);
  const mail = (await replies()).at(-1);
  expect(mail?.subject).toBe(`Nora Newcomer ${REPLY_SUBJECT}`);
  expect(mail?.body.text).toContain(firstReply);
  expect(headerOf(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  expect(headerOf(mail, 'List-Unsubscribe')).toMatch(
    /^<http:\/\/localhost:\d+\/api\/unsubscribe\?token=[^>]+>$/,
  );
  // The token is two base64url parts joined by a dot (the sentence's own full stop follows it).
  const footerLink = /http:\/\/localhost:\d+\/unsubscribe\?token=[A-Za-z0-9_%-]+\.[A-Za-z0-9_%-]+/.exec(
    mail?.body.text ?? '',
  )?.[0];
  expect(footerLink).toBeTruthy();

  // The owner chooses bell only for this club: the next reply rings the bell and mails nothing.
  const choice = owner.getByLabel('Notifications from this club');
  await choice.selectOption({ label: 'Bell only (no e-mail)' });
  await expect(owner.getByText('Saved', { exact: true })).toBeVisible();
  await comment('And a friend, too.');
  await expect(async () => {
    await owner.reload();
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread notification', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  expect(await replies()).toHaveLength(repliesBefore.length + 1);
  await expect(choice).toHaveValue('bell');

  // The e-mail's link works signed out: the page asks, then says what stopped.
  const signedOut = await browser.newContext();
  const page = await signedOut.newPage();
  await page.goto(new URL(footerLink ?? '').pathname + new URL(footerLink ?? '').search);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status')).toContainText(`You will get no more e-mail from ${YOGA}.`);
  // A forged link is refused with the reason.
  await page.goto('/unsubscribe?token=eyJ1IjoieCJ9.forged');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid.');

  // The owner's club follows the account again, and the newcomer leaves: the demo stays as it was.
  await choice.selectOption({ index: 0 });
  await expect(owner.getByText('Saved', { exact: true })).toBeVisible();
  await leaveClub(member, club.id);
  await Promise.all([context.close(), signedOut.close()]);
});

test('the bell opened while the club still loads stays open when the club arrives', async ({ openClub }) => {
  const { page, club } = await openClub(DEMO.owner, YOGA, { path: '/leaderboard' });
  // The club's own read is held until the bell has been clicked, as a slow network would hold it.
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  await page.route(`**/api/clubs/${club.id}`, async (route) => {
    await arrived;
    await route.continue();
  });
  await page.goto(`/communities/${club.id}`);
  const bell = page.getByRole('button', { name: /^Notifications,/ });
  await bell.click();
  const markAll = page.getByRole('button', { name: 'Mark all as read' });
  await expect(markAll).toBeVisible();
  arrive();
  // The club's own link in the header (the panel's notifications link into the club too).
  await expect(page.getByRole('banner').locator(`a[href="/communities/${club.id}"]`)).toContainText(YOGA);
  await expect(page.getByRole('navigation', { name: 'Club' })).toBeVisible();
  // The panel the owner opened is still open under their hand.
  await expect(markAll).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
});
