/**
 * Outbound webhooks end to end: a new club's owner makes an API key and a webhook endpoint in Club
 * Settings → Developers (a test HTTP server on the loopback, which the local stack allows) and
 * copies the signing secret shown once; a freshly registered person asks to join and the owner
 * approves them; the server receives both member events, each signed so that the Standard
 * Webhooks library's own `Webhook.verify` accepts it with the secret the page showed; a call with
 * the key lists that person; and "Send test event" reaches the server and shows in the log.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { expect, expectToast, test } from './club-support.ts';
import { actionButton, freshAccount, signIn } from './directory-support.ts';
import { newActiveClub } from './owner-support.ts';

interface Message {
  type: string;
  data: { member?: { name: string; email: string; status: string } };
}

test('an owner subscribes an endpoint, a newcomer joins, the endpoint gets signed member events', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const received: { body: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;

  try {
    const ownerEmail = await freshAccount(page.request, 'Wes Webhook');
    const clubId = await newActiveClub(page, ownerEmail, `Hook Club ${randomUUID().slice(0, 6)}`);
    await page.goto(`/communities/${clubId}/settings?tab=developers`);

    // A key that may read members, its secret copied.
    await page.getByLabel('Name', { exact: true }).fill('Automation');
    const scope = page.getByRole('checkbox', { name: 'Read members (members:read)' });
    await scope.focus();
    await page.keyboard.press('Space');
    await expect(scope).toBeChecked();
    await page.getByRole('button', { name: 'Create key' }).click();
    await expectToast(page, 'API key created');
    const key = await page.getByLabel('Secret', { exact: true }).inputValue();
    expect(key).toMatch(/^clubs_/);
    await page.getByRole('button', { name: 'Done' }).click();

    // Every event a club's endpoint may want is offered, a member's payment, RSVP and completed course too.
    for (const name of [
      'Member paid (membership.paid)',
      'Member registered for an event or cancelled (event.rsvp)',
      'Member completed a course (course.completed)',
    ]) {
      await expect(page.getByRole('checkbox', { name })).not.toBeChecked();
    }
    // The endpoint, for members asking to join and joining; its signing secret shown once.
    await page.getByLabel('Endpoint URL').fill(endpoint);
    for (const name of [
      'Member asked to join (membership.requested)',
      'Member joined (membership.approved)',
    ]) {
      const event = page.getByRole('checkbox', { name });
      await event.focus();
      await page.keyboard.press('Space');
      await expect(event).toBeChecked();
    }
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expectToast(page, 'Webhook endpoint added');
    const secret = await page.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByLabel('Signing secret')).toHaveCount(0);
    const card = page.getByRole('article').filter({ hasText: endpoint });
    await expect(card.getByText('Enabled', { exact: true })).toBeVisible();

    /** The messages received of `type`, each verified with the secret the page showed. */
    const verified = (type: string) =>
      received
        .map(
          ({ body, headers }) =>
            new Webhook(secret).verify(body, {
              'webhook-id': String(headers['webhook-id']),
              'webhook-timestamp': String(headers['webhook-timestamp']),
              'webhook-signature': String(headers['webhook-signature']),
            }) as Message,
        )
        .filter((message) => message.type === type);

    // A freshly registered person asks to join.
    const context = await browser.newContext();
    const newcomer = await context.newPage();
    const newcomerEmail = await freshAccount(newcomer.request, 'Hana Hooked');
    await signIn(newcomer, newcomerEmail);
    await newcomer.goto(`/c/${clubId}`);
    await actionButton(newcomer).click();
    await expect(newcomer.getByText('Join request submitted successfully!')).toBeVisible();
    await context.close();
    await expect
      .poll(() => verified('membership.requested').map((message) => message.data.member?.email), {
        timeout: 30_000,
      })
      .toEqual([newcomerEmail]);

    // The owner approves them: the endpoint hears they joined.
    await page.goto(`/communities/${clubId}/members`);
    await page.getByRole('textbox', { name: 'Search members...' }).fill(newcomerEmail);
    const row = page.getByTestId('member-row').filter({ hasText: newcomerEmail });
    await row.getByRole('button', { name: 'pending' }).click();
    await expect(page.getByText('Member status changed to active')).toBeVisible();
    await expect
      .poll(() => verified('membership.approved').map((message) => message.data.member), { timeout: 30_000 })
      .toEqual([expect.objectContaining({ name: 'Hana Hooked', email: newcomerEmail, status: 'active' })]);

    // The key lists that person.
    const listed = await page.request.get(`/api/v1/clubs/${clubId}/members`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(listed.status(), await listed.text()).toBe(200);
    expect(((await listed.json()) as { items: unknown[] }).items).toContainEqual(
      expect.objectContaining({ name: 'Hana Hooked', email: newcomerEmail, status: 'active' }),
    );

    // "Send test event" reaches the server and the log shows it delivered.
    await page.goto(`/communities/${clubId}/settings?tab=developers`);
    await card.getByRole('button', { name: 'Send test event' }).click();
    await expectToast(page, 'Test event queued');
    await expect.poll(() => verified('webhook.test').length, { timeout: 30_000 }).toBe(1);
    const log = card.getByRole('table', { name: 'Deliveries to the endpoint' });
    const testRow = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(testRow.getByText('succeeded')).toBeVisible({ timeout: 15_000 });
    await expect(
      log.getByRole('row').filter({ hasText: 'membership.approved' }).getByText('succeeded'),
    ).toBeVisible();
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
