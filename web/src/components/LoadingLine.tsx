import { Flex, Loader, Text } from '@aws-amplify/ui-react';

/** A part of a page still loading: a small spinner and "{label}...", announced as a status. */
export function LoadingLine({ label }: { label: string }) {
  return (
    <Flex alignItems="center" gap="small" role="status">
      <Loader ariaLabel={label} />
      <Text>{label}...</Text>
    </Flex>
  );
}
