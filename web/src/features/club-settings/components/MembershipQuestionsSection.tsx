/**
 * The owner's membership questions: up to three that whoever requests to join answers, each
 * optionally required, saved together. The list shows what the server stored once the save has
 * finished; answers already given keep the questions they answered. Below them, the optional
 * e-mail consent line: the join dialog shows it with a box to tick.
 */
import { Button, Card, CheckboxField, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import {
  MEMBERSHIP_QUESTIONS,
  type MembershipQuestion,
  membershipQuestionsInputSchema,
  type PublicClub,
} from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api } from '../../../api/index.ts';
import { schemaCheck, toastFailure, useForm } from '../../../components/form/useForm.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { ownedClubKey } from '../api.ts';

export const MEMBERSHIP_QUESTIONS_TEXTS = {
  title: 'Membership questions',
  hint: `Ask up to ${MEMBERSHIP_QUESTIONS.max} questions that people answer when they ask to join. Owners and moderators see the answers on each request. Answers already given keep the questions they answered.`,
  none: 'No questions: people join without answering any.',
  question: (n: number) => `Question ${n}`,
  required: 'Required',
  remove: (n: number) => `Remove question ${n}`,
  add: 'Add question',
  save: 'Save questions',
  saved: 'Membership questions saved',
  saveFailed: 'Could not save the membership questions',
  blank: 'Write the question, or remove it',
  consent: 'E-mail consent line (optional)',
  consentHint:
    'Shown in the join dialog with a box to tick, e.g. “I agree to receive the club’s newsletter by e-mail”. Who ticked it is kept with their answers.',
} as const;
const T = MEMBERSHIP_QUESTIONS_TEXTS;

const fieldName = (index: number) => `question-${index}`;

export function MembershipQuestionsSection({ club }: { club: PublicClub }) {
  const { toast } = useToast();
  const titleId = useId();
  const queryClient = useQueryClient();
  const [questions, setQuestions] = useState<MembershipQuestion[]>(club.membershipQuestions ?? []);
  const [consent, setConsent] = useState(club.membershipConsent ?? '');
  const change = (index: number, patch: Partial<MembershipQuestion>) =>
    setQuestions((all) => all.map((question, i) => (i === index ? { ...question, ...patch } : question)));
  const form = useForm({
    check: () => {
      const found = schemaCheck(membershipQuestionsInputSchema, { questions, consent }, () => T.blank);
      // The schema's issue path is ['questions', index, 'text']: mark that question's field.
      const index = questions.findIndex((question) => !question.text.trim());
      return found && index >= 0 ? { ...found, fields: [fieldName(index)] } : found;
    },
    send: () =>
      api('saveMembershipQuestions', {
        params: { clubId: club.id },
        body: membershipQuestionsInputSchema.parse({ questions, consent }),
      }),
    onSuccess: (stored) => {
      setQuestions(stored.questions);
      setConsent(stored.consent);
      queryClient.setQueryData<PublicClub>(ownedClubKey(club.id), (cached) =>
        cached
          ? { ...cached, membershipQuestions: stored.questions, membershipConsent: stored.consent }
          : cached,
      );
      toast({ title: T.saved, variant: 'success' });
    },
    failure: toastFailure(toast, T.saveFailed, 'Please try again.'),
    label: 'Saving the membership questions',
  });

  return (
    <Card variation="outlined">
      <form onSubmit={form.submit} aria-labelledby={titleId}>
        <Flex direction="column" gap="small" alignItems="stretch">
          <Heading level={3} fontSize="medium" id={titleId}>
            {T.title}
          </Heading>
          <Text color="font.secondary">{T.hint}</Text>
          {form.alert}
          {questions.length === 0 ? <Text>{T.none}</Text> : null}
          {questions.map((question, index) => (
            // Questions have no id of their own: a row is its place in the list.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is edited in place
            <Flex key={index} direction="column" gap="xs">
              <TextField
                label={T.question(index + 1)}
                name={fieldName(index)}
                value={question.text}
                maxLength={MEMBERSHIP_QUESTIONS.questionLength}
                isDisabled={form.busy}
                onChange={(event) => change(index, { text: event.target.value })}
                {...form.fieldProps(fieldName(index))}
              />
              <Flex alignItems="center" justifyContent="space-between" wrap="wrap">
                <CheckboxField
                  label={T.required}
                  name={`required-${index}`}
                  checked={question.required}
                  isDisabled={form.busy}
                  onChange={(event) => change(index, { required: event.target.checked })}
                />
                <Button
                  size="small"
                  variation="link"
                  isDisabled={form.busy}
                  onClick={() => setQuestions((all) => all.filter((_, i) => i !== index))}
                >
                  {T.remove(index + 1)}
                </Button>
              </Flex>
            </Flex>
          ))}
          <TextField
            label={T.consent}
            name="consent"
            descriptiveText={T.consentHint}
            value={consent}
            maxLength={MEMBERSHIP_QUESTIONS.consentLength}
            isDisabled={form.busy}
            onChange={(event) => setConsent(event.target.value)}
          />
          <Flex gap="small" wrap="wrap">
            <Button
              isDisabled={form.busy || questions.length >= MEMBERSHIP_QUESTIONS.max}
              onClick={() => setQuestions((all) => [...all, { text: '', required: false }])}
            >
              {T.add}
            </Button>
            <Button type="submit" variation="primary" isLoading={form.busy}>
              {T.save}
            </Button>
          </Flex>
        </Flex>
      </form>
    </Card>
  );
}
