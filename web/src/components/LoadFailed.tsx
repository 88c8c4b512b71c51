/**
 * What a list or page shows when loading it failed: said as a failure (never as "nothing here"
 * or "not found"), announced to screen readers, with Retry. A 500's text is not shown; the
 * server's own words are, when it explains (an unreachable server, a 503).
 */
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { messageOf } from '../api/errors.ts';

export const LOAD_FAILED_TEXT = 'Something went wrong on our side. Please try again.';

export function LoadFailed({
  what,
  error,
  onRetry,
  retrying = false,
  headingLevel = 2,
}: {
  /** What could not be loaded, as in "Couldn't load {what}". */
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
  headingLevel?: 1 | 2 | 3;
}) {
  return (
    <Flex role="alert" direction="column" alignItems="center" gap="small" padding="xl" textAlign="center">
      <Heading level={headingLevel}>Couldn't load {what}</Heading>
      <Text color="font.secondary">{messageOf(error, LOAD_FAILED_TEXT)}</Text>
      <Button onClick={onRetry} isLoading={retrying} loadingText="Retrying...">
        Retry
      </Button>
    </Flex>
  );
}

/** LoadFailed for a failed TanStack query: its error, and Retry refetches it. */
export function QueryFailed({
  query,
  what,
  headingLevel,
}: {
  query: { error: unknown; refetch: () => Promise<unknown>; isRefetching: boolean };
  what: string;
  headingLevel?: 1 | 2 | 3;
}) {
  return (
    <LoadFailed
      what={what}
      error={query.error}
      onRetry={() => void query.refetch()}
      retrying={query.isRefetching}
      headingLevel={headingLevel}
    />
  );
}
