/**
 * The landing page's featured clubs, the directory and a club's page come drawn with their data (web/src/draw-with-data.tsx, served
 * by the production build's servers as the site-pages function serves them behind CloudFront): a
 * visitor reads the cards and the club before the app has started, and neither the app's code nor
 * the API is asked for anything until they act; their first act starts the app, which is then
 * answered without a second read of what the page shows.
 */
import { expect, type Page, test } from '@playwright/test';
import { clubNamed } from './directory-support.ts';

test.skip(process.env.LOCAL_WEB !== 'dist', "drawing with data is the production build's (LOCAL_WEB=dist)");

/**
 * What the page asks for: API reads, stylesheets, and whether the app's start was fetched, since
 * the page's document was asked for.
 */
function watchRequests(page: Page) {
  const api: string[] = [];
  const sheets: string[] = [];
  let appStarted = false;
  page.on('request', (request) => {
    // A new document: what the one before asked for is not this one's.
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      api.length = 0;
      sheets.length = 0;
      appStarted = false;
    }
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/')) api.push(`${pathname}${search}`);
    if (/\/assets\/app-start-[^/]*\.js$/.test(pathname)) appStarted = true;
    if (pathname.endsWith('.css')) sheets.push(pathname);
  });
  return { api, sheets, appStarted: () => appStarted };
}

/** A moment for anything the page would fetch on its own, once it has loaded. */
const settle = (page: Page) => page.waitForLoadState('networkidle');

test('the landing page shows its featured clubs with no API read and no app until the first act', async ({
  page,
}) => {
  const requests = watchRequests(page);
  await page.goto('/');
  const featured = page.getByRole('region', { name: 'Featured Clubs' }).getByRole('article');
  await expect(featured).toHaveCount(3);
  await expect(featured.first().getByRole('link', { name: /^Join/ })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading featured clubs' })).toHaveCount(0);
  await settle(page);
  expect(requests.api).toEqual([]);
  expect(requests.appStarted()).toBe(false);
  const names = await featured.getByRole('heading').allTextContents();

  // The first act, the plan's toggle, starts the app, which keeps the clubs it was drawn with.
  await page.getByRole('button', { name: 'Annual' }).click();
  await expect(page.getByRole('button', { name: 'Annual' })).toHaveAttribute('aria-pressed', 'true');
  expect(requests.appStarted()).toBe(true);
  await settle(page);
  expect(requests.api.filter((read) => read.startsWith('/api/featured-clubs'))).toEqual([]);
  expect(await featured.getByRole('heading').allTextContents()).toEqual(names);
});

test('the directory shows its cards with no API read and no app until the first act', async ({ page }) => {
  const requests = watchRequests(page);
  await page.goto('/clubs');
  const cards = page.getByTestId('club-card');
  await expect(page.getByRole('article', { name: 'Morning Yoga Collective', exact: true })).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(1);
  await settle(page);
  expect(requests.api).toEqual([]);
  expect(requests.appStarted()).toBe(false);
  // The page paints with the rules its drawing uses, inlined: the full stylesheets wait for the app.
  expect(requests.sheets).toEqual([]);

  // The first act, a tab, starts the app; the press is kept and answered.
  await page.getByRole('tab', { name: 'Free' }).click();
  await expect(page).toHaveURL(/\/clubs\?tab=free$/);
  // What the page showed was not read again: only the Free tab's list was asked for.
  await expect
    .poll(() => requests.api.filter((read) => read.startsWith('/api/clubs?')))
    .toEqual(['/api/clubs?tab=free&size=any&limit=12']);
  expect(requests.appStarted()).toBe(true);
  expect(requests.sheets.some((sheet) => /^\/assets\/index-[^/]*\.css$/.test(sheet))).toBe(true);
  await expect(cards.first()).toBeVisible();
  await expect(page.getByRole('article', { name: 'Founders Circle', exact: true })).toHaveCount(0);
});

test("a club's page shows the club and 'Log in to Join' with no API read; joining goes to log in", async ({
  page,
  request,
}) => {
  const club = await clubNamed(request, 'Watercolor Studio');
  const requests = watchRequests(page);
  await page.goto('/clubs');
  // A card's View Club is a link: it opens the club's drawn page before the app starts.
  await page
    .getByRole('article', { name: 'Watercolor Studio', exact: true })
    .getByRole('link', { name: 'View Club' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/c/${club.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Watercolor Studio' })).toBeVisible();
  await expect(page).toHaveTitle('Watercolor Studio · Clubs');
  const membership = page.getByRole('complementary', { name: 'Membership' });
  await expect(membership.getByText('Join this community at no cost')).toBeVisible();
  const logIn = membership.getByRole('link', { name: 'Log in to Join' });
  await expect(logIn).toBeVisible();
  await expect(membership.getByRole('button')).toHaveCount(0);
  await settle(page);
  expect(requests.api).toEqual([]);
  expect(requests.appStarted()).toBe(false);

  await logIn.click();
  await expect(page).toHaveURL(new RegExp(`/login\\?redirect=%2Fc%2F${club.id}$`));
});

test("a club's tabs work from the first press, and an unknown club still says it was not found", async ({
  page,
  request,
}) => {
  const club = await clubNamed(request, 'Watercolor Studio');
  await page.goto(`/c/${club.id}`);
  await page.getByRole('tab', { name: 'Benefits' }).click();
  await expect(page.getByRole('heading', { name: 'Exclusive content' })).toBeVisible();

  // Nothing to draw it with: the document as built, whose app fetches the club and tells.
  await page.goto('/c/01JZZZZZZZZZZZZZZZZZZZZZZZ');
  await expect(page.getByRole('heading', { name: 'Club not found' })).toBeVisible();
});
