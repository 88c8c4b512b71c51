/**
 * The club's membership questions, asked when someone asks to join (a free club's request, a
 * paid club's checkout): an answer per question, the required ones checked here by the same rule
 * the API applies before anything is sent. Loaded only when a visitor asks to join a club that
 * has questions, so the public page's first load carries none of it. The club's e-mail consent
 * line, when it has one, is a box to tick below them (left unticked, nothing is kept).
 */
import { Button, CheckboxField, TextAreaField } from '@aws-amplify/ui-react';
import {
  ANSWER_REQUIRED_MESSAGE,
  answersFor,
  MEMBERSHIP_QUESTIONS,
  type MembershipQuestion,
} from '@clubs/shared';
import { type FormEvent, useState } from 'react';
import { Modal } from '../overlay/Modal.tsx';
import type { JoinReply } from './useJoinAction.ts';

export const JOIN_QUESTIONS_TEXTS = {
  title: (club: string) => `Join ${club}`,
  description:
    'The owner asks these questions before approving a request. Owners and moderators see your answers.',
  required: 'Required',
  send: 'Send Request',
  pay: 'Continue to Payment',
  cancel: 'Cancel',
} as const;
const T = JOIN_QUESTIONS_TEXTS;

export default function JoinQuestionsDialog({
  clubName,
  questions,
  consentLine,
  paid,
  busy,
  onClose,
  onAnswers,
}: {
  clubName: string;
  questions: readonly MembershipQuestion[];
  /** The club's e-mail consent line; empty when it has none. */
  consentLine: string;
  paid: boolean;
  busy: boolean;
  onClose: () => void;
  onAnswers: (reply: JoinReply) => void;
}) {
  const [answers, setAnswers] = useState(() => questions.map(() => ''));
  const [consent, setConsent] = useState(false);
  const [missing, setMissing] = useState<number[]>([]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const check = answersFor(questions, answers);
    setMissing(check.ok ? [] : check.issues.map((issue) => issue.index));
    if (check.ok) onAnswers({ answers: answers.map((answer) => answer.trim()), consent });
  };
  return (
    <Modal open title={T.title(clubName)} description={T.description} onClose={onClose} closable={!busy}>
      <form onSubmit={submit} noValidate aria-label={T.title(clubName)}>
        {questions.map((question, index) => (
          <TextAreaField
            // The questions are fixed while the dialog is open: a question is its place.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list does not change while shown
            key={index}
            label={question.required ? `${question.text} (${T.required})` : question.text}
            name={`answer-${index}`}
            rows={3}
            maxLength={MEMBERSHIP_QUESTIONS.answerLength}
            value={answers[index]}
            isRequired={question.required}
            isDisabled={busy}
            hasError={missing.includes(index)}
            errorMessage={ANSWER_REQUIRED_MESSAGE}
            onChange={(event) =>
              setAnswers((all) => all.map((answer, i) => (i === index ? event.target.value : answer)))
            }
          />
        ))}
        {consentLine ? (
          <CheckboxField
            label={consentLine}
            name="consent"
            checked={consent}
            isDisabled={busy}
            onChange={(event) => setConsent(event.target.checked)}
          />
        ) : null}
        <div className="clubs-modal__actions">
          <Button onClick={onClose} isDisabled={busy}>
            {T.cancel}
          </Button>
          <Button type="submit" variation="primary" isLoading={busy}>
            {paid ? T.pay : T.send}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
