import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { NotFound } from './NotFound.tsx';

/** The router's error element: 404 answers show the not-found page, anything else this. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const detail =
    error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : undefined;
  return (
    <Flex
      as="main"
      direction="column"
      alignItems="center"
      justifyContent="center"
      minHeight="70vh"
      gap="medium"
      padding="large"
    >
      <Heading level={1}>Unexpected Application Error!</Heading>
      {detail ? <Text color="font.secondary">{detail}</Text> : null}
      <Button as={Link} to="/" reloadDocument variation="primary">
        Return Home
      </Button>
    </Flex>
  );
}
