/**
 * What owners and moderators do to a member on the members page: approve a pending request by
 * clicking its label, and remove a member through the confirmation dialog. Each says it is done
 * only once the server has stored it; the list is then read again.
 */
import { Badge, Button } from '@aws-amplify/ui-react';
import type { ClubRole, MemberView } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { ConfirmButton } from '../../../components/overlay/ConfirmDialog.tsx';
import { useConfirmedWrite } from '../../../components/overlay/useConfirmedWrite.ts';
import { useToast } from '../../../components/Toaster.tsx';
import { clubKey } from '../../directory/api.ts';
import { clubSidebarKey } from '../../feed/api.ts';
import { membersKey, PENDING_COUNTS_KEY } from '../api.ts';

export const MEMBER_ACTION_TEXTS = {
  statusUpdated: 'Status Updated',
  statusChanged: (status: string) => `Member status changed to ${status}`,
  statusFailed: 'Failed to update status',
  remove: {
    title: 'Remove Member',
    question: 'Are you sure you want to remove this member from your club? This action cannot be undone.',
    confirm: 'Remove',
    working: 'Removing...',
  },
  removed: 'Member Removed',
  removeFailed: 'Failed to remove member',
} as const;
const T = MEMBER_ACTION_TEXTS;

function useRefreshMembers(clubId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey(clubId) }),
      // The requests waiting (the Pending filter and the Members nav item) follow.
      queryClient.invalidateQueries({ queryKey: PENDING_COUNTS_KEY }),
      // The member count on the club page and sidebar follows.
      queryClient.invalidateQueries({ queryKey: clubKey(clubId) }),
      queryClient.invalidateQueries({ queryKey: clubSidebarKey(clubId) }),
    ]);
}

/** The status cell: a plain label, or for managers a pending label that approves on a click. */
export function MemberStatus({ member, manager }: { member: MemberView; manager: boolean }) {
  const { toast } = useToast();
  const refresh = useRefreshMembers(member.clubId);
  const approve = useApiMutation('approveClubMember', {
    onSuccess: async (approved) => {
      await refresh();
      toast({ title: T.statusUpdated, description: T.statusChanged(approved.status), variant: 'success' });
    },
    onError: (error) =>
      toast({ title: T.statusFailed, description: messageOf(error, T.statusFailed), variant: 'error' }),
  });
  if (member.status !== 'pending' || !manager) {
    return <Badge variation={member.status === 'active' ? 'success' : 'warning'}>{member.status}</Badge>;
  }
  return (
    <Button
      size="small"
      variation="warning"
      title="Approve this member"
      isLoading={approve.isPending}
      onClick={() => approve.run({ params: { clubId: member.clubId, userId: member.userId } })}
    >
      pending
    </Button>
  );
}

/** Whether the viewer (of `viewerRole`) may remove this member: never the owner, a moderator not another moderator. */
export const mayRemove = (viewerRole: ClubRole | null, viewerId: string, member: MemberView): boolean =>
  !member.isOwner &&
  member.role !== 'club_owner' &&
  (viewerRole === 'club_owner' ||
    (viewerRole === 'club_moderator' && (member.role !== 'club_moderator' || member.userId === viewerId)));

export function RemoveMember({ member }: { member: MemberView }) {
  const { toast } = useToast();
  const refresh = useRefreshMembers(member.clubId);
  const { dialog, request: remove } = useConfirmedWrite('removeClubMember', {
    done: async () => {
      await refresh();
      toast({ title: T.removed, variant: 'success' });
    },
    failed: T.removeFailed,
  });
  return (
    <ConfirmButton
      label="Remove"
      ariaLabel={`Remove ${member.name}`}
      buttonVariation="destructive"
      dialog={dialog}
      texts={T.remove}
      request={remove}
      input={{ params: { clubId: member.clubId, userId: member.userId } }}
    />
  );
}
