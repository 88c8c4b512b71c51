/**
 * What a list or page shows when loading it failed: said as a failure (never as "nothing here"
 * or "not found"), announced to screen readers, with Retry. A 500's text is not shown; the
 * server's own words are, when it explains (an unreachable server, a 503). Public pages show it,
 * so it draws Amplify's look with its documented classes, not its components (amplify-look.tsx).
 */
import type { ReactNode } from 'react';
import { messageOf } from '../api/errors.ts';
import { MessageText } from './MessagePanel.tsx';
import { PlainButton } from './public/amplify-look.tsx';

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
    <div role="alert" className="amplify-flex clubs-load-failed">
      <Heading level={headingLevel}>Couldn't load {what}</Heading>
      <MessageText>{messageOf(error, LOAD_FAILED_TEXT)}</MessageText>
      <PlainButton onClick={onRetry} isLoading={retrying} loadingText="Retrying...">
        Retry
      </PlainButton>
    </div>
  );
}

/** A heading of a level, as Amplify's Heading draws it. */
function Heading({ level, children }: { level: 1 | 2 | 3; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return <Tag className={`amplify-heading amplify-heading--${level}`}>{children}</Tag>;
}

/** LoadFailed for a failed TanStack query: its error, and Retry refetches it. */
export function QueryFailed({
  query,
  what,
  headingLevel,
}: {
  query: {
    error: unknown;
    refetch: () => Promise<unknown>;
    isRefetching: boolean;
  };
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
