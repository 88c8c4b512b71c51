import { Flex } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

/** A page's main content: one centred column at most `width` wide, its parts spaced evenly. */
export function PageColumn({
  width,
  children,
}: {
  width: '40rem' | '48rem' | '56rem' | '80rem';
  children: ReactNode;
}) {
  return (
    <Flex
      as="main"
      direction="column"
      gap="large"
      padding="large"
      maxWidth={width}
      margin="0 auto"
      width="100%"
    >
      {children}
    </Flex>
  );
}
