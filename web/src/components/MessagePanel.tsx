import { Button, Flex, Heading } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/**
 * A page that is one message: a heading, a line or two and the ways on, centred (not found,
 * denied, failed, waiting); `icon` stands above the heading.
 */
export function MessagePanel({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Flex
      as="main"
      direction="column"
      alignItems="center"
      justifyContent="center"
      textAlign="center"
      minHeight="60vh"
      gap="medium"
      padding="large"
    >
      {icon}
      <Heading level={1}>{title}</Heading>
      {children}
    </Flex>
  );
}

/** The ways on under a message: the main one when there is one, then the dashboard. */
export function WaysOn({
  main,
  dashboard,
}: {
  main: { to: string; label: string } | null;
  dashboard: string;
}) {
  return (
    <Flex gap="small" wrap="wrap" justifyContent="center">
      {main ? (
        <Button as={Link} variation="primary" to={main.to}>
          {main.label}
        </Button>
      ) : null}
      <Button as={Link} to="/dashboard">
        {dashboard}
      </Button>
    </Flex>
  );
}
