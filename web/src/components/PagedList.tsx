/**
 * The parts of a list read page by cursor (`useApiPages`) inside a page: the line that says it
 * failed to load, with Retry, and the buttons that load the next page while there is one.
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

/** What loads a list's next page: TanStack Query's infinite query, as `useApiPages` answers it. */
export interface NextPages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options: { cancelRefetch: boolean }) => Promise<unknown>;
}

/**
 * The next page as a small link-styled button, while there is one. A click while it loads does
 * not start it again: fetchNextPage would cancel the request under way, so a reader clicking
 * faster than the server answers would never see it.
 */
export function NextPageLink({
  list,
  label,
  loadingText,
}: {
  list: NextPages;
  label: string;
  loadingText: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      size="small"
      variation="link"
      isLoading={list.isFetchingNextPage}
      loadingText={loadingText}
      onClick={() => void list.fetchNextPage({ cancelRefetch: false })}
    >
      {label}
    </Button>
  );
}
