/**
 * The public API end to end: a new club's owner makes an API key in Club Settings → Developers
 * and copies its secret, a freshly registered person asks to join the club, a call with the key
 * lists that person (with their e-mail, as the owner sees the members), a post the key writes shows in
 * the feed under the owner's name marked "via API", and once the owner revokes
 * the key in the same tab the next call is refused.
 */
import { randomUUID } from 'node:crypto';
import { expect, expectToast, test } from './club-support.ts';
import { actionButton, freshAccount, signIn } from './directory-support.ts';
import { newActiveClub } from './owner-support.ts';

interface MemberPage {
  items: { name: string; email: string | null; status: string }[];
}

test('an owner makes a key, a newcomer joins, the key lists them; revoked, it is refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const ownerEmail = await freshAccount(page.request, 'Dana Developer');
  const clubId = await newActiveClub(page, ownerEmail, `API Club ${randomUUID().slice(0, 6)}`);

  // The owner makes a key that may read members, and copies the secret shown this once.
  await page.goto(`/communities/${clubId}/settings?tab=developers`);
  await page.getByLabel('Name', { exact: true }).fill('CRM sync');
  // Amplify's checkbox draws its own box over the input: a person ticks it with the keyboard.
  for (const name of ['Read members (members:read)', 'Write posts (posts:write)']) {
    const scope = page.getByRole('checkbox', { name });
    await scope.focus();
    await page.keyboard.press('Space');
    await expect(scope).toBeChecked();
  }
  await page.getByRole('button', { name: 'Create key' }).click();
  await expectToast(page, 'API key created');
  await expect(page.getByText('you will not see it again')).toBeVisible();
  const secret = await page.getByLabel('Secret').inputValue();
  expect(secret).toMatch(/^clubs_/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('Secret')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: 'CRM sync', exact: true })).toBeVisible();

  // A freshly registered person asks to join the free club.
  const context = await browser.newContext();
  const newcomer = await context.newPage();
  const newcomerEmail = await freshAccount(newcomer.request, 'Nico Newcomer');
  await signIn(newcomer, newcomerEmail);
  await newcomer.goto(`/c/${clubId}`);
  await actionButton(newcomer).click();
  await expect(newcomer.getByText('Join request submitted successfully!')).toBeVisible();
  await context.close();

  // The key, from outside the browser's session, lists them.
  const call = () =>
    page.request.get(`/api/v1/clubs/${clubId}/members`, { headers: { authorization: `Bearer ${secret}` } });
  const listed = await call();
  expect(listed.status(), await listed.text()).toBe(200);
  const members = (await listed.json()) as MemberPage;
  expect(members.items).toContainEqual(
    expect.objectContaining({ name: 'Nico Newcomer', email: newcomerEmail, status: 'pending' }),
  );

  // The key writes a post as the club: members read it in the feed under the owner's name, marked.
  const posted = await page.request.post(`/api/v1/clubs/${clubId}/posts`, {
    headers: { authorization: `Bearer ${secret}` },
    data: { title: 'Synced from our CRM', content: 'Welcome to everyone who joined this week.' },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await page.goto(`/communities/${clubId}`);
  const post = page.getByRole('article').filter({ hasText: 'Synced from our CRM' });
  await expect(post.getByText('via API')).toBeVisible();
  await expect(post.getByText('Dana Developer')).toBeVisible();

  // The owner revokes it: the next call is refused.
  await page.goto(`/communities/${clubId}/settings?tab=developers`);
  await page.getByRole('button', { name: 'Revoke the API key CRM sync' }).click();
  await page
    .getByRole('dialog', { name: 'Revoke the API key?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expectToast(page, 'API key revoked');
  await expect(page.getByRole('cell', { name: 'CRM sync', exact: true })).toHaveCount(0);
  const refused = await call();
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ error: { code: expect.any(String) } });
});
