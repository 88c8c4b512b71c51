/**
 * The public Developers page: a visitor who is signed in nowhere opens it from the footer and
 * reads the API reference, drawn from GET /api/v1/openapi.json by the viewer that only this page
 * loads: every /api/v1 route of the document is shown with its summary, the examples call with the
 * key as a bearer token, and the page's own console stays free of errors (the site's Content-Security-Policy
 * holds for the viewer too).
 */
import { PUBLIC_API_DOCUMENT_PATH } from '@clubs/shared';
import { expect, type Request, test } from '@playwright/test';

interface Document {
  paths: Record<string, Record<string, { summary: string; operationId: string }>>;
}

test('the Developers page shows every route of the public API from its OpenAPI document', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The landing page starts its app on the visitor's first act, the press on the link; a link
  // pressed before the app holds the page is a plain link, so the browser leaves for /developers
  // and cancels what the landing page was still fetching. Only the Developers page's own requests
  // must all arrive.
  const onDevelopers = new Set<Request>();
  let arrived = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/developers') arrived = true;
  });
  page.on('requestfailed', (request) => {
    if (onDevelopers.has(request)) errors.push(`failed: ${request.url()}`);
  });
  const viewerScripts: string[] = [];
  page.on('request', (request) => {
    if (arrived) onDevelopers.add(request);
    if (request.resourceType() === 'script') viewerScripts.push(request.url());
  });

  await page.goto('/');
  const landingScripts = viewerScripts.length;
  expect(landingScripts).toBeGreaterThan(0);
  const documentAnswer = page.waitForResponse((response) =>
    response.url().endsWith(PUBLIC_API_DOCUMENT_PATH),
  );
  await page.getByRole('contentinfo').getByRole('link', { name: 'Developers' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Developers' })).toBeVisible();
  expect((await documentAnswer).status()).toBe(200);

  const document = (await (await page.request.get(PUBLIC_API_DOCUMENT_PATH)).json()) as Document;
  const operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, ...operation })),
  );
  expect(operations.length).toBeGreaterThanOrEqual(9);
  const reference = page.getByRole('region', { name: 'API reference' });
  for (const operation of operations) {
    await expect(
      reference.getByText(operation.summary, { exact: true }).first(),
      operation.operationId,
    ).toBeAttached({ timeout: 30_000 });
  }
  await expect(reference.getByText('/api/v1/clubs/{clubId}/posts', { exact: false }).first()).toBeAttached();
  // Its examples: the key as a bearer token, and the example body of a post written with a key.
  await expect(reference.getByText(/Authorization: Bearer/).first()).toBeAttached();
  await expect(reference.getByText(/Three new lessons are up\./).first()).toBeAttached();
  // The viewer came with this page, not with the landing page.
  expect(viewerScripts.length).toBeGreaterThan(landingScripts);
  expect(errors).toEqual([]);
});
