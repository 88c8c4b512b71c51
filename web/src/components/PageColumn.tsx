import { Flex, Heading, Text } from '@aws-amplify/ui-react';
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

/** A page's heading with the line under it saying what the page is for, and its actions beside them. */
export function PageHeading({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  return (
    <Flex justifyContent="space-between" alignItems="flex-start" wrap="wrap" gap="medium">
      <div>
        <Heading level={1}>{title}</Heading>
        <Text color="font.secondary">{intro}</Text>
      </div>
      {children}
    </Flex>
  );
}
