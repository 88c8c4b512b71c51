/**
 * What the club layout shows instead of a club: 'Club Not Found' with a
 * way back to the dashboard, 'Access Denied' with the reason and a way to the club's public
 * page (and, in a club that is not active, a way out of it: a member may always stop paying a club
 * they cannot use), and an honest failure with Retry when the club could not be asked about.
 */
import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { MessagePanel } from '../../components/MessagePanel.tsx';
import { LeaveClub } from '../../features/members/components/RoleAndLeave.tsx';
import { DENIAL_TEXT, type DenialReason } from './useClubAccess.ts';

const ToDashboard = () => (
  <Button as={Link} to="/dashboard" variation="primary">
    Return to Dashboard
  </Button>
);

export function ClubNotFound() {
  return (
    <MessagePanel title="Club Not Found">
      <Text color="font.secondary">This club does not exist or has been removed.</Text>
      <ToDashboard />
    </MessagePanel>
  );
}

export function ClubAccessDenied({ clubId, reason }: { clubId: string; reason: DenialReason }) {
  return (
    <MessagePanel title="Access Denied">
      <Text color="font.secondary">{DENIAL_TEXT[reason]}</Text>
      <Flex gap="small" wrap="wrap" justifyContent="center">
        <Button as={Link} to={`/c/${clubId}`} variation="primary">
          View Public Page
        </Button>
        <Button as={Link} to="/dashboard">
          Return to Dashboard
        </Button>
        {reason === 'inactive' && <LeaveClub clubId={clubId} />}
      </Flex>
    </MessagePanel>
  );
}

export function ClubLoadFailed({ retry }: { retry: () => void }) {
  return (
    <MessagePanel title="Could not load this club">
      <Text color="font.secondary" role="alert">
        Something went wrong while loading the club. Please try again.
      </Text>
      <Flex gap="small" wrap="wrap" justifyContent="center">
        <Button variation="primary" onClick={retry}>
          Retry
        </Button>
        <ToDashboard />
      </Flex>
    </MessagePanel>
  );
}
