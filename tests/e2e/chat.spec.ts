/**
 * Chat through the real WebSocket, two freshly registered members of one free club in two
 * browsers: one messages the other from the members list; the other, already on a signed-in
 * page, sees the header's unread count rise without a reload, opens the conversation and replies;
 * the first sees the reply and "Seen" without a reload. The inbox and the conversation are judged
 * by axe at 375 px and 1280 px. Both leave the club again, so its member list stays as the other
 * specs know it.
 */
import type { Page } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './account-support.ts';
import { expect, leaveClub, pageAs, test, YOGA } from './club-support.ts';
import { actionButton, clubNamed, DEMO, freshAccount, signIn } from './directory-support.ts';

/** Signs a fresh account in, in a browser of its own, and asks to join the club. */
async function newMember(page: Page, name: string, clubId: string): Promise<string> {
  const email = await freshAccount(page.request, name);
  await signIn(page, email);
  await page.goto(`/c/${clubId}`);
  await actionButton(page).click();
  await expect(actionButton(page)).toHaveText('Request Pending');
  return email;
}

/** Opens a signed-in page and resolves once its live socket is open (the header follows the person). */
async function openLive(page: Page, path: string) {
  const opened = page.waitForEvent('websocket', (ws) => new URL(ws.url()).pathname === '/ws');
  await page.goto(path);
  await opened;
}

test('two members chat live: the unread count, the reply and "Seen" arrive without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const club = await clubNamed(request, YOGA);
  const [annContext, benContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [ann, ben] = await Promise.all([annContext.newPage(), benContext.newPage()]);
  const owner = await pageAs(browser, DEMO.owner);
  try {
    const emails = await Promise.all([
      newMember(ann, 'Ann Chat', club.id),
      newMember(ben, 'Ben Chat', club.id),
    ]);
    await owner.goto(`/communities/${club.id}/members`);
    for (const email of emails) {
      await owner.getByRole('textbox', { name: 'Search members...' }).fill(email);
      const row = owner.getByTestId('member-row').filter({ hasText: email });
      await row.getByRole('button', { name: 'pending' }).click();
      await expect(row.getByText('active', { exact: true })).toBeVisible();
    }

    await openLive(ben, '/dashboard');
    const benChat = ben.getByRole('link', { name: /^Messages,/ });
    await expect(benChat).toHaveAccessibleName('Messages, no unread');

    await ann.goto(`/communities/${club.id}/members`);
    await ann.getByRole('textbox', { name: 'Search members...' }).fill('Ben Chat');
    await ann.getByRole('button', { name: 'Message Ben Chat' }).click();
    await expect(ann).toHaveURL(/\/messages\/[\w-]+$/);
    await expect(ann.getByRole('heading', { level: 1, name: 'Ben Chat' })).toBeVisible();
    await expect(ann.getByText(`From ${YOGA}`)).toBeVisible();
    const annBox = ann.getByRole('textbox', { name: 'Message' });
    await annBox.fill('Hi Ben! The schedule: https://example.com/yoga');
    await annBox.press('Enter');
    const annMessages = ann.getByRole('list', { name: 'Messages' });
    await expect(annMessages.getByText('Hi Ben! The schedule:')).toBeVisible();
    await expect(annBox).toHaveValue('');

    // Ben's header learns it from the socket: no reload, no polling.
    await expect(benChat).toHaveAccessibleName('Messages, 1 unread');
    await benChat.click();
    const inbox = ben.getByRole('list', { name: 'Conversations' });
    await expect(inbox.getByRole('link', { name: /Ann Chat\s*\(unread\)/ })).toBeVisible();
    await expectAccessibleAtBothWidths(ben, '/messages');

    await inbox.getByRole('link', { name: /Ann Chat/ }).click();
    const benMessages = ben.getByRole('list', { name: 'Messages' });
    await expect(benMessages.getByRole('link', { name: 'https://example.com/yoga' })).toHaveAttribute(
      'rel',
      'noopener noreferrer nofollow ugc',
    );
    await expect(benChat).toHaveAccessibleName('Messages, no unread');
    const benBox = ben.getByRole('textbox', { name: 'Message' });
    await benBox.fill('Hi Ann, see you there.');
    await benBox.press('Enter');
    await expect(benMessages.getByText('Hi Ann, see you there.')).toBeVisible();
    await expectAccessibleAtBothWidths(ben, '/messages/{id}');

    // Ann's open conversation shows the reply and that Ben has read hers, without a reload.
    await expect(annMessages.getByText('Hi Ann, see you there.')).toBeVisible();
    await expect(annMessages.getByText('Seen', { exact: true })).toBeVisible();
  } finally {
    await owner.context().close();
    await Promise.all([leaveClub(ann, club.id), leaveClub(ben, club.id)]).catch(() => undefined);
    await Promise.all([annContext.close(), benContext.close()]);
  }
});
