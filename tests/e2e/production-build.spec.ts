/**
 * The production build as CloudFront serves it (infra/local/site-server.ts: entry documents,
 * compression, the deployed CSP) in front of this suite's local stack. The rest of the suite walks
 * the dev server, which has no entry documents: here each one must paint its page before any
 * script runs (the directory and a club's page drawn with their data), and the app must take that
 * drawing over without a visible change, a CSP violation or a second request for what the
 * early-data script already asked or the document already holds.
 *
 * It serves web/dist as built: `npm test` builds it first; run alone, it builds it when missing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Server } from 'node:net';
import path from 'node:path';
import { listenOn } from '@clubs/infra/local/ports.ts';
import { createSiteServer } from '@clubs/infra/local/site-server.ts';
import { ENTRY_DOCUMENTS, truncate } from '@clubs/shared';
import { expect, type Page, test } from '@playwright/test';
import { clubNamed } from './directory-support.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DIST = path.join(ROOT, 'web', 'dist');
const CLUB = 'Morning Yoga Collective';
const DIRECTORY_FIRST_PAGE = '/api/clubs?tab=all&size=any&limit=12';

let site: Server;
let origin: string;

test.beforeAll(async ({ baseURL }) => {
  if (!existsSync(path.join(DIST, 'home.html'))) {
    execFileSync('npm', ['run', 'build', '-w', 'web'], { cwd: ROOT, stdio: 'ignore' });
  }
  site = createSiteServer(DIST, baseURL ?? '');
  origin = `http://localhost:${await listenOn(site, 0, '127.0.0.1')}`;
});

test.afterAll(() => {
  site.close();
});

const description = (route: string) =>
  ENTRY_DOCUMENTS.find((document) => document.route === route)?.description ?? '';

/**
 * What the CSP refused (the browser says so on the console), any error on the console (React
 * reports a drawing it could not take over, "Hydration failed…", there) and uncaught exceptions,
 * as they happen.
 */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('each entry document paints its page, named and described, before any script runs', async ({
  browser,
  request,
}) => {
  const club = await clubNamed(request, CLUB);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  // A club's page is drawn with the club: named and described by it.
  const pages = [
    { path: '/', title: 'Clubs', description: description('/'), heading: 'Cultivate Your Exclusive Circle' },
    {
      path: '/clubs',
      title: 'Explore Clubs · Clubs',
      description: description('/clubs'),
      heading: 'Explore Clubs',
    },
    { path: '/login', title: 'Log in · Clubs', description: description('/login'), heading: 'Welcome back' },
    {
      path: `/c/${club.id}`,
      title: `${CLUB} · Clubs`,
      description: truncate(club.description),
      heading: CLUB,
    },
  ];
  for (const expected of pages) {
    await page.goto(`${origin}${expected.path}`);
    await expect(page).toHaveTitle(expected.title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', expected.description);
    await expect(page.getByRole('heading', { level: 1, name: expected.heading })).toBeVisible();
  }
  // The directory is drawn with its cards.
  await page.goto(`${origin}/clubs`);
  await expect(page.getByRole('article', { name: CLUB, exact: true })).toBeVisible();
  // Every other client route gets the app shell, which draws nothing without its script.
  await page.goto(`${origin}/dashboard`);
  await expect(page).toHaveTitle('Clubs');
  await expect(page.locator('#root')).toBeEmpty();
  await context.close();
});

test('the app takes each drawing over: no jump, no CSP refusal, the early request asked once', async ({
  page,
  request,
}) => {
  const problems = problemsOf(page);
  const directoryRequests: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith(DIRECTORY_FIRST_PAGE)) directoryRequests.push(req.url());
  });

  // The home page, drawn with its featured clubs: nothing moves when the app takes it over.
  await page.goto(`${origin}/`);
  await expect(page.getByRole('region', { name: 'Featured Clubs' }).getByRole('article')).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) =>
          resolve(
            list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0),
          ),
        ).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 500); // no shift at all: no entry to report
      }),
  );
  expect(shift).toBeLessThan(0.01);

  // The directory: drawn with its first page, which is not asked for again, and alive.
  await page.goto(`${origin}/clubs`);
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(directoryRequests).toHaveLength(0);
  await page.getByRole('tab', { name: 'Free' }).click();
  await expect(page).toHaveURL(/\/clubs\?tab=free$/);
  const filters = page.getByRole('button', { name: 'Filters', exact: true });
  await filters.click();
  // The drawing's ids are the app's own: the button names the panel it opened.
  await expect(page.locator(`[id="${await filters.getAttribute('aria-controls')}"]`)).toBeVisible();

  // A club page names its club once it has arrived.
  const club = await clubNamed(request, CLUB);
  await page.goto(`${origin}/c/${club.id}`);
  await expect(page.getByRole('heading', { level: 1, name: CLUB })).toBeVisible();
  await expect(page).toHaveTitle(`${CLUB} · Clubs`);

  // The login form answers: a wrong password is refused on the form.
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill('member@clubs.local');
  await page.getByLabel('Password', { exact: true }).fill('NotThePassword1!');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(`${origin}/login`);

  // What the refusal itself writes on the console: Cognito's 400 and the form's record of it.
  const refusal = /^(Failed to load resource: the server responded with a status of 400|Login failed )/;
  expect(problems.filter((problem) => !refusal.test(problem))).toEqual([]);
});

/** What only a signed-in person needs: Amplify's auth code, its settings, the live socket. */
const SIGNED_IN_ONLY =
  /\/assets\/(amplifyAuth|amplifyAccount|amplifyActions|runtimeConfig)-|\/config\.json$|\/ws(\?|$)/;

test('a visitor of the public pages loads nothing of signing in until they act, and the drawn pages work once taken over', async ({
  page,
}) => {
  const problems = problemsOf(page);
  const signedInOnly: string[] = [];
  const documents: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (SIGNED_IN_ONLY.test(url.pathname)) signedInOnly.push(url.pathname);
    if (req.resourceType() === 'document') documents.push(url.pathname);
  });

  // The home page, taken over piece by piece: Log In shows once the app has checked the session.
  await page.goto(`${origin}/`);
  await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Featured Clubs' }).getByRole('article')).toHaveCount(3);
  // The plan's toggle is the app's: it answers.
  await page.getByRole('button', { name: 'Annual' }).click();
  await expect(page.getByRole('button', { name: 'Annual' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(/Billed annually/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(signedInOnly).toEqual([]);

  // A drawn link is the router's: the directory opens without a new document.
  await page.getByRole('link', { name: 'Explore Clubs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore Clubs' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  expect(documents).toEqual(['/']);
  expect(signedInOnly).toEqual([]);

  // Opened directly, the login page reads /config.json (whether to offer Google) but loads
  // Amplify's auth code only once the visitor signs in...
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(signedInOnly.filter((path) => path.startsWith('/assets/amplify'))).toEqual([]);
  // ...and signing in then works: the member arrives where a sign-in goes.
  await page.getByLabel('Email').fill('member@clubs.local');
  await page.getByLabel('Password', { exact: true }).fill('DemoPass123!');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(`${origin}/dashboard`);
  expect(signedInOnly.some((path) => path.startsWith('/assets/amplifyAuth-'))).toBe(true);
  expect(problems).toEqual([]);
});
