/**
 * Beyond approving and removing members, all the product asks for: the owner makes a member a
 * moderator and back, and a member leaves the club themselves (a paid membership runs to the end
 * of the period already paid, whose date is shown). Each says it is done only once the server has
 * stored it.
 */
import { Button } from '@aws-amplify/ui-react';
import type { MemberView } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { useApiMutation } from '../../../api/mutations.ts';
import { ConfirmDialog, useDialog } from '../../../components/overlay/ConfirmDialog.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { membersKey } from '../api.ts';

export const ROLE_TEXTS = {
  makeModerator: 'Make moderator',
  makeMember: 'Make member',
  roleUpdated: 'Role Updated',
  roleFailed: 'Failed to update role',
  leave: 'Leave Club',
  leaveDialog: {
    title: 'Leave Club',
    question: 'Are you sure you want to leave this club?',
    confirm: 'Leave Club',
    working: 'Leaving...',
  },
  left: 'You left the club',
  leavesOn: (date: string) => `Your membership ends on ${date}, the end of the period already paid.`,
  leaveFailed: 'Failed to leave the club',
} as const;
const T = ROLE_TEXTS;

export function RoleToggle({ member }: { member: MemberView }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const promote = member.role === 'club_member';
  const change = useApiMutation('changeClubMemberRole', {
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: membersKey(member.clubId) });
      toast({ title: T.roleUpdated, variant: 'success' });
    },
    onError: (error) =>
      toast({ title: T.roleFailed, description: messageOf(error, T.roleFailed), variant: 'error' }),
  });
  if (member.status !== 'active' || member.isOwner) return null;
  return (
    <Button
      size="small"
      isLoading={change.isPending}
      aria-label={`${promote ? T.makeModerator : T.makeMember}: ${member.name}`}
      onClick={() =>
        change.run({
          params: { clubId: member.clubId, userId: member.userId },
          body: { role: promote ? 'club_moderator' : 'club_member' },
        })
      }
    >
      {promote ? T.makeModerator : T.makeMember}
    </Button>
  );
}

export function LeaveClub({ clubId }: { clubId: string }) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dialog = useDialog();
  const leave = useApiMutation('leaveClub', {
    onSuccess: async (result) => {
      dialog.close();
      if (result.left) {
        await queryClient.invalidateQueries();
        toast({ title: T.left, variant: 'success' });
        navigate('/dashboard');
        return;
      }
      const date = result.endsAt ? new Date(result.endsAt).toLocaleDateString() : '';
      toast({ title: T.left, description: T.leavesOn(date), variant: 'success' });
    },
    onError: (error) => {
      dialog.close();
      toast({ title: T.leaveFailed, description: messageOf(error, T.leaveFailed), variant: 'error' });
    },
  });
  return (
    <>
      <Button size="small" onClick={dialog.open}>
        {T.leave}
      </Button>
      <ConfirmDialog dialog={dialog} texts={T.leaveDialog} request={leave} input={{ params: { clubId } }} />
    </>
  );
}
