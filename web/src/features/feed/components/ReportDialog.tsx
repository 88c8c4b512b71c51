/**
 * Report a post or comment: a reason (spam, harassment, off-topic, or other with a few words),
 * checked by the shared schema before it is sent. The reporter is thanked once the server has
 * the report; a second report of the same item says it was already reported.
 */
import { Button, Radio, RadioGroupField, TextAreaField } from '@aws-amplify/ui-react';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_THANKS,
  type ReportReason,
  reportInputSchema,
} from '@clubs/shared';
import { useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { problem, schemaCheck, useForm } from '../../../components/form/useForm.tsx';
import type { DialogState } from '../../../components/overlay/ConfirmDialog.tsx';
import { Modal } from '../../../components/overlay/Modal.tsx';
import { useToast } from '../../../components/Toaster.tsx';

export type ReportTarget =
  | { kind: 'post'; clubId: string; postId: string }
  | { kind: 'comment'; clubId: string; postId: string; commentId: string };

export function ReportDialog({ dialog, target }: { dialog: DialogState; target: ReportTarget }) {
  const { toast } = useToast();
  const [reason, setReason] = useState<ReportReason>('spam');
  const [text, setText] = useState('');
  const draft = () => ({ reason, text: reason === 'other' ? text : '' });
  const form = useForm({
    check: () => schemaCheck(reportInputSchema, draft(), (issue) => issue?.message ?? 'Choose a reason'),
    send: () => {
      const body = reportInputSchema.parse(draft());
      if (target.kind === 'post') {
        return api('reportPost', { params: { clubId: target.clubId, postId: target.postId }, body });
      }
      const { clubId, postId, commentId } = target;
      return api('reportComment', { params: { clubId, postId, commentId }, body });
    },
    onSuccess: () => {
      dialog.close();
      setText('');
      toast({ title: REPORT_THANKS, variant: 'success' });
    },
    failure: (error) => problem(messageOf(error, 'Could not send the report. Please try again.')),
    label: `Reporting a ${target.kind}`,
  });
  const busy = form.busy;

  return (
    <Modal
      open={dialog.isOpen}
      title={`Report ${target.kind}`}
      description="Tell the moderators what is wrong. The author is not told who reported it."
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
