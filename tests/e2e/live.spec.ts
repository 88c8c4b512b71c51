/**
 * Live updates through the real WebSocket, two people in two browsers: the owner posts and the
 * member's open feed offers it in the "new posts" pill, then shows it, without a reload; a like
 * from the member moves the owner's count and a comment raises the owner's bell; the owner's edit
 * shows in the member's feed, read as that one post; a freshly registered member who is removed
 * sees their open club page say so, and nothing more of the club reaches their socket.
 */
import type { Page, WebSocket } from '@playwright/test';
import { expect, pageAs, postCard, test, YOGA } from './club-support.ts';
import { actionButton, clubNamed, DEMO, freshAccount, signIn } from './directory-support.ts';

/**
 * Opens the club feed and resolves once its live socket has subscribed to the club (the signed-in
 * bell may have opened a socket on the page before, closed by this navigation).
 */
async function openLiveFeed(page: Page, clubId: string): Promise<WebSocket> {
  const subscribed = new Promise<WebSocket>((resolve) => {
    page.on('websocket', (ws) => {
      if (new URL(ws.url()).pathname !== '/ws') return;
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"subscribed"')) resolve(ws);
      });
    });
  });
  await page.goto(`/communities/${clubId}`);
  return subscribed;
}

async function writePost(page: Page, title: string) {
  await page.getByRole('button', { name: 'Share something with the club...' }).click();
  const form = page.getByRole('form', { name: 'New post' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Content').fill('Written while you were reading.');
  await form.getByRole('button', { name: 'Post' }).click();
  await expect(postCard(page, title)).toBeVisible();
}

test('a new post reaches an open feed as a pill, then shows; a like moves the count live', async ({
  browser,
  request,
}) => {
  const club = await clubNamed(request, YOGA);
  const [owner, member] = await Promise.all([pageAs(browser, DEMO.owner), pageAs(browser, DEMO.member)]);
  try {
    await Promise.all([openLiveFeed(owner, club.id), openLiveFeed(member, club.id)]);
    const firstTitle = await member
      .getByRole('article')
      .first()
      .getByRole('heading', { level: 3 })
      .textContent();

    const title = `Live note ${Date.now()}`;
    await writePost(owner, title);
    const pill = member.getByRole('button', { name: '1 new post' });
    await expect(pill).toBeVisible();
    // Nothing moved under the reader's eyes: the feed still starts where it did.
    await expect(member.getByRole('article').first().getByRole('heading', { level: 3 })).toHaveText(
      firstTitle ?? '',
    );
    await pill.click();
    await expect(postCard(member, title)).toBeVisible();
    await expect(pill).toHaveCount(0);

    await postCard(member, title).getByRole('button', { name: 'Like' }).click();
    await expect(postCard(owner, title).getByTestId('like-count')).toHaveText('1 like');

    // A comment on the owner's post: their bell's count rises without a reload (well within the
    // bell's 30-second poll).
    const bell = owner.getByRole('button', { name: /^Notifications,/ });
    const unread = async () => Number((await bell.textContent())?.match(/(\d+) unread/)?.[1] ?? 0);
    const before = await unread();
    const card = postCard(member, title);
    await card.getByRole('button', { name: /comments?$/ }).click();
    await card.getByRole('textbox', { name: 'Write a comment' }).fill('Seen live.');
    await card.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect.poll(unread, { timeout: 10_000 }).toBeGreaterThan(before);

    // The owner edits the post: the member's feed shows the new text, read as that one post (the
    // feed itself is not read again).
    const feedReads: string[] = [];
    member.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/clubs/${club.id}/posts`) feedReads.push(request.url());
    });
    const ownCard = postCard(owner, title);
    await ownCard.getByRole('button', { name: 'Post options' }).click();
    await ownCard.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = owner.getByRole('form', { name: 'Edit post' });
    await edit.getByLabel('Content').fill('Edited while you were reading.');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(postCard(member, title).getByText('Edited while you were reading.')).toBeVisible();
    expect(feedReads).toEqual([]);
  } finally {
    await Promise.all([owner.close(), member.close()]);
  }
});

test("a removed member's open page is told, and receives nothing of the club after", async ({
  browser,
  request,
  page,
}) => {
  const club = await clubNamed(request, YOGA);
  const email = await freshAccount(request, 'Lee Live');
  await signIn(page, email);
  await page.goto(`/c/${club.id}`);
  await actionButton(page).click();
  await expect(actionButton(page)).toHaveText('Request Pending');

  const owner = await pageAs(browser, DEMO.owner);
  try {
    await owner.goto(`/communities/${club.id}/members`);
    const search = owner.getByRole('textbox', { name: 'Search members...' });
    await search.fill(email);
    const row = owner.getByTestId('member-row').filter({ hasText: email });
    await row.getByRole('button', { name: 'pending' }).click();
    await expect(row.getByText('active', { exact: true })).toBeVisible();

    const socket = await openLiveFeed(page, club.id);
    const after: string[] = [];
    let removed = false;
    socket.on('framereceived', (frame) => {
      if (removed) after.push(String(frame.payload));
    });

    await row.getByRole('button', { name: /^Remove / }).click();
    removed = true;
    await owner
      .getByRole('dialog', { name: 'Remove Member' })
      .getByRole('button', { name: 'Remove', exact: true })
      .click();
    await expect(owner.getByText('Member Removed')).toBeVisible();
    // The open page learns it at once, without a reload.
    await expect(page.getByText('You are not a member of this club.')).toBeVisible();

    expect(after.some((payload) => payload.includes('"revoked"'))).toBe(true);
    const ownerSocket = await openLiveFeed(owner, club.id);
    const heard = ownerSocket.waitForEvent('framereceived', (frame) =>
      String(frame.payload).includes('post.created'),
    );
    await writePost(owner, `After the removal ${Date.now()}`);
    // One fan-out sends to every follower: once the owner's socket has the post, the removed
    // member's would have it too, had it been sent.
    await heard;
    expect(after.filter((payload) => payload.includes('post.created'))).toEqual([]);
  } finally {
    await owner.close();
  }
});
