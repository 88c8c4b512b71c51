/**
 * Membership questions: up to three that a club's owner asks whoever requests to join, each
 * optionally required. An answer is stored with the text of the question it answers, so editing
 * the questions never changes what earlier applicants were asked or said.
 */
import * as z from 'zod';
import { MEMBERSHIP_QUESTIONS } from '../constants.ts';
import { requiredText, trimmed } from './common.ts';

export const membershipQuestionSchema = z.strictObject({
  text: requiredText(MEMBERSHIP_QUESTIONS.questionLength),
  required: z.boolean(),
});
export type MembershipQuestion = z.infer<typeof membershipQuestionSchema>;

/**
 * The owner's list, saved whole, with the optional e-mail-capture consent line (empty: none),
 * e.g. "I agree to receive the club's newsletter by e-mail".
 */
export const membershipQuestionsInputSchema = z.strictObject({
  questions: z.array(membershipQuestionSchema).max(MEMBERSHIP_QUESTIONS.max),
  consent: trimmed(MEMBERSHIP_QUESTIONS.consentLength).default(''),
});
export type MembershipQuestionsInput = z.infer<typeof membershipQuestionsInputSchema>;

/**
 * One answer as stored with the membership: the question as it was asked, and the answer; the
 * consent line as it was shown, when the person ticked it, is kept as an answer marked `consent`.
 */
export const membershipAnswerSchema = z.object({
  question: z.string(),
  answer: z.string(),
  consent: z.literal(true).optional(),
});

/** The answer kept for a ticked consent line. */
export const CONSENT_GIVEN = 'Agreed';
export type MembershipAnswer = z.infer<typeof membershipAnswerSchema>;

/**
 * What a person sends with a join request or a checkout: an answer per question, in order. An
 * empty body (`{}`, as clients post when they have nothing to say) answers nothing.
 */
export const joinAnswersInputSchema = z.strictObject({
  answers: z.array(trimmed(MEMBERSHIP_QUESTIONS.answerLength)).max(MEMBERSHIP_QUESTIONS.max).default([]),
  /** The person ticked the club's consent line (ignored when the club has none). */
  consent: z.boolean().default(false),
});
export type JoinAnswersInput = z.infer<typeof joinAnswersInputSchema>;

/** The message for a required question left blank. */
export const ANSWER_REQUIRED_MESSAGE = 'Please answer this question';

export type AnswersCheck =
  | { ok: true; answers: MembershipAnswer[] }
  | { ok: false; issues: { index: number; message: string }[] };

/**
 * Pairs the answers with the club's questions as they stand: a required question needs a
 * non-blank answer, more answers than questions are refused, and a blank optional answer is not
 * kept. The browser checks the form with it before sending; the API checks it again.
 */
export function answersFor(
  questions: readonly MembershipQuestion[],
  answers: readonly string[],
): AnswersCheck {
  if (answers.length > questions.length) {
    return {
      ok: false,
      issues: [{ index: questions.length, message: 'There are more answers than questions' }],
    };
  }
  const issues = questions.flatMap((question, index) =>
    question.required && !answers[index]?.trim() ? [{ index, message: ANSWER_REQUIRED_MESSAGE }] : [],
  );
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    answers: questions.flatMap((question, index) => {
      const answer = answers[index]?.trim() ?? '';
      return answer ? [{ question: question.text, answer }] : [];
    }),
  };
}
