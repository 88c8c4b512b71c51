/**
 * The club's e-mailed invitations still waiting (not accepted, not expired), as the server lists
 * them, so they survive a reload; each address with Revoke: once confirmed, every invitation the
 * club e-mailed to that address stops letting anyone in (the server says how many), and the
 * address may be invited again. A row leaves the list only when the list read after the
 * revocation no longer holds it.
 */
import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { PendingInvitation } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ConfirmedWriteButton } from '../../../components/overlay/ConfirmedWriteButton.tsx';
import { ListLoadFailed, ShowMore } from '../../../components/PagedList.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { pendingInvitationsKey, usePendingInvitations } from '../api.ts';

export const SENT_INVITATION_TEXTS = {
  heading: 'Sent invitations',
  revoke: 'Revoke',
  dialog: {
    title: 'Revoke the invitation?',
    question: 'Its link will no longer let anyone join. You can invite the address again.',
    confirm: 'Revoke',
    working: 'Revoking...',
  },
  revoked: 'Invitation revoked',
  failed: 'Could not revoke the invitation',
  loadMore: 'Show more',
} as const;
const T = SENT_INVITATION_TEXTS;

function Revoke({ clubId, invitation }: { clubId: string; invitation: PendingInvitation }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  return (
    <ConfirmedWriteButton
      route="revokeInvitations"
      input={{ params: { clubId }, body: { email: invitation.email } }}
      done={async (result) => {
        await queryClient.invalidateQueries({ queryKey: pendingInvitationsKey(clubId) });
        toast({
          title: T.revoked,
          description: `${invitation.email}: ${result.revoked} invitation${result.revoked === 1 ? '' : 's'} no longer work${result.revoked === 1 ? 's' : ''}.`,
          variant: 'success',
        });
      }}
      failed={T.failed}
      label={T.revoke}
      ariaLabel={`Revoke the invitation to ${invitation.email}`}
      buttonVariation="warning"
      texts={T.dialog}
    />
  );
}

/** One row per address (Revoke acts on all of an address's invitations), in the order listed. */
function byAddress(invitations: readonly PendingInvitation[]): PendingInvitation[] {
  const seen = new Set<string>();
  return invitations.filter((invitation) => !seen.has(invitation.email) && seen.add(invitation.email));
}

export function SentInvitations({ clubId }: { clubId: string }) {
  const list = usePendingInvitations(clubId);
  if (list.isError && !list.data) {
    return <ListLoadFailed what="sent invitations" list={list} />;
  }
  const pending = byAddress(list.data?.pages.flatMap((page) => page.items) ?? []);
  if (pending.length === 0) return null;
  return (
    <section className="invite-card" aria-labelledby="sent-invitations-heading">
      <Heading level={2} id="sent-invitations-heading">
        {T.heading}
      </Heading>
      <Flex as="ul" direction="column" gap="small" padding="0" margin="0" style={{ listStyle: 'none' }}>
        {pending.map((invitation) => (
          <Flex as="li" key={invitation.email} gap="small" alignItems="center" justifyContent="space-between">
            <Text>{invitation.name ? `${invitation.name} <${invitation.email}>` : invitation.email}</Text>
            <Revoke clubId={clubId} invitation={invitation} />
          </Flex>
        ))}
      </Flex>
      <ShowMore list={list} label={T.loadMore} />
    </section>
  );
}
