/**
 * Report a post or comment to the club's moderators, or a chat conversation to the platform's
 * super admins: a reason (spam, harassment, off-topic, or other with a few words), checked by the
 * shared schema before it is sent. The reporter is thanked once the server has the report; a
 * second report of the same item says it was already reported.
 */
import { Button, Radio, RadioGroupField, TextAreaField } from '@aws-amplify/ui-react';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_THANKS,
  type ReportInput,
  type ReportReason,
  reportInputSchema,
} from '@clubs/shared';
import { useState } from 'react';
import { messageOf } from '../../api/errors.ts';
import { api } from '../../api/index.ts';
import { problem, schemaCheck, useForm } from '../form/useForm.tsx';
import { useToast } from '../Toaster.tsx';
import type { DialogState } from './ConfirmDialog.tsx';
import { Modal } from './Modal.tsx';

export type ReportTarget =
  | { kind: 'post'; clubId: string; postId: string }
  | { kind: 'comment'; clubId: string; postId: string; commentId: string }
  | { kind: 'conversation'; conversationId: string };

/** Who reads the report, as the dialog says it and thanks the reporter. */
const READERS = {
  club: {
    description: 'Tell the moderators what is wrong. The author is not told who reported it.',
    thanks: REPORT_THANKS,
  },
  platform: {
    description:
      "Tell the platform's team what is wrong. A copy of the newest messages goes with it; the other person is not told.",
    thanks: 'Thank you. The platform’s team will look at it.',
  },
} as const;

/** Sends the report where its target's reports go; what the server answers is not shown. */
async function sendReport(target: ReportTarget, body: ReportInput): Promise<void> {
  if (target.kind === 'conversation') {
    await api('reportConversation', { params: { conversationId: target.conversationId }, body });
  } else if (target.kind === 'post') {
    await api('reportPost', { params: { clubId: target.clubId, postId: target.postId }, body });
  } else {
    const { clubId, postId, commentId } = target;
    await api('reportComment', { params: { clubId, postId, commentId }, body });
  }
}

export function ReportDialog({ dialog, target }: { dialog: DialogState; target: ReportTarget }) {
  const { toast } = useToast();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');
  const readers = READERS[target.kind === 'conversation' ? 'platform' : 'club'];
  const draft = () => ({ reason, text: reason === 'other' ? text : '' });
  const form = useForm({
    check: () => schemaCheck(reportInputSchema, draft(), (issue) => issue?.message ?? 'Choose a reason'),
    send: () => sendReport(target, reportInputSchema.parse(draft())),
    onSuccess: () => {
      dialog.close();
      setText('');
      toast({ title: readers.thanks, variant: 'success' });
    },
    failure: (error) => problem(messageOf(error, 'Could not send the report. Please try again.')),
    label: `Reporting a ${target.kind}`,
  });
  const busy = form.busy;

  return (
    <Modal
      open={dialog.isOpen}
      title={`Report ${target.kind}`}
      description={readers.description}
      onClose={dialog.close}
      closable={!busy}
    >
      <form onSubmit={form.submit} noValidate aria-label={`Report ${target.kind}`}>
        <RadioGroupField
          legend="Reason"
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value as ReportReason)}
        >
          {REPORT_REASONS.map((value) => (
            <Radio key={value} value={value}>
              {REPORT_REASON_LABELS[value]}
            </Radio>
          ))}
        </RadioGroupField>
        {reason === 'other' && (
          <TextAreaField
            label="What is wrong?"
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        )}
        {form.problem && (
          <p role="alert" className="feed-error">
            {form.problem.message}
          </p>
        )}
        <div className="clubs-modal__actions">
          <Button onClick={dialog.close} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variation="primary" isLoading={busy} loadingText="Sending...">
            Report
          </Button>
        </div>
      </form>
    </Modal>
  );
}
