import { Flex, Loader, Text } from '@aws-amplify/ui-react';

/** The generic loading screen: lazy route chunks and the first session check. */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <Flex
      role="status"
      aria-live="polite"
      direction="column"
      alignItems="center"
      justifyContent="center"
      minHeight="60vh"
      gap="small"
    >
      <Loader size="large" ariaLabel={label} />
      <Text color="font.secondary">{label}</Text>
    </Flex>
  );
}
