import { Flex, Heading } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/** A page that is one message: a heading, a line or two and the ways on, centred (not found, denied, failed). */
export function MessagePanel({ title, children }: { title: string; children: ReactNode }) {
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
      <Heading level={1}>{title}</Heading>
      {children}
    </Flex>
  );
}
