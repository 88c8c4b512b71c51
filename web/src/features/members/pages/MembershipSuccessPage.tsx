/**
 * /communities/{clubId}/membership-success: where Stripe Checkout sends a new
 * member back. It shows the membership as the server knows it: the verified webhook activates
 * it, usually within a second or two, so the page waits 1.5 s, then asks
 * again every 2 s for a while. 'Membership Activated!' with Enter Club and Return to Dashboard
 * once it is active; otherwise it says what is still under way.
 */
import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { QueryFailed } from '../../../components/LoadFailed.tsx';
import { WaysOn } from '../../../components/MessagePanel.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { useMembershipCheckout } from '../api.ts';

export const MEMBERSHIP_SUCCESS = {
  firstWaitMs: 1500,
  pollIntervalMs: 2000,
  polls: 10,
  title: 'Membership Activated!',
  enter: 'Enter Club',
  dashboard: 'Return to Dashboard',
  confirming: 'Confirming your membership...',
  processingTitle: 'Your payment is being processed',
  processing:
    'Stripe has not confirmed your payment yet. Your membership becomes active as soon as it does; check again in a moment.',
  checkAgain: 'Check again',
  notFoundTitle: 'No membership found',
  notFound:
    'We could not find a membership of yours in this club. If you cancelled the payment, you can join again.',
  backToClub: 'Back to the club page',
} as const;

const T = MEMBERSHIP_SUCCESS;

export default function MembershipSuccessPage() {
  const { clubId = '' } = useParams();
  const [waited, setWaited] = useState(false);
  const [polls, setPolls] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), T.firstWaitMs);
    return () => clearTimeout(timer);
  }, []);

  const state = useMembershipCheckout(clubId, waited, polls < T.polls ? T.pollIntervalMs : false);

  useEffect(() => {
    if (state.dataUpdatedAt) setPolls((n) => n + 1);
  }, [state.dataUpdatedAt]);

  const status = state.data?.status;
  const stillChecking = !waited || state.isPending || (status === 'pending' && polls < T.polls);

  return (
    <Flex as="main" direction="column" alignItems="center" gap="medium" padding="xl" textAlign="center">
      {state.isError ? (
        <QueryFailed query={state} what="your membership" headingLevel={1} />
      ) : stillChecking ? (
        <Flex direction="column" alignItems="center" gap="small" role="status">
          <Loader size="large" ariaLabel={T.confirming} />
          <Heading level={1}>{T.confirming}</Heading>
        </Flex>
      ) : status === 'active' ? (
        <>
          <Heading level={1}>{T.title}</Heading>
          <Text>Welcome to {state.data?.clubName}. Your membership is active.</Text>
        </>
      ) : status === 'pending' ? (
        <>
          <Heading level={1}>{T.processingTitle}</Heading>
          <Text color="font.secondary">{T.processing}</Text>
          <Button
            onClick={() => {
              setPolls(0);
              void state.refetch();
            }}
          >
            {T.checkAgain}
          </Button>
        </>
      ) : (
        <>
          <Heading level={1}>{T.notFoundTitle}</Heading>
          <Text color="font.secondary">{T.notFound}</Text>
          <TextLink to={`/c/${clubId}`}>{T.backToClub}</TextLink>
        </>
      )}
      <WaysOn
        main={status === 'active' ? { to: `/communities/${clubId}`, label: T.enter } : null}
        dashboard={T.dashboard}
      />
    </Flex>
  );
}
