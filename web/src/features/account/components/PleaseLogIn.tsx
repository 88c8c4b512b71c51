import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link, useLocation } from 'react-router-dom';
import { loginPathFor } from '../../../auth/redirect.ts';

/** What the account pages show a signed-out visitor: 'Please log in' and a Login link. */
export function PleaseLogIn() {
  const location = useLocation();
  return (
    <Flex as="main" direction="column" alignItems="center" gap="medium" padding="xxl" textAlign="center">
      <Heading level={1}>Please log in</Heading>
      <Text color="font.secondary">You need to be logged in to see this page.</Text>
      <Button as={Link} to={loginPathFor(`${location.pathname}${location.search}`)} variation="primary">
        Login
      </Button>
    </Flex>
  );
}
