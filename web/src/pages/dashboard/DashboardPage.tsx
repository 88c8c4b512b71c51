/**
 * The personal dashboard (spec part 1 section 2). This issue ships the greeting from GET /api/me;
 * search, tabs, club cards and the create-club dialog come with the dashboard issue.
 */
import { Alert, Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { displayName } from '@clubs/shared';
import { Link } from 'react-router-dom';
import { useMe } from '../../api/hooks.ts';

export default function DashboardPage() {
  const me = useMe();
  return (
    <Flex
      as="main"
      direction="column"
      gap="large"
      padding="large"
      maxWidth="72rem"
      margin="0 auto"
      width="100%"
    >
      {me.isPending ? (
        <Flex alignItems="center" gap="small" role="status">
          <Loader ariaLabel="Loading your profile" />
          <Text>Loading your profile...</Text>
        </Flex>
      ) : me.isError ? (
        <Alert variation="error" heading="Could not load your profile">
          <Flex direction="column" gap="small" alignItems="flex-start">
            <Text>{me.error.message}</Text>
            <Button size="small" onClick={() => void me.refetch()}>
              Try again
            </Button>
          </Flex>
        </Alert>
      ) : (
        <Heading level={1}>Welcome, {displayName(me.data)}</Heading>
      )}
      <Text color="font.secondary">
        Your clubs, requests and recommendations will appear here.{' '}
        <Link to="/clubs" className="amplify-link">
          Discover More Clubs
        </Link>
      </Text>
    </Flex>
  );
}
