/**
 * Membership questions, walked by two freshly registered people: an owner creates a free club,
 * asks a required question in Club settings with an e-mail consent line, a newcomer asks to join,
 * is held to the question and ticks the consent line, and the owner reads the answer and the
 * consent on the request in Members and approves it, then finds her by a word of her answer.
 */
import { expect, test } from '@playwright/test';
import { expectAccessibleAtBothWidths } from './account-support.ts';
import { expectToast } from './club-support.ts';
import { actionButton, freshAccount, signIn } from './directory-support.ts';
import { newActiveClub } from './owner-support.ts';

const QUESTION = 'What brings you to the harbour?';
const ANSWER = 'Cold water and good company, twice a week.';
const CONSENT = 'I agree to receive the harbour newsletter by e-mail';

test('the owner asks a question; a newcomer answers it to ask to join; the owner reads it and approves', async ({
  page: owner,
  browser,
  request,
}) => {
  const name = `Harbour Swimmers ${Date.now().toString(36)}`;
  const clubId = await newActiveClub(owner, await freshAccount(request, 'Olga Owner'), name);

  await owner.goto(`/club-settings/${clubId}?tab=pricing`);
  const section = owner.getByRole('form', { name: 'Membership questions' });
  await expect(section.getByText('No questions: people join without answering any.')).toBeVisible();
  await section.getByRole('button', { name: 'Add question' }).click();
  await section.getByLabel('Question 1').fill(QUESTION);
  await section.getByText('Required', { exact: true }).click();
  await expect(section.getByRole('checkbox', { name: 'Required' })).toBeChecked();
  await section.getByLabel('E-mail consent line (optional)').fill(CONSENT);
  await section.getByRole('button', { name: 'Save questions' }).click();
  await expectToast(owner, 'Membership questions saved');
  await expectAccessibleAtBothWidths(owner, 'club settings with a membership question');

  const context = await browser.newContext();
  const newcomer = await context.newPage();
  await signIn(newcomer, await freshAccount(request, 'Nina Newcomer'));
  await newcomer.goto(`/c/${clubId}`);
  await actionButton(newcomer).click();
  const dialog = newcomer.getByRole('dialog', { name: `Join ${name}` });
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog.getByText('Please answer this question')).toBeVisible();
  await dialog.getByLabel(new RegExp(QUESTION.replace('?', '\\?'))).fill(ANSWER);
  await dialog.getByText(CONSENT).click();
  await expect(dialog.getByRole('checkbox', { name: CONSENT })).toBeChecked();
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(newcomer.getByText('Join request submitted successfully!')).toBeVisible();
  await expect(actionButton(newcomer)).toHaveText('Request Pending');
  await context.close();

  await owner.goto(`/communities/${clubId}/members`);
  await owner
    .getByRole('group', { name: 'Show' })
    .getByRole('button', { name: /^Pending/ })
    .click();
  const row = owner.getByTestId('member-row').filter({ hasText: 'Nina Newcomer' });
  await expect(row.getByText(QUESTION)).toBeVisible();
  await expect(row.getByText(ANSWER)).toBeVisible();
  // The consent line, as it was shown, is kept with the answers of whoever ticked it.
  await expect(row.getByText(CONSENT)).toBeVisible();
  await expect(row.getByText('Agreed', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: 'pending' }).click();
  await expect(owner.getByText('Member status changed to active')).toBeVisible();

  // The owner finds the new member by a word of their answer, which a name search does not find.
  await owner.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'All', exact: true }).click();
  const search = owner.getByRole('textbox', { name: 'Search members...' });
  await search.fill('good company');
  await expect(owner.getByText('No members found.')).toBeVisible();
  await owner.getByText('Search answers to the membership questions').click();
  await expect(
    owner.getByRole('checkbox', { name: 'Search answers to the membership questions' }),
  ).toBeChecked();
  const rows = owner.getByTestId('member-row');
  await expect(rows.filter({ hasText: 'Nina Newcomer' })).toBeVisible();
  await expect(rows).toHaveCount(1);
});
