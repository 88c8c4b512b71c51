import { Flex, Heading } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

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
