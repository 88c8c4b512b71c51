/**
 * Club administration through the real UI: the owner edits a club (name and a new cover), and the
 * directory and the public page show them; the super-admin portal is covered further down.
 */
import { PNG } from '../support/browser-upload.ts';
import { expect, expectToast, pageAs, test } from './club-support.ts';
import { clubNamed, DEMO } from './directory-support.ts';

const SLOW_LIVING = 'Slow Living Society';

test.describe('Edit club', () => {
  test('the owner renames a club and uploads a cover; the directory and public page show them', async ({
    browser,
    request,
  }) => {
    const club = await clubNamed(request, SLOW_LIVING);
    const page = await pageAs(browser, DEMO.owner);
    try {
      await page.goto(`/communities/${club.id}/edit`);
      const name = page.getByRole('textbox', { name: 'Club Name' });
      await expect(name).toHaveValue(SLOW_LIVING);

      // A blank name is refused in the form, before anything is sent.
      await name.fill('   ');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Club name is required')).toBeVisible();

      const renamed = 'Slow Living Lanterns';
      await name.fill(renamed);
      await page.getByRole('tab', { name: 'Appearance' }).click();
      await page.getByLabel('Cover Image file').setInputFiles({
        name: 'cover.png',
        mimeType: 'image/png',
        buffer: PNG,
      });
      await expectToast(page, 'Upload Success');
      const preview = page.getByRole('img', { name: 'Cover Image preview' });
      await expect(preview).toHaveAttribute('src', /^\/media\/clubs\/.+\/cover\/.+\.png$/);
      const coverUrl = (await preview.getAttribute('src')) ?? '';
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Club updated');

      // The directory finds the new name at once, and the old name no longer.
      await page.goto(`/clubs?q=${encodeURIComponent('Lanterns')}`);
      const card = page.getByRole('article', { name: renamed });
      await expect(card.getByRole('img', { name: `${renamed} cover` })).toHaveAttribute('src', coverUrl);
      const old = await request.get(`/api/clubs?q=${encodeURIComponent('Society')}`);
      const oldNames = ((await old.json()) as { items: { name: string }[] }).items.map((c) => c.name);
      expect(oldNames).not.toContain(SLOW_LIVING);

      await page.goto(`/c/${club.id}`);
      await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
      await expect(page.locator('.club-hero__bg img')).toHaveAttribute('src', coverUrl);
    } finally {
      // Leave the demo club as the other specs know it.
      await page.goto(`/communities/${club.id}/edit`);
      await page.getByRole('textbox', { name: 'Club Name' }).fill(SLOW_LIVING);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Club updated');
      await page.context().close();
    }
  });

  test('a member who is not the owner is sent to the dashboard', async ({ browser, request }) => {
    const club = await clubNamed(request, 'Morning Yoga Collective');
    const page = await pageAs(browser, DEMO.member);
    await page.goto(`/communities/${club.id}/edit`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.context().close();
  });
});
