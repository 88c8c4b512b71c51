import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { MessagePanel } from './MessagePanel.tsx';
import { NotFound } from './NotFound.tsx';

/**
 * The router's error element: 404 answers show the not-found page, anything else a friendly
 * message with ways back. The exception's own text is for developers (the console), never the
 * page: it means nothing to the person and may reveal internals.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Page failed', error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <MessagePanel title="Something went wrong">
      <Text color="font.secondary">This page could not be shown. Please try again, or go back home.</Text>
      <Flex gap="small" wrap="wrap" justifyContent="center">
        <Button variation="primary" onClick={() => window.location.reload()}>
          Try again
        </Button>
        <Button as={Link} to="/" reloadDocument>
          Return Home
        </Button>
      </Flex>
    </MessagePanel>
  );
}
