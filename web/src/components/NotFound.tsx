import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';

export function NotFound() {
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
      <Text fontSize="xxxl" fontWeight="bold" color="font.tertiary" aria-hidden="true">
        404
      </Text>
      <Heading level={1}>Page not found</Heading>
      <Text color="font.secondary">The page you are looking for does not exist or has been moved.</Text>
      <Link to="/" className="amplify-button amplify-button--primary">
        Return Home
      </Link>
    </Flex>
  );
}
