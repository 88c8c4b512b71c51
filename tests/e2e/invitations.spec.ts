/**
 * Invitations end to end on the demo data, with the local SES
 * emulator as the mail server: the owner e-mails two invitations, the emulator's store holds both
 * with working links, an invitee opens theirs signed out, registers and lands in the club; a
 * revoked invitation's link no longer admits; a replaced invite link refuses its old token and the
 * new one lets a person in.
 */

import { submitRegistration, uniqueEmail } from './account-support.ts';
import { expect, expectToast, leaveClub, newcomerOpening, test, YOGA } from './club-support.ts';
import { DEMO } from './directory-support.ts';
import { mailTo } from './mail-support.ts';

const linkIn = (text: string) => /https?:\/\/\S+\/invite\/\S+/.exec(text)?.[0] ?? '';

test('the owner e-mails two invitations; an invitee follows the link, registers and lands in the club', async ({
  openClub,
  browser,
}) => {
  const { page: owner, club } = await openClub(DEMO.owner, YOGA, { path: '/invite' });
  await expect(owner.getByRole('heading', { level: 1, name: 'Invite Members' })).toBeVisible();
  const [ivy, otto] = [uniqueEmail('ivy'), uniqueEmail('otto')];
  await owner.getByLabel('Name 1').fill('Ivy Invitee');
  await owner.getByLabel('Email 1').fill(ivy);
  await owner.getByRole('button', { name: 'Add another' }).click();
  await owner.getByLabel('Name 2').fill('Otto Other');
  await owner.getByLabel('Email 2').fill(otto);
  await expect(owner.getByRole('region', { name: 'Preview' })).toContainText('Hi Ivy Invitee,');
  await owner.getByRole('button', { name: 'Send Invitations' }).click();
  await expectToast(owner, 'Invitations sent');
  // Sent rows leave the form.
  await expect(owner.getByLabel('Email 1')).toHaveValue('');

  const [ivyMail] = await mailTo(owner, ivy);
  const [ottoMail] = await mailTo(owner, otto);
  expect(ivyMail?.subject).toBe(`Olivia Owner invited you to join ${YOGA}`);
  expect(ottoMail?.body.text).toContain('Hi Otto Other,');
  const link = linkIn(ivyMail?.body.text ?? '');
  expect(link).toContain(`/invite/${club.id}/`);
  expect(linkIn(ottoMail?.body.text ?? '')).not.toBe(link);
  expect(ivyMail?.body.html).toContain(link);

  // Ivy has no account yet: the link asks her to log in, and she registers from there.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL(link).pathname);
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByRole('link', { name: /sign up/i }).click();
  await submitRegistration(page, { name: 'Ivy Invitee', email: ivy, password: 'Passphrase-123' });
  await expect(page.getByRole('heading', { level: 1, name: `You're invited to join ${YOGA}` })).toBeVisible();
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page).toHaveURL(new RegExp(`/communities/${club.id}$`));
  await expect(page.getByRole('navigation', { name: 'Club', exact: true })).toBeVisible();
  await expect(page.getByText(`Welcome to ${YOGA}!`)).toBeVisible();

  // The e-mailed token was hers alone: anyone else opening it is told it is used.
  const { context: otherContext, page: otherPage } = await newcomerOpening(browser, 'Una User', link);
  await expect(
    otherPage.getByRole('heading', { level: 1, name: 'This invitation has already been used' }),
  ).toBeVisible();
  await expect(otherPage.getByRole('link', { name: 'View club page' })).toHaveAttribute(
    'href',
    `/c/${club.id}`,
  );
  await leaveClub(page, club.id);

  // The owner revokes Otto's invitation: its link no longer lets anyone in.
  await owner.getByRole('button', { name: `Revoke the invitation to ${otto}` }).click();
  await owner
    .getByRole('dialog', { name: 'Revoke the invitation?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expectToast(owner, 'Invitation revoked');
  await expect(owner.getByRole('button', { name: `Revoke the invitation to ${otto}` })).toHaveCount(0);
  const { context: ottoContext, page: ottoPage } = await newcomerOpening(
    browser,
    'Otto Other',
    linkIn(ottoMail?.body.text ?? ''),
  );
  await expect(
    ottoPage.getByRole('heading', { level: 1, name: 'This invitation link is no longer valid' }),
  ).toBeVisible();
  await Promise.all([context.close(), otherContext.close(), ottoContext.close()]);
});

test('a replaced invite link refuses the old token; the new one lets a person in', async ({
  openClub,
  browser,
}) => {
  const { page: owner, club } = await openClub(DEMO.owner, YOGA, { path: '/invite' });
  const field = owner.getByLabel('Your club invite link');
  await expect(field).toHaveValue(new RegExp(`/invite/${club.id}/`));
  const old = await field.inputValue();
  await owner.getByRole('button', { name: 'Create a new link' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Create a new invite link?' });
  await dialog.getByRole('button', { name: 'Create new link' }).click();
  await expectToast(owner, 'New invite link created');
  await expect(field).not.toHaveValue(old);
  const fresh = await field.inputValue();

  const { context, page } = await newcomerOpening(browser, 'Lina Linker', old);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This invitation link is no longer valid' }),
  ).toBeVisible();
  await page.goto(new URL(fresh).pathname);
  await page.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(page).toHaveURL(new RegExp(`/communities/${club.id}$`));
  await expect(page.getByRole('navigation', { name: 'Club', exact: true })).toBeVisible();
  await leaveClub(page, club.id);
  await context.close();
});

test.describe('invitations still waiting', () => {
  test('the owner invites, reloads, finds the invitation listed and revokes it; its link then admits nobody', async ({
    openClub,
    browser,
  }) => {
    const { page: owner } = await openClub(DEMO.owner, YOGA, { path: '/invite' });
    const rhea = uniqueEmail('rhea');
    await owner.getByLabel('Name 1').fill('Rhea Reloaded');
    await owner.getByLabel('Email 1').fill(rhea);
    await owner.getByRole('button', { name: 'Send Invitations' }).click();
    await expectToast(owner, 'Invitations sent');
    const [mail] = await mailTo(owner, rhea);
    const link = linkIn(mail?.body.text ?? '');

    // The list comes from the server: a reload still shows the invitation with Revoke.
    await owner.reload();
    const sent = owner.getByRole('region', { name: 'Sent invitations' });
    await expect(sent).toContainText(`Rhea Reloaded <${rhea}>`);
    await sent.getByRole('button', { name: `Revoke the invitation to ${rhea}` }).click();
    await owner
      .getByRole('dialog', { name: 'Revoke the invitation?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expectToast(owner, 'Invitation revoked');
    await expect(owner.getByRole('button', { name: `Revoke the invitation to ${rhea}` })).toHaveCount(0);
    await owner.reload();
    await expect(owner.getByRole('heading', { level: 1, name: 'Invite Members' })).toBeVisible();
    await expect(owner.getByText(rhea)).toHaveCount(0);

    const { context, page } = await newcomerOpening(browser, 'Rhea Reloaded', link);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This invitation link is no longer valid' }),
    ).toBeVisible();
    await context.close();
  });
});
