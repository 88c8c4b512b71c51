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
    // The seeded cover art, drawn to a PNG to put back afterwards: a replaced image is deleted from
    // storage, and the cover field takes photos (PNG, JPEG, WebP), not the seed's SVG.
    const stored = (await (await request.get(`/api/clubs/${club.id}`)).json()) as { coverImageUrl: string };
    await page.goto(`/c/${club.id}`);
    const seededPng = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth || 1200;
      canvas.height = image.naturalHeight || 400;
      canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    }, stored.coverImageUrl);
    const seeded = { name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from(seededPng, 'base64') };
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
      // Once: switching to the Appearance tab saves nothing (its tab button used to submit the form).
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
      // Leave the demo club as the other specs know it: its name, and its seeded cover image.
      await page.goto(`/communities/${club.id}/edit`);
      await page.getByRole('textbox', { name: 'Club Name' }).fill(SLOW_LIVING);
      await page.getByRole('tab', { name: 'Appearance' }).click();
      await page.getByLabel('Cover Image file').setInputFiles(seeded);
      await expectToast(page, 'Upload Success');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Club updated');
      await page.close();
    }
  });

  test('a member who is not the owner is sent to the dashboard', async ({ browser, request }) => {
    const club = await clubNamed(request, 'Morning Yoga Collective');
    const page = await pageAs(browser, DEMO.member);
    await page.goto(`/communities/${club.id}/edit`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.close();
  });
});

const ADMIN = 'admin@clubs.local';
const TRAIL = 'Trail Runners Club';

test.describe('Super-admin portal', () => {
  test('searches by club name, owner name and e-mail, filters by status and pages by 10', async ({
    browser,
  }) => {
    const page = await pageAs(browser, ADMIN);
    await page.goto('/super-admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Super Admin Portal' })).toBeVisible();
    // The platform figures the counters keep: the demo has active clubs, members and paid ones.
    const figures = page.getByRole('region', { name: 'Platform Figures' });
    await expect(figures.getByRole('group', { name: 'Active clubs', exact: true })).toContainText(/[1-9]/);
    await expect(figures.getByRole('group', { name: 'Members', exact: true })).toContainText(/[1-9]/);
    await expect(figures.getByRole('group', { name: 'Membership MRR' })).toContainText('$');
    const table = page.getByRole('table', { name: 'All Clubs' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    await expect(table.getByRole('columnheader')).toHaveText([
      'Club Name',
      'Owner',
      'Email',
      'Status',
      'Actions',
    ]);
    const firstPage = await rows.locator('td:first-child').allTextContents();
    await page.getByRole('button', { name: 'Next' }).click();
    // The previous page stays on screen until the next one arrives: wait for the new rows.
    const names = () => rows.locator('td:first-child').allTextContents();
    await expect.poll(async () => (await names()).filter((name) => firstPage.includes(name))).toEqual([]);
    expect((await names()).length).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(rows).toHaveCount(10);

    const search = page.getByPlaceholder('Search by club name, owner name or email');
    await search.fill('yoga');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Morning Yoga Collective');
    await expect(rows.first()).toContainText('owner@clubs.local');

    await search.fill('Olivia');
    await expect(rows.filter({ hasText: 'Founders Circle' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Watercolor Studio' })).toHaveCount(0);
    const byName = await rows.count();
    await search.fill('owner@clubs.local');
    await expect(rows.filter({ hasText: 'Founders Circle' })).toHaveCount(1);
    await expect(rows).toHaveCount(byName);

    await page.getByLabel('Status', { exact: true }).selectOption('unpaid');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Pottery Corner');
    await search.fill('no club is called this');
    await expect(page.getByText('No clubs found matching your search criteria.')).toBeVisible();
    await page.close();
  });

  test('suspends a club (it leaves the directory, its members see the notice) and reactivates it', async ({
    browser,
    request,
  }) => {
    const club = await clubNamed(request, TRAIL);
    const admin = await pageAs(browser, ADMIN);
    const member = await pageAs(browser, DEMO.member);
    const row = admin
      .getByRole('table', { name: 'All Clubs' })
      .locator('tbody tr')
      .filter({ hasText: TRAIL });
    try {
      await admin.goto('/super-admin');
      await admin.getByPlaceholder('Search by club name, owner name or email').fill('trail runners');
      await row.getByRole('button', { name: 'Suspend' }).click();
      await expectToast(admin, `Club suspended: ${TRAIL}`, "Its members' subscriptions are paused");
      await expect(row.getByText('suspended', { exact: true })).toBeVisible();

      const listed = await request.get(`/api/clubs?q=${encodeURIComponent('Trail Runners')}`);
      expect(((await listed.json()) as { items: { id: string }[] }).items.map((c) => c.id)).not.toContain(
        club.id,
      );
      await member.goto(`/communities/${club.id}`);
      await expect(member.getByText('This club is not active.')).toBeVisible();

      await expect(admin.getByRole('table', { name: 'Audit log' }).locator('tbody tr').first()).toContainText(
        'Suspended',
      );
    } finally {
      await admin.goto('/super-admin');
      await admin.getByPlaceholder('Search by club name, owner name or email').fill('trail runners');
      await row.getByRole('button', { name: 'Reactivate' }).click();
      await expectToast(admin, `Club reactivated: ${TRAIL}`);
    }
    await expect(row.getByText('active', { exact: true })).toBeVisible();
    const back = await request.get(`/api/clubs?q=${encodeURIComponent('Trail Runners')}`);
    expect(((await back.json()) as { items: { id: string }[] }).items.map((c) => c.id)).toContain(club.id);
    await member.goto(`/communities/${club.id}`);
    await expect(member.getByRole('navigation', { name: 'Club', exact: true })).toBeVisible();
    await admin.close();
    await member.close();
  });

  test('a member is sent from /super-admin to /dashboard with Access Denied', async ({ browser }) => {
    const page = await pageAs(browser, DEMO.member);
    await page.goto('/super-admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Access Denied', { exact: true })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
    await page.close();
  });
});
