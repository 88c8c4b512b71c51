/**
 * The club feed on the demo data through the real API: the seeded
 * feed as the demo member sees it, the owner writes a text post and an image post (a real upload
 * to s3rver), a member likes and comments and the counts survive a reload, pinning moves a post
 * to the top and unpins the previous one, and Copy link opens the post.
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectToast, postCard, test, YOGA } from './club-support.ts';
import { DEMO } from './directory-support.ts';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The demo's recorded clip, a real WebM. */
const CLIP = join(import.meta.dirname, '..', '..', 'infra', 'local', 'seed', 'demo-clip.webm');

const firstPost = (page: Page) => page.getByRole('region', { name: 'Posts' }).getByRole('article').first();

test('the demo member sees the seeded feed: the pinned welcome first, comments, a picture and a video', async ({
  openClub,
}) => {
  const { page } = await openClub(DEMO.member, YOGA);
  await expect(firstPost(page).getByRole('heading', { level: 3 })).toHaveText('Welcome to the Collective!');
  await expect(firstPost(page).getByText('Pinned', { exact: true })).toBeVisible();

  // The comment count agrees with the stored comments.
  const welcome = postCard(page, 'Welcome to the Collective!');
  await welcome.getByRole('button', { name: '3 comments' }).click();
  await expect(welcome.getByText('Hi all! Max from Berlin, trying to build a morning habit.')).toBeVisible();
  await expect(welcome.getByRole('region', { name: 'Comments' }).getByRole('listitem')).toHaveCount(3);

  // The seeded files are real media, served to members: a PNG that decodes, a video that plays.
  const picture = postCard(page, 'Sunrise practice')
    .getByRole('button', { name: 'Open image 1 of 1' })
    .locator('img');
  await expect(picture).toBeVisible();
  await picture.scrollIntoViewIfNeeded(); // the feed's images load lazily
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  const video = postCard(page, 'Sunrise in three seconds').locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(320);
});

test('the owner writes a text post, an image post and a video post (uploaded to storage)', async ({
  openClub,
}) => {
  const { page } = await openClub(DEMO.owner, YOGA);
  const title = `Breathing notes ${Date.now()}`;
  await page.getByRole('button', { name: 'Share something with the club...' }).click();
  const form = page.getByRole('form', { name: 'New post' });
  await form.getByLabel('Title').fill(title);
  await form
    .getByLabel('Content')
    .fill('Box breathing: in 4, hold 4, out 4. More at https://example.com/box');
  await form.getByRole('button', { name: 'Post' }).click();
  await expectToast(page, 'Post created');
  await expect(form).toHaveCount(0);
  await expect(postCard(page, title).getByRole('link', { name: 'https://example.com/box' })).toHaveAttribute(
    'rel',
    'noopener noreferrer nofollow ugc',
  );

  const imageTitle = `Mat setup ${Date.now()}`;
  await page.getByRole('button', { name: 'Share something with the club...' }).click();
  await form.getByLabel('Title').fill(imageTitle);
  // Amplify draws its own radio over a visually hidden input: people click the label.
  await form.getByText('Image', { exact: true }).click();
  await expect(form.getByRole('radio', { name: 'Image' })).toBeChecked();
  await form.getByLabel('Images').setInputFiles({ name: 'mat.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('progressbar', { name: 'Uploading mat.png' })).toHaveAttribute(
    'aria-valuetext',
    'Uploaded',
  );
  await form.getByRole('button', { name: 'Post' }).click();
  await expectToast(page, 'Post created');
  const image = postCard(page, imageTitle).getByRole('button', { name: 'Open image 1 of 1' }).locator('img');
  await expect(image).toBeVisible();
  // The stored file is served back to members.
  const src = (await image.getAttribute('src')) as string;
  expect((await page.request.get(src)).status()).toBe(200);

  const videoTitle = `Flow in motion ${Date.now()}`;
  await page.getByRole('button', { name: 'Share something with the club...' }).click();
  await form.getByLabel('Title').fill(videoTitle);
  await form.getByText('Video', { exact: true }).click();
  // 'Video' names both the type's radio and the file field.
  await form.getByLabel('Video').and(form.locator('input[type="file"]')).setInputFiles(CLIP);
  await expect(form.getByRole('progressbar', { name: 'Uploading demo-clip.webm' })).toHaveAttribute(
    'aria-valuetext',
    'Uploaded',
  );
  await form.getByRole('button', { name: 'Post' }).click();
  await expectToast(page, 'Post created');
  const video = postCard(page, videoTitle).locator('video');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
});

test('a member likes and comments; the counts survive a reload', async ({ openClub }) => {
  const { page } = await openClub(DEMO.member, YOGA);
  const post = postCard(page, 'This week: hips and hamstrings');
  const count = post.getByTestId('like-count');
  const before = Number((await count.textContent())?.split(' ')[0]);
  const liked = (await post.getByRole('button', { name: 'Liked' }).count()) > 0;
  await post.getByRole('button', { name: liked ? 'Liked' : 'Like' }).click();
  const after = liked ? before - 1 : before + 1;
  await expect(count).toHaveText(`${after} ${after === 1 ? 'like' : 'likes'}`);

  const comments = post.getByRole('button', { name: /comments?$/ });
  const commentsBefore = Number((await comments.textContent())?.split(' ')[0]);
  await comments.click();
  const text = `Stretching along! ${Date.now()}`;
  await post.getByRole('textbox', { name: 'Write a comment' }).fill(text);
  await post.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByText('Comment added')).toBeVisible();
  await expect(post.getByText(text)).toBeVisible();

  await page.reload();
  await expect(post.getByTestId('like-count')).toHaveText(`${after} ${after === 1 ? 'like' : 'likes'}`);
  await expect(post.getByRole('button', { name: `${commentsBefore + 1} comments` })).toBeVisible();
});

test('pinning moves a post to the top and unpins the previous one; Copy link opens the post', async ({
  openClub,
}) => {
  const { page, club: yoga } = await openClub(DEMO.owner, YOGA);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const target = postCard(page, 'This week: hips and hamstrings');
  await target.getByRole('button', { name: 'Post options' }).click();
  await target.getByRole('button', { name: 'Pin' }).click();
  await expect(page.getByText('Post pinned')).toBeVisible();
  await expect(firstPost(page).getByRole('heading', { level: 3 })).toHaveText(
    'This week: hips and hamstrings',
  );
  await expect(firstPost(page).getByText('Pinned')).toBeVisible();
  await expect(page.getByText('Pinned', { exact: true })).toHaveCount(1);

  await page.reload();
  await expect(firstPost(page).getByRole('heading', { level: 3 })).toHaveText(
    'This week: hips and hamstrings',
  );
  await expect(page.getByText('Pinned', { exact: true })).toHaveCount(1);

  const welcome = postCard(page, 'Welcome to the Collective!');
  await welcome.getByRole('button', { name: 'Post options' }).click();
  await welcome.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/communities/${yoga.id}\\?post=`));
  await page.goto(link);
  await expect(
    page
      .getByRole('region', { name: 'Linked post' })
      .getByRole('heading', { name: 'Welcome to the Collective!' }),
  ).toBeVisible();

  // Put the demo's pinned post back.
  await welcome.first().getByRole('button', { name: 'Post options' }).click();
  await welcome.first().getByRole('button', { name: 'Pin' }).click();
  await expect(page.getByText('Post pinned')).toBeVisible();
});
