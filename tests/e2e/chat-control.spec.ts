/**
 * The chat's controls, walked by two freshly registered members of one free club: "who may start
 * a chat with me: nobody" takes the other person's Message button away and the API refuses the
 * start, and choosing members again gives it back; a block from the conversation makes the
 * blocked person's send fail without telling them why, and an unblock (from the conversation,
 * then from Settings → Chat) lets their next message through. A reported conversation reaches
 * the super admin's portal with its messages and is resolved there; the club's owner turning chat
 * off takes Message away and refuses a start through the club, while the conversation goes on.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { apiStatus, joinedPair, userIdOf } from './chat-support.ts';
import { expect, expectToast, pageAs, test, YOGA } from './club-support.ts';
import { DEMO } from './directory-support.ts';

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

/**
 * Opens the club's Members page as Ann, searching for `name`, and resolves to whether the server
 * said she may message that person (the answer the page's Message button follows).
 */
async function membersPageStartable(page: Page, clubId: string, name: string, userId: string) {
  const asked = page.waitForResponse(
    (response) =>
      response.url().includes('/api/me/conversations/startable') && response.url().includes(userId),
  );
  await page.goto(`/communities/${clubId}/members`);
  await page.getByRole('textbox', { name: 'Search members...' }).fill(name);
  await expect(page.getByTestId('member-row').filter({ hasText: name })).toBeVisible();
  return JSON.stringify(await (await asked).json()).includes(userId);
}

/** Two fresh members of the yoga club whose names carry a tag of this run, so searches find only them. */
async function taggedPair(browser: Browser, request: APIRequestContext) {
  const tag = randomUUID().slice(0, 6);
  const [annName, benName] = [`Ann ${tag}`, `Ben ${tag}`];
  return { tag, annName, benName, ...(await joinedPair(browser, request, YOGA, [annName, benName])) };
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
  const { annName, benName, clubId, ann, ben, close } = await taggedPair(browser, request);
  try {
    const benId = await userIdOf(ben);
    await chooseStarters(ben, 'nobody');

    // Ann's Members page asks the server whom she may message; Ben is not among them.
    expect(await membersPageStartable(ann, clubId, benName, benId)).toBe(false);
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

test('a reported conversation reaches the super admin, who resolves it; the owner turns chat off for the club', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { tag, annName, benName, clubId, ann, ben, close } = await taggedPair(browser, request);
  const owner = await pageAs(browser, DEMO.owner);
  const admin = await pageAs(browser, 'admin@clubs.local');
  const chatSwitch = owner.getByRole('checkbox', { name: 'Members can message each other' });
  try {
    const benId = await userIdOf(ben);
    await ann.goto(`/communities/${clubId}/members`);
    await ann.getByRole('textbox', { name: 'Search members...' }).fill(benName);
    await ann.getByRole('button', { name: `Message ${benName}` }).click();
    await expect(ann).toHaveURL(/\/messages\/[\w-]+$/);
    const annMessages = ann.getByRole('list', { name: 'Messages' });
    await send(ann, `Rude words ${tag}`);
    await expect(annMessages.getByText(`Rude words ${tag}`)).toBeVisible();

    // Ben reports the conversation with words of his own.
    await ben.goto(new URL(ann.url()).pathname);
    await expect(ben.getByRole('list', { name: 'Messages' }).getByText(`Rude words ${tag}`)).toBeVisible();
    await ben.getByRole('button', { name: 'Report', exact: true }).click();
    const form = ben.getByRole('form', { name: 'Report conversation' });
    await form.getByText('Other', { exact: true }).click();
    await expect(form.getByLabel('Other')).toBeChecked();
    await form.getByLabel('What is wrong?').fill(`Insults in chat ${tag}`);
    await form.getByRole('button', { name: 'Report', exact: true }).click();
    await expectToast(ben, 'Thank you. The platform’s team will look at it.');

    // The super admin sees it with the reported message, and resolves it.
    await admin.goto('/super-admin');
    const report = admin
      .getByRole('article')
      .filter({ has: admin.getByRole('heading', { name: `${benName} reported ${annName}` }) });
    await expect(report).toContainText(`Insults in chat ${tag}`);
    await expect(report.getByRole('list', { name: 'Messages when reported, newest first' })).toContainText(
      `${annName}: Rude words ${tag}`,
    );
    await report.getByRole('button', { name: 'Resolve' }).click();
    await expectToast(admin, 'Report resolved');
    await expect(report).toHaveCount(0);

    // The owner turns chat off for the club: no Message, no start through it; the conversation goes on.
    await owner.goto(`/club-settings/${clubId}`);
    await expect(chatSwitch).toBeChecked();
    await owner.getByText('Members can message each other', { exact: true }).click();
    await expect(chatSwitch).not.toBeChecked();
    await expect(owner.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    expect(await membersPageStartable(ann, clubId, benName, benId)).toBe(false);
    await expect(ann.getByRole('button', { name: `Message ${benName}` })).toHaveCount(0);
    expect(await apiStatus(ann, 'POST', '/api/me/conversations', { userId: benId, clubId })).toBe(404);
    await ben.reload();
    await send(ben, `Still talking ${tag}`);
    await expect(ben.getByRole('list', { name: 'Messages' }).getByText(`Still talking ${tag}`)).toBeVisible();
  } finally {
    await owner.goto(`/club-settings/${clubId}`);
    if (!(await chatSwitch.isChecked())) {
      await owner.getByText('Members can message each other', { exact: true }).click();
      await expect(owner.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    }
    await Promise.all([owner.close(), admin.close()]);
    await close();
  }
});
