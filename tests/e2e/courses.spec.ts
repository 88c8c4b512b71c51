/**
 * Courses through the real UI: the owner goes through the wizard
 * (a generated outline), creates the course, extracts its modules into sections, edits a
 * section's title and HTML (a pasted `onerror` comes back without it), uploads an image into a
 * section, is asked before unsaved edits are lost, and reorders sections; a member takes the
 * course, marks sections complete and sees the progress on the course card. A course set to open
 * at level 9 is locked for a member below it until the owner opens it to everyone.
 */
import type { Page } from '@playwright/test';
import { PNG } from '../support/browser-upload.ts';
import { expect, expectToast, test, YOGA } from './club-support.ts';
import { DEMO } from './directory-support.ts';

const UNSAVED = 'You have unsaved changes. Do you want to discard them?';

const sectionList = (page: Page) => page.getByRole('navigation', { name: 'Sections' }).getByRole('listitem');
const sectionButton = (page: Page, title: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: title, exact: true });
/** The shown section's panel (the one holding its Edit or Mark as complete button). */
const activePanel = (page: Page) =>
  page.locator('.course-panel').filter({ has: page.locator('.course-section') });

/** Answers the next browser dialog, checking its message. */
function answerDialog(page: Page, accept: boolean) {
  return new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

test('the owner builds a course from a generated outline, and a member takes it', async ({ openClub }) => {
  test.slow();
  const title = `Breathwork basics ${Date.now()}`;
  const { page } = await openClub(DEMO.owner, YOGA, { path: '/courses' });
  await page.getByRole('link', { name: 'Create Course' }).click();

  // Step 1: the title is required; the course record is made on leaving the step.
  await page.getByRole('button', { name: 'Next' }).click();
  await expectToast(page, 'Missing information', 'Please enter a course title');
  await page.getByLabel('Course Title').fill(title);
  await page.getByLabel('Description').fill('Calm breathing for every day.');
  await expect(page.getByLabel('Level')).toHaveValue('beginner');
  await page.getByLabel('Main Topic').fill('breathing');
  await page.getByLabel('Target Audience').fill('busy people');
  await page.getByLabel('Learning Goals').fill('breathe slower, sleep better');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 2: the outline is generated into the 20-row textarea, which the creator may edit.
  await page.getByRole('button', { name: 'Generate Outline' }).click();
  const outline = page.getByLabel('Course Outline');
  await expect(outline).toHaveValue(/^Module 1: .+\n- .+: .+/);
  await expect(outline).toHaveAttribute('rows', '20');
  const generated = await outline.inputValue();
  expect(generated.match(/^Module \d+: /gm)).toHaveLength(4);
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 3: review, then create.
  await expect(page.locator('.course-outline-review')).toContainText('Module 1:');
  await page.getByRole('button', { name: 'Create Course' }).click();
  await expectToast(page, 'Course created');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('No content sections yet')).toBeVisible();
  const courseUrl = new URL(page.url()).pathname;

  // Extract: each module and lesson becomes a section, modules prefixed 'Module: '.
  await page.getByRole('button', { name: 'Extract Course Modules' }).click();
  const lessons = generated.split('\n').filter((line) => /^- /.test(line)).length;
  await expectToast(page, 'Success', `${4 + lessons} rich course content sections created with images`);
  await expect(sectionList(page)).toHaveCount(4 + lessons);
  await expect(sectionList(page).first()).toContainText(/^Module: /);
  const total = 4 + lessons;
  // Each extracted section starts with one of the 5 stock images.
  const stock = activePanel(page).locator('img.course-featured');
  await expect(stock).toHaveAttribute('src', /^\/stock\/course-[1-5]\.svg$/);
  await expect.poll(() => stock.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Edit the first section: a new title, and HTML pasted with an event handler.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Section Title').fill('Welcome and posture');
  await page.getByRole('button', { name: 'HTML source' }).click();
  await page
    .getByLabel('HTML source')
    .fill('<h2>Sit tall</h2><p>Breathe in for four.</p><img src=x onerror="window.__xss=1">');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Content updated successfully');
  await expect(sectionButton(page, 'Welcome and posture')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Sit tall' })).toBeVisible();
  await expect(page.locator('.course-page [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // What the server stored (the editor's source view shows it as is) has no handler either.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('button', { name: 'HTML source' }).click();
  const stored = await page.getByLabel('HTML source').inputValue();
  expect(stored).toContain('Breathe in for four.');
  expect(stored).not.toMatch(/onerror/i);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Upload an image into the second section.
  const second = (await sectionList(page).nth(1).getByRole('button').first().innerText()).trim();
  await sectionButton(page, second).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('tab', { name: 'Media Upload' }).click();
  await expect(page.getByText('Supported formats: JPG, PNG, GIF, MP4, WebM')).toBeVisible();
  await page
    .getByLabel('Choose a file')
    .setInputFiles({ name: 'lungs.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, 'Upload Success');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Success', 'Content updated successfully');
  const image = activePanel(page).locator('img');
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Unsaved edits: moving to another section or another page asks first.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Section Title').fill('Half-typed title');
  const kept = answerDialog(page, false);
  await sectionList(page).first().getByRole('button').first().click();
  expect(await kept).toBe(UNSAVED);
  await expect(page.getByLabel('Section Title')).toHaveValue('Half-typed title');
  const discarded = answerDialog(page, true);
  await page.getByRole('link', { name: 'Back to Courses' }).click();
  expect(await discarded).toBe(UNSAVED);
  await expect(page.getByRole('heading', { level: 1, name: 'Courses' })).toBeVisible();
  await page.goto(courseUrl);
  await expect(sectionButton(page, second)).toBeVisible();

  // Reorder: the second section moves up to the top, and stays there.
  await page.getByRole('button', { name: `Move ${second} up` }).click();
  await expect(sectionList(page).first()).toContainText(second);
  await page.reload();
  await expect(sectionList(page).first()).toContainText(second);
  await expect(sectionList(page).nth(1)).toContainText('Welcome and posture');

  // A member takes the course: two sections complete, and the card shows it.
  const member = (
    await openClub(DEMO.member, YOGA, { path: `${courseUrl.replace(/^.*\/courses\//, '/courses/')}/take` })
  ).page;
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(member.getByText(`0 / ${total} completed`)).toBeVisible();
  await member.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(member.getByRole('button', { name: 'Completed (undo)' })).toBeVisible();
  await member.getByRole('button', { name: 'Next', exact: true }).click();
  await member.getByRole('button', { name: 'Mark as complete' }).click();
  await expect(member.getByText(`2 / ${total} completed`)).toBeVisible();
  await expect(sectionList(member).first()).toContainText('✓');
  await member.getByRole('link', { name: 'Back to Courses' }).click();
  const card = member.getByRole('article', { name: title });
  await expect(card.getByText(`2 / ${total} completed`)).toBeVisible();
  // The bar's filled part is drawn, in a colour, as wide as the share done.
  const fill = await card.getByRole('progressbar').evaluate((bar) => {
    const part = bar.firstElementChild as HTMLElement;
    return {
      share: part.getBoundingClientRect().width / bar.getBoundingClientRect().width,
      colour: getComputedStyle(part).backgroundColor,
    };
  });
  expect(fill.share).toBeCloseTo(2 / total, 1);
  expect(fill.colour).not.toMatch(/^(rgba\(0, 0, 0, 0\)|transparent)$/);
  await expect(card.getByRole('link', { name: 'Manage' })).toHaveCount(0);
});

test("the wizard keeps what Course Info says at every step; the manage page edits a course's details and its owner deletes it", async ({
  openClub,
}) => {
  test.slow();
  const first = `Mobility draft ${Date.now()}`;
  const title = `Mobility for desk workers ${Date.now()}`;
  const { page } = await openClub(DEMO.owner, YOGA, { path: '/courses/create', width: 1280 });

  // The steps read as three separate labels, side by side and apart.
  const steps = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
  await expect(steps).toHaveText(['1. Course Info', '2. AI Generation', '3. Review & Publish']);
  const boxes = await steps.evaluateAll((items) =>
    items.map((item) => {
      const range = document.createRange();
      range.selectNodeContents(item);
      const box = range.getBoundingClientRect();
      return { left: box.left, right: box.right };
    }),
  );
  for (let i = 1; i < boxes.length; i++) {
    expect((boxes[i]?.left ?? 0) - (boxes[i - 1]?.right ?? 0)).toBeGreaterThanOrEqual(12);
  }

  // Created on the first Next; Back, changed, Next again: the stored course follows.
  await page.getByLabel('Course Title').fill(first);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Generate Outline' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByLabel('Course Title').fill(title);
  await page.getByLabel('Description').fill('Ten minutes between meetings.');
  await page.getByLabel('Level').selectOption('advanced');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Course Outline').fill('Module 1: Neck\n- Rolls: slow circles');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`${title} · advanced`)).toBeVisible();
  await page.getByRole('button', { name: 'Create Course' }).click();
  await expectToast(page, 'Course created');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Ten minutes between meetings.')).toBeVisible();
  const courseUrl = new URL(page.url()).pathname;
  await page.getByRole('link', { name: 'Back to Courses' }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('advanced', { exact: true })).toBeVisible();
  await expect(page.getByRole('article', { name: first })).toHaveCount(0);

  // The manage page edits the details: title, description, level, and a cover uploaded for it.
  await page.goto(courseUrl);
  await page.getByRole('button', { name: 'Edit Details' }).click();
  const details = page.getByRole('region', { name: 'Course details' });
  const renamed = `${title} (revised)`;
  await details.getByLabel('Course Title').fill(renamed);
  await details.getByLabel('Description').fill('Five minutes, twice a day.');
  await details.getByLabel('Level').selectOption('intermediate');
  await details.getByRole('radio', { name: 'Stock cover 2' }).check();
  await details
    .getByLabel('Upload a cover image')
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expectToast(page, 'Upload Success');
  await details.getByRole('button', { name: 'Save Details' }).click();
  await expectToast(page, 'Success', 'Course details saved');
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Courses' }).click();
  const revised = page.getByRole('article', { name: renamed });
  await expect(revised.getByText('intermediate', { exact: true })).toBeVisible();
  await expect(revised.getByText('Five minutes, twice a day.')).toBeVisible();
  const cover = revised.locator('img.course-cover');
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The owner deletes it, after saying so; Cancel keeps it.
  await page.goto(courseUrl);
  await page.getByRole('button', { name: 'Delete Course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Course' });
  await expect(dialog.getByText('Delete this course and all its sections?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Course' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Success', 'Course deleted');
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('article', { name: renamed })).toHaveCount(0);
  await page.goto(courseUrl);
  await expect(page.getByText(/could not be found/)).toBeVisible();
});

test('a course set to open at level 9 is locked for a member below it, and opens once the owner lowers it', async ({
  openClub,
}) => {
  test.slow();
  const title = `Advanced inversions ${Date.now()}`;
  const { page } = await openClub(DEMO.owner, YOGA, { path: '/courses/create' });
  await page.getByLabel('Course Title').fill(title);
  await page.getByLabel('Available to').selectOption('9');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Course Outline').fill('Module 1: Headstand\n- Setup: forearms down');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`${title} · beginner · Unlocks at Level 9`)).toBeVisible();
  await page.getByRole('button', { name: 'Create Course' }).click();
  await expectToast(page, 'Course created');
  await page.getByRole('button', { name: 'Extract Course Modules' }).click();
  // Dismissed here: a toast left standing collides with the 'Course details saved' one below.
  await expectToast(page, 'Success', '2 rich course content sections created with images');
  await expect(sectionList(page)).toHaveCount(2);
  const takePath = `${new URL(page.url()).pathname}/take`;

  // The member sees it on the list, locked, without its sections or a way in; its URL is refused.
  const member = (await openClub(DEMO.member, YOGA, { path: '/courses' })).page;
  const card = member.getByRole('article', { name: title });
  await expect(card.getByText('🔒 Unlocks at Level 9')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Start Learning' })).toHaveCount(0);
  await expect(card.getByRole('list', { name: 'First sections' })).toHaveCount(0);
  await member.goto(takePath);
  await expect(member.getByRole('heading', { level: 1, name: 'Course Locked' })).toBeVisible();
  await expect(member.getByText('This course unlocks at Level 9.')).toBeVisible();
  await expect(member.getByText('Setup')).toHaveCount(0);

  // The owner opens it to everyone: the member's next visit shows the course.
  await page.getByRole('button', { name: 'Edit Details' }).click();
  const details = page.getByRole('region', { name: 'Course details' });
  await expect(details.getByLabel('Available to')).toHaveValue('9');
  await details.getByLabel('Available to').selectOption('');
  await details.getByRole('button', { name: 'Save Details' }).click();
  await expectToast(page, 'Success', 'Course details saved');
  await member.reload();
  await expect(member.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(sectionList(member)).toHaveCount(2);
});
