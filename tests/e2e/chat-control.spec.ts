/**
 * The chat's controls, walked by two freshly registered members of one free club: "who may start
 * a chat with me: nobody" takes the other person's Message button away and the API refuses the
 * start, and choosing members again gives it back; a block from the conversation makes the
 * blocked person's send fail without telling them why, and an unblock (from the conversation,
 * then from Settings → Chat) lets their next message through.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiStatus, joinedPair, userIdOf } from './chat-support.ts';
import { expect, expectToast, test, YOGA } from './club-support.ts';

/** The chat section of Settings, where its choices save at once. */
async function chatSettings(page: Page) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Chat', exact: true });
  await expect(section.getByRole('combobox', { name: /Who can start a chat with me/ })).toBeEnabled();
  return section;
}

async function chooseStarters(page: Page, choice: 'members' | 'nobody') {
  const section = await chatSettings(page);
  await section.getByRole('combobox', { name: /Who can start a chat with me/ }).selectOption(choice);
  await expect(section.getByRole('status')).toHaveText('Saved');
}

/** Sends one message from an open conversation. */
async function send(page: Page, text: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

test('"nobody" hides Message and refuses the start; a block refuses sends silently until unblocked', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const [annName, benName] = [`Ann ${tag}`, `Ben ${tag}`];
  const { clubId, ann, ben, close } = await joinedPair(browser, request, YOGA, [annName, benName]);
  try {
    const benId = await userIdOf(ben);
    await chooseStarters(ben, 'nobody');

    // Ann's Members page asks the server whom she may message; Ben is not among them.
    const asked = ann.waitForResponse(
      (response) =>
        response.url().includes('/api/me/conversations/startable') && response.url().includes(benId),
    );
    await ann.goto(`/communities/${clubId}/members`);
    await ann.getByRole('textbox', { name: 'Search members...' }).fill(benName);
    await expect(ann.getByTestId('member-row').filter({ hasText: benName })).toBeVisible();
    expect(JSON.stringify(await (await asked).json())).not.toContain(benId);
    await expect(ann.getByRole('button', { name: `Message ${benName}` })).toHaveCount(0);
    expect(await apiStatus(ann, 'POST', '/api/me/conversations', { userId: benId, clubId })).toBe(404);

    // Members again: the button is back and the conversation starts.
    await chooseStarters(ben, 'members');
    await ann.goto(`/communities/${clubId}/members`);
    await ann.getByRole('textbox', { name: 'Search members...' }).fill(benName);
    await ann.getByRole('button', { name: `Message ${benName}` }).click();
    await expect(ann).toHaveURL(/\/messages\/[\w-]+$/);
    const conversation = new URL(ann.url()).pathname;
    const annMessages = ann.getByRole('list', { name: 'Messages' });
    await send(ann, 'Hello Ben, first message.');
    await expect(annMessages.getByText('Hello Ben, first message.')).toBeVisible();

    // Ben blocks Ann from the conversation: it shows the blocked state instead of the composer.
    await ben.goto(conversation);
    await expect(
      ben.getByRole('list', { name: 'Messages' }).getByText('Hello Ben, first message.'),
    ).toBeVisible();
    await ben.getByRole('button', { name: 'Block', exact: true }).click();
    await ben.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
    await expectToast(ben, `${annName} is blocked: they can no longer message you.`);
    await expect(ben.getByText('You blocked this person.', { exact: false })).toBeVisible();
    await expect(ben.getByRole('textbox', { name: 'Message' })).toHaveCount(0);

    // Ann's send is refused in words that do not say why.
    await send(ann, 'Are you there?');
    const refusal = ann
      .getByRole('alert')
      .filter({ hasText: 'This conversation does not take new messages.' });
    await expect(refusal).toBeVisible();
    await expect(refusal).not.toContainText(/block/i);
    await expect(annMessages.getByText('Are you there?')).toHaveCount(0);

    // Unblocked from the conversation: Ann's next message goes through and Ben can write again.
    await ben.getByRole('button', { name: 'Unblock', exact: true }).click();
    await expectToast(ben, `${annName} is unblocked.`);
    await expect(ben.getByRole('textbox', { name: 'Message' })).toBeVisible();
    await send(ann, 'Second try.');
    await expect(annMessages.getByText('Second try.')).toBeVisible();
    await expect(ben.getByRole('list', { name: 'Messages' }).getByText('Second try.')).toBeVisible();

    // Blocked again, and unblocked from Settings → Chat this time.
    await ben.getByRole('button', { name: 'Block', exact: true }).click();
    await ben.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
    await expectToast(ben, `${annName} is blocked: they can no longer message you.`);
    await send(ann, 'Third try.');
    await expect(
      ann.getByRole('alert').filter({ hasText: 'This conversation does not take new messages.' }),
    ).toBeVisible();
    const section = await chatSettings(ben);
    const blocked = section.getByRole('list', { name: 'People you blocked' });
    await expect(blocked.getByRole('listitem')).toHaveCount(1);
    await expect(blocked).toContainText(annName);
    await section.getByRole('button', { name: `Unblock ${annName}` }).click();
    await expect(section.getByText('You have not blocked anyone.')).toBeVisible();
    await send(ann, 'Fourth try.');
    await expect(annMessages.getByText('Fourth try.')).toBeVisible();
  } finally {
    await close();
  }
});
