/**
 * An invitation `/invite/{clubId}/{token}`, behind sign-in (a signed-out
 * visitor registers or logs in and comes back here). It shows the club and what accepting does:
 * a free club is entered at once; a paid club's membership is paid through its checkout, with the
 * club's trial. A used, replaced or unknown invitation says so, with a way to the club's page.
 */
import { Button, Text } from '@aws-amplify/ui-react';
import { formatPrice, type InvitationPreview, isPremium } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { isApiError, messageOf } from '../../../api/errors.ts';
import { api } from '../../../api/index.ts';
import { useAction } from '../../../api/mutations.ts';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { LoadingScreen } from '../../../components/LoadingScreen.tsx';
import { MessagePanel, WaysOn } from '../../../components/MessagePanel.tsx';
import { leaveFor } from '../../../components/navigation.ts';
import { useToast } from '../../../components/Toaster.tsx';
import { INVITATIONS_KEY, useInvitation } from '../api.ts';

export const ACCEPT_TEXTS = {
  invitedTo: (club: string) => `You're invited to join ${club}`,
  joinFree: 'Accept Invitation',
  joinPaid: (price: string) => `Continue to payment (${price}/month)`,
  busy: 'Joining...',
  welcome: (club: string) => `Welcome to ${club}!`,
  alreadyMember: "You're already a member of this club",
  enter: 'Go to Club',
  invalid: 'This invitation link is no longer valid',
  invalidHint: 'Ask the club owner for a new invitation, or visit the club page to join from there.',
  used: 'This invitation has already been used',
  usedHint: 'Each e-mailed invitation works once. Ask the club owner for a new one.',
  clubNotFound: 'Club not found',
  viewClub: 'View club page',
  dashboard: 'Go to Dashboard',
  failed: 'Could not accept the invitation',
  fallback: 'Something went wrong. Please try again.',
} as const;
const T = ACCEPT_TEXTS;

function Dead({ title, hint, clubId }: { title: string; hint: string; clubId: string | null }) {
  return (
    <MessagePanel title={title}>
      <Text color="font.secondary">{hint}</Text>
      <WaysOn main={clubId ? { to: `/c/${clubId}`, label: T.viewClub } : null} dashboard={T.dashboard} />
    </MessagePanel>
  );
}

function Invitation({ preview, token }: { preview: InvitationPreview; token: string }) {
  const { club } = preview;
  const navigate = useNavigate();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const params = { clubId: club.id, token };
  // A paid club's checkout ends by leaving for Stripe: `leaveFor` never settles, so the button stays busy.
  const accept = useAction({
    mutationFn: async () => {
      const { outcome } = await api('acceptInvitation', { params });
      if (outcome === 'checkout') {
        // An invitation's checkout asks none of the club's membership questions.
        const { url } = await api('createMembershipCheckout', {
          params: { clubId: club.id },
          body: undefined,
        });
        return leaveFor(url);
      }
      // The club layout and the dashboards read the new membership, not a cached refusal.
      await queryClient.invalidateQueries();
      if (outcome === 'joined') toast({ title: T.welcome(club.name), variant: 'success' });
      navigate(`/communities/${club.id}`, { replace: true });
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY });
      toast({ title: T.failed, description: messageOf(error, T.fallback), variant: 'error' });
    },
  });

  if (preview.membership === 'active') {
    return (
      <MessagePanel title={T.alreadyMember}>
        <Text color="font.secondary">{club.name}</Text>
        <Button as={Link} variation="primary" to={`/communities/${club.id}`}>
          {T.enter}
        </Button>
      </MessagePanel>
    );
  }
  if (preview.state === 'used') return <Dead title={T.used} hint={T.usedHint} clubId={club.id} />;
  if (preview.state === 'invalid') return <Dead title={T.invalid} hint={T.invalidHint} clubId={club.id} />;
  const paid = isPremium(club);
  return (
    <MessagePanel title={T.invitedTo(club.name)}>
      {club.description ? <Text color="font.secondary">{club.description}</Text> : null}
      <Button
        variation="primary"
        isLoading={accept.isPending}
        loadingText={T.busy}
        onClick={() => accept.run()}
      >
        {paid ? T.joinPaid(formatPrice(club.price, club.currency)) : T.joinFree}
      </Button>
    </MessagePanel>
  );
}

export default function AcceptInvitePage() {
  const { clubId = '', token = '' } = useParams();
  const preview = useInvitation(clubId, token);
  if (preview.isPending) return <LoadingScreen />;
  if (preview.isError) {
    const error = preview.error;
    // A malformed token (400) is as dead as an unknown one; an unknown club has no page to offer.
    if (isApiError(error) && error.status === 400)
      return <Dead title={T.invalid} hint={T.invalidHint} clubId={null} />;
    if (isApiError(error) && error.status === 404) {
      return <Dead title={T.clubNotFound} hint={T.invalidHint} clubId={null} />;
    }
    return <LoadFailed what="the invitation" error={error} onRetry={() => void preview.refetch()} />;
  }
  return <Invitation preview={preview.data} token={token} />;
}
