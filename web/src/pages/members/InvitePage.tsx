/**
 * The invite page (spec part 2 sections 2, 3 and 9), the club owner's alone (others go to
 * /dashboard): the club's invite link with Copy Invite Link and a way to replace it (the old link
 * stops working), invitations by e-mail (InviteByEmail), and Back to Club.
 */
import { Button, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { hasPermission } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { messageOf } from '../../api/errors.ts';
import { apiQueryKey, useApiQuery } from '../../api/hooks.ts';
import { useApiMutation } from '../../api/mutations.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Modal } from '../../components/overlay/Modal.tsx';
import { PageColumn } from '../../components/PageColumn.tsx';
import { useToast } from '../../components/Toaster.tsx';
import { useClubSpace } from '../../layouts/club/clubSpace.ts';
import { InviteByEmail } from './InviteByEmail.tsx';
import { inviteUrlOf, useCopyLink } from './useCopyLink.ts';
import './invite.css';

export const INVITE_TEXTS = {
  heading: 'Invite Members',
  intro: 'Share your club link or send invitations by e-mail.',
  linkHeading: 'Invite link',
  linkLabel: 'Your club invite link',
  linkHint: 'Anyone with this link can join your club.',
  copy: 'Copy Invite Link',
  regenerate: 'Create a new link',
  regenerateTitle: 'Create a new invite link?',
  regenerateText: 'The current link will stop working at once. People who already joined stay members.',
  regenerateConfirm: 'Create new link',
  regenerated: 'New invite link created',
  regenerateFailed: 'Could not create a new link',
  back: 'Back to Club',
} as const;
const T = INVITE_TEXTS;

function InviteLinkCard({ clubId }: { clubId: string }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const copy = useCopyLink();
  const [confirming, setConfirming] = useState(false);
  const link = useApiQuery('getInviteLink', { params: { clubId } });
  const regenerate = useApiMutation('regenerateInviteLink', {
    onSuccess: (fresh) => {
      queryClient.setQueryData(apiQueryKey('getInviteLink', { params: { clubId } }), fresh);
      setConfirming(false);
      toast({ title: T.regenerated, variant: 'success' });
    },
    onError: (error) => {
      setConfirming(false);
      toast({
        title: T.regenerateFailed,
        description: messageOf(error, T.regenerateFailed),
        variant: 'error',
      });
    },
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
        <Button variation="link" isDisabled={!url} onClick={() => setConfirming(true)}>
          {T.regenerate}
        </Button>
      </Flex>
      <Modal
        open={confirming}
        title={T.regenerateTitle}
        description={T.regenerateText}
        onClose={() => setConfirming(false)}
        closable={!regenerate.isPending}
      >
        <div className="clubs-modal__actions">
          <Button onClick={() => setConfirming(false)} isDisabled={regenerate.isPending}>
            Cancel
          </Button>
          <Button
            variation="primary"
            isLoading={regenerate.isPending}
            onClick={() => regenerate.run({ params: { clubId } })}
          >
            {T.regenerateConfirm}
          </Button>
        </div>
      </Modal>
    </section>
  );
}

export default function InvitePage() {
  const { club, role, basePath } = useClubSpace();
  // The invite page is the owner's (INVITE_MEMBERS); the API refuses anyone else too.
  if (!hasPermission(role, 'INVITE_MEMBERS')) return <Navigate to="/dashboard" replace />;
  return (
    <PageColumn width="48rem">
      <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="medium">
        <div>
          <Heading level={1}>{T.heading}</Heading>
          <Text color="font.secondary">{T.intro}</Text>
        </div>
        <Link className="amplify-button" to={basePath}>
          {T.back}
        </Link>
      </Flex>
      <InviteLinkCard clubId={club.id} />
      <InviteByEmail club={club} />
    </PageColumn>
  );
}
