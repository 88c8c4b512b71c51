/**
 * Chat through the real WebSocket, two freshly registered members of one free club in two
 * browsers: one messages the other from the members list; the other, already on a signed-in
 * page, sees the header's unread count rise without a reload, opens the conversation and replies;
 * the first sees the reply and "Seen" without a reload, then sends a photo the second sees, and
 * the reply's text goes when its writer deletes it. The inbox and the conversation are judged
 * by axe at 375 px and 1280 px. Both leave the club again, so its member list stays as the other
 * specs know it.
 */
import { expectAccessibleAtBothWidths } from './account-support.ts';
import { joinedPair, openLive } from './chat-support.ts';
import { expect, test, YOGA } from './club-support.ts';

test('two members chat live: the unread count, the reply and "Seen" arrive without a reload', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { clubId, ann, ben, close } = await joinedPair(browser, request, YOGA, ['Ann Chat', 'Ben Chat']);
  try {
    await openLive(ben, '/dashboard');
    const benChat = ben.getByRole('link', { name: /^Messages,/ });
    await expect(benChat).toHaveAccessibleName('Messages, no unread');

    await ann.goto(`/communities/${clubId}/members`);
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

    // Ann sends a photo alone: Ben's open conversation shows it, loaded through its signed URL.
    await ann.getByLabel('Add an image').setInputFiles({
      name: 'studio.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await expect(ann.getByRole('progressbar', { name: 'Uploading studio.png' })).toHaveAttribute(
      'aria-valuetext',
      'Uploaded',
    );
    await ann.getByRole('button', { name: 'Send' }).click();
    await expect(annMessages.getByRole('img', { name: 'Sent by you' })).toBeVisible();
    const photo = benMessages.getByRole('img', { name: 'Sent to you' });
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);

    // Ben deletes his reply: Ann's open conversation drops its text from the socket, no reload.
    await benMessages.getByRole('button', { name: /^Delete your message sent/ }).click();
    const confirm = ben.getByRole('dialog', { name: 'Delete message' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(benMessages.getByText('Message deleted')).toBeVisible();
    await expect(annMessages.getByText('Message deleted')).toBeVisible();
    await expect(annMessages.getByText('Hi Ann, see you there.')).toHaveCount(0);
  } finally {
    await close();
  }
});
