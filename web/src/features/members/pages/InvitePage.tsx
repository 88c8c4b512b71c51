/**
 * The invite page, the club owner's alone (others go to
 * /dashboard): the club's invite link with Copy Invite Link and a way to replace it (the old link
 * stops working), invitations by e-mail (InviteByEmail), and Back to Club.
 */
import { Button, Flex, Heading, TextField } from '@aws-amplify/ui-react';
import { hasPermission } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router-dom';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { ConfirmDialog } from '../../../components/overlay/ConfirmDialog.tsx';
import { useConfirmedWrite } from '../../../components/overlay/useConfirmedWrite.ts';
import { PageColumn, PageHeading } from '../../../components/PageColumn.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { inviteUrlOf, useCopyLink } from '../../../components/useCopyLink.ts';
import { useClubSpace } from '../../../layouts/club/clubSpace.ts';
import { InviteByEmail } from '../components/InviteByEmail.tsx';
import '../components/invite.css';
import { inviteLinkKey, useInviteLink } from '../api.ts';
import { INVITE_TEXTS as T } from '../components/texts.ts';

function InviteLinkCard({ clubId }: { clubId: string }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const copy = useCopyLink();
  const link = useInviteLink(clubId);
  const { dialog, request: regenerate } = useConfirmedWrite('regenerateInviteLink', {
    done: (fresh) => {
      queryClient.setQueryData(inviteLinkKey(clubId), fresh);
      toast({ title: T.regenerated, variant: 'success' });
    },
    failed: T.regenerateFailed,
  });
  if (link.isError) {
    return <LoadFailed what="the invite link" error={link.error} onRetry={() => void link.refetch()} />;
  }
  const url = link.data ? inviteUrlOf(clubId, link.data.token) : '';
  return (
    <section className="invite-card" aria-labelledby="invite-link-heading">
      <Heading level={2} id="invite-link-heading">
        {T.linkHeading}
      </Heading>
      <TextField
        label={T.linkLabel}
        value={url}
        placeholder="Loading…"
        isReadOnly
        descriptiveText={T.linkHint}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Flex gap="small" wrap="wrap">
        <Button variation="primary" isDisabled={!url} onClick={() => void copy(url)}>
          {T.copy}
        </Button>
        <Button variation="link" isDisabled={!url} onClick={dialog.open}>
          {T.regenerate}
        </Button>
      </Flex>
      <ConfirmDialog
        dialog={dialog}
        texts={T.regenerateDialog}
        request={regenerate}
        input={{ params: { clubId } }}
        variation="primary"
      />
    </section>
  );
}

export default function InvitePage() {
  const { club, role, basePath } = useClubSpace();
  // The invite page is the owner's (INVITE_MEMBERS); the API refuses anyone else too.
  if (!hasPermission(role, 'INVITE_MEMBERS')) return <Navigate to="/dashboard" replace />;
  return (
    <PageColumn width="48rem">
      <PageHeading title={T.heading} intro={T.intro}>
        <Button as={Link} to={basePath}>
          {T.back}
        </Button>
      </PageHeading>
      <InviteLinkCard clubId={club.id} />
      <InviteByEmail club={club} />
    </PageColumn>
  );
}
