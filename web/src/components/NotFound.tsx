import { Button, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { MessagePanel } from './MessagePanel.tsx';

export function NotFound() {
  return (
    <MessagePanel title="Page not found">
      <Text fontSize="xxxl" fontWeight="bold" color="font.tertiary" aria-hidden="true" order={-1}>
        404
      </Text>
      <Text color="font.secondary">The page you are looking for does not exist or has been moved.</Text>
      <Button as={Link} to="/" variation="primary">
        Return Home
      </Button>
    </MessagePanel>
  );
}
