/**
 * The parts of a list read page by cursor (`useApiPages`) inside a page: the line that says it
 * failed to load, with Retry, and the button that loads the next page while there is one.
 */
import { Button } from '@aws-amplify/ui-react';

/** A list inside a page that could not be loaded: one announced line, with Retry. */
export function ListLoadFailed({
  what,
  list,
  className,
}: {
  /** As in "Could not load {what}." */
  what: string;
  list: { refetch: () => Promise<unknown> };
  className?: string;
}) {
  return (
    <p role="alert" className={className}>
      Could not load {what}.{' '}
      <Button size="small" variation="link" onClick={() => void list.refetch()}>
        Retry
      </Button>
    </p>
  );
}

/** "Show more": the next page of the list, while there is one. */
export function ShowMore({
  list,
  label,
  marginTop,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  /** Space above it where the list is not in a spaced column. */
  marginTop?: 'medium';
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      alignSelf="center"
      marginTop={marginTop}
      isLoading={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {label}
    </Button>
  );
}
