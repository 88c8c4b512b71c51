/**
 * "Are you sure?" before an action that cannot be taken back (delete, remove, leave, replace):
 * the question in a Modal, Cancel, and the action's button, busy while it runs. `useDialog`
 * holds whether it is open, so the action's callbacks can close it when they are done.
 */
import { Button, type ButtonProps } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Modal } from './Modal.tsx';

export interface DialogState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

export function useDialog(): DialogState {
  const [isOpen, setOpen] = useState(false);
  return { isOpen, open: () => setOpen(true), close: () => setOpen(false) };
}

/** A confirmation's words: its title, the question, the action's button and its busy words. */
export interface ConfirmTexts {
  title: string;
  question: string;
  confirm: string;
  working?: string;
  cancel?: string;
}

interface ConfirmDialogProps<Input> {
  dialog: DialogState;
  texts: ConfirmTexts;
  /** The action's request (a useApiMutation or useAction): busy while it runs. */
  request: { isPending: boolean; run(input: Input): void };
  /** What the request runs with once confirmed. */
  input: Input;
  /** Destructive unless the action only replaces something (primary). */
  variation?: 'destructive' | 'primary';
}

export function ConfirmDialog<Input>({
  dialog,
  texts,
  request,
  input,
  variation = 'destructive',
}: ConfirmDialogProps<Input>) {
  const busy = request.isPending;
  return (
    <Modal
      open={dialog.isOpen}
      title={texts.title}
      description={texts.question}
      onClose={dialog.close}
      closable={!busy}
    >
      <div className="clubs-modal__actions">
        <Button onClick={dialog.close} isDisabled={busy}>
          {texts.cancel ?? 'Cancel'}
        </Button>
        <Button
          variation={variation}
          isLoading={busy}
          loadingText={texts.working}
          onClick={() => request.run(input)}
        >
          {texts.confirm}
        </Button>
      </div>
    </Modal>
  );
}

/** A small button (in a table row, a list) that opens its action's confirmation. */
export function ConfirmButton<Input>({
  label,
  ariaLabel,
  buttonVariation,
  ...confirm
}: ConfirmDialogProps<Input> & {
  label: string;
  ariaLabel: string;
  buttonVariation?: ButtonProps['variation'];
}) {
  return (
    <>
      <Button size="small" variation={buttonVariation} onClick={confirm.dialog.open} aria-label={ariaLabel}>
        {label}
      </Button>
      <ConfirmDialog {...confirm} />
    </>
  );
}
