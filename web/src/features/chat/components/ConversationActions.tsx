/**
 * A conversation's Block and Report, in its header. Block (after a confirmation) stops the other
 * person from sending the viewer messages or starting a conversation with them, without telling
 * them; Unblock undoes it (also in Settings → Chat). Report sends the conversation, with a copy
 * of its newest messages, to the platform's super admins.
 */
import { Button } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { routeKey } from '../../../api/queryKeys.ts';
import { ConfirmDialog, useDialog } from '../../../components/overlay/ConfirmDialog.tsx';
import { ReportDialog } from '../../../components/overlay/ReportDialog.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { useBlockedPeople } from '../../account/api.ts';
import { conversationKey, STARTABLE_KEY } from '../api.ts';

export const CONVERSATION_ACTION_TEXTS = {
  block: 'Block',
  unblock: 'Unblock',
  report: 'Report',
  blocked: (name: string) => `${name} is blocked: they can no longer message you.`,
  unblocked: (name: string) => `${name} is unblocked.`,
  failed: 'That did not work',
} as const;
const T = CONVERSATION_ACTION_TEXTS;

export function ConversationActions({
  conversationId,
  other,
}: {
  conversationId: string;
  other: { userId: string; name: string };
}) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const blockDialog = useDialog();
  const reportDialog = useDialog();
  const blocked = useBlockedPeople();
  const isBlocked = blocked.data?.items.some((person) => person.userId === other.userId) ?? false;
  const changed = (title: string) => () => {
    blockDialog.close();
    void queryClient.invalidateQueries({ queryKey: routeKey('listBlockedPeople') });
    // The conversation takes messages again (or no more), and whom "Message" shows for changes.
    void queryClient.invalidateQueries({ queryKey: conversationKey(conversationId) });
    void queryClient.invalidateQueries({ queryKey: STARTABLE_KEY });
    toast({ title, variant: 'success' });
  };
  const failed = (error: Error) =>
    toast({ title: T.failed, description: messageOf(error, ''), variant: 'error' });
  const block = useApiMutation('blockPerson', { onSuccess: changed(T.blocked(other.name)), onError: failed });
  const unblock = useApiMutation('unblockPerson', {
    onSuccess: changed(T.unblocked(other.name)),
    onError: failed,
  });
  return (
    <div className="chat-conversation__actions">
      {isBlocked ? (
        <Button
          size="small"
          isDisabled={unblock.isPending}
          onClick={() => unblock.run({ params: { userId: other.userId } })}
        >
          {T.unblock}
        </Button>
      ) : (
        <Button size="small" isDisabled={!blocked.data} onClick={blockDialog.open}>
          {T.block}
        </Button>
      )}
      <Button size="small" onClick={reportDialog.open}>
        {T.report}
      </Button>
      <ConfirmDialog
        dialog={blockDialog}
        texts={{
          title: `Block ${other.name}?`,
          question: `${other.name} will no longer be able to send you messages or start a conversation with you. They are not told. You can unblock them at any time.`,
          confirm: T.block,
          working: 'Blocking...',
        }}
        request={block}
        input={{ body: { userId: other.userId } }}
      />
      <ReportDialog dialog={reportDialog} target={{ kind: 'conversation', conversationId }} />
    </div>
  );
}
