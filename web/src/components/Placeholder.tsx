import { Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/** A screen another issue builds: a heading naming it, so routing is visible and testable now. */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Flex
      as="main"
      direction="column"
      gap="small"
      padding="large"
      maxWidth="72rem"
      margin="0 auto"
      width="100%"
    >
      <Heading level={1}>{title}</Heading>
      <Text color="font.secondary">This screen is coming soon.</Text>
      {children}
    </Flex>
  );
}
