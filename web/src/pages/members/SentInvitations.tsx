/**
 * The invitations sent from the invite page in this visit, each with Revoke: once confirmed, every
 * invitation the club e-mailed to that address stops letting anyone in (the server says how many),
 * and the address may be invited again. The row leaves the list only after the server stored it.
 */
import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { messageOf } from '../../api/errors.ts';
import { useApiMutation } from '../../api/mutations.ts';
import { ConfirmButton, useDialog } from '../../components/overlay/ConfirmDialog.tsx';
import { useToast } from '../../components/Toaster.tsx';

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
} as const;
const T = SENT_INVITATION_TEXTS;

export interface SentInvitation {
  name: string;
  email: string;
}

function Revoke({
  clubId,
  invitation,
  onRevoked,
}: {
  clubId: string;
  invitation: SentInvitation;
  onRevoked: (email: string) => void;
}) {
  const { toast } = useToast();
  const dialog = useDialog();
  const revoke = useApiMutation('revokeInvitations', {
    onSuccess: (result) => {
      dialog.close();
      onRevoked(invitation.email);
      toast({
        title: T.revoked,
        description: `${invitation.email}: ${result.revoked} invitation${result.revoked === 1 ? '' : 's'} no longer work${result.revoked === 1 ? 's' : ''}.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      dialog.close();
      toast({ title: T.failed, description: messageOf(error, T.failed), variant: 'error' });
    },
  });
  return (
    <ConfirmButton
      label={T.revoke}
      ariaLabel={`Revoke the invitation to ${invitation.email}`}
      buttonVariation="warning"
      dialog={dialog}
      texts={T.dialog}
      request={revoke}
      input={{ params: { clubId }, body: { email: invitation.email } }}
    />
  );
}

export function SentInvitations({
  clubId,
  sent,
  onRevoked,
}: {
  clubId: string;
  sent: readonly SentInvitation[];
  onRevoked: (email: string) => void;
}) {
  if (sent.length === 0) return null;
  return (
    <section className="invite-card" aria-labelledby="sent-invitations-heading">
      <Heading level={2} id="sent-invitations-heading">
        {T.heading}
      </Heading>
      <Flex as="ul" direction="column" gap="small" padding="0" margin="0" style={{ listStyle: 'none' }}>
        {sent.map((invitation) => (
          <Flex as="li" key={invitation.email} gap="small" alignItems="center" justifyContent="space-between">
            <Text>{invitation.name ? `${invitation.name} <${invitation.email}>` : invitation.email}</Text>
            <Revoke clubId={clubId} invitation={invitation} onRevoked={onRevoked} />
          </Flex>
        ))}
      </Flex>
    </section>
  );
}
