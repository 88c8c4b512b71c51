/**
 * A club's membership questions: the owner saves them on the club; whoever requests to join (a
 * free club's request, a paid club's checkout) answers them, and the answers are kept with the
 * membership with the questions as they were asked.
 */
import {
  answersFor,
  type Club,
  CONSENT_GIVEN,
  type JoinAnswersInput,
  type MembershipAnswer,
  type MembershipQuestionsInput,
} from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { updateExistingItem } from '../data/update-item.ts';
import { AppError, notFound } from '../errors.ts';

export async function saveMembershipQuestions(
  club: Club,
  input: MembershipQuestionsInput,
): Promise<MembershipQuestionsInput> {
  const saved = await updateExistingItem(
    keys.club(club.id),
    { membershipQuestions: input.questions, membershipConsent: input.consent },
    () => true,
  );
  if (!saved) throw notFound('Club not found');
  return input;
}

/**
 * The answers to keep with a new membership of `club`, checked against its questions as they
 * stand: a required question left blank, or more answers than questions, is refused as invalid
 * input, and nothing is written.
 */
export function answersToKeep(
  club: Club,
  input: JoinAnswersInput | undefined,
): MembershipAnswer[] | undefined {
  const check = answersFor(club.membershipQuestions ?? [], input?.answers ?? []);
  if (!check.ok) {
    throw new AppError(
      'validation_failed',
      'The request is not valid',
      check.issues.map(({ index, message }) => ({ path: `body.answers.${index}`, message })),
    );
  }
  // A ticked consent line is kept as it was shown, so a later edit of it changes nothing here.
  const consent = club.membershipConsent?.trim();
  const answers: MembershipAnswer[] =
    consent && input?.consent
      ? [...check.answers, { question: consent, answer: CONSENT_GIVEN, consent: true }]
      : check.answers;
  return answers.length > 0 ? answers : undefined;
}
