/**
 * A route's write behind a confirmation (ConfirmDialog): the dialog stays open, busy, until the
 * write is done and `done` has run (a list read again, a toast), then closes; a failure closes it
 * too and is a toast titled `failed`, with what the server said (else `fallback`, else `failed`).
 */
import type { RouteId, RouteOutput } from '@clubs/shared';
import { messageOf } from '../../api/errors.ts';
import { useApiMutation } from '../../api/mutations.ts';
import { useToast } from '../Toaster.tsx';
import { useDialog } from './ConfirmDialog.tsx';

export function useConfirmedWrite<Id extends RouteId>(
  id: Id,
  {
    done,
    failed,
    fallback = failed,
  }: { done: (output: RouteOutput<Id>) => unknown; failed: string; fallback?: string },
) {
  const { toast } = useToast();
  const dialog = useDialog();
  const request = useApiMutation(id, {
    onSuccess: async (output) => {
      await done(output);
      dialog.close();
    },
    onError: (error) => {
      dialog.close();
      toast({ title: failed, description: messageOf(error, fallback), variant: 'error' });
    },
  });
  return { dialog, request };
}
