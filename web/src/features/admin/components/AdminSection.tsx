/**
 * A part of the super-admin portal that shows one query: its heading, then loading, a failure
 * with Retry, or what the data draws. Each part loads and fails on its own, so a failed audit
 * log leaves the clubs table usable.
 */
import { Heading } from '@aws-amplify/ui-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiError } from '../../../api/errors.ts';
import { QueryFailed } from '../../../components/LoadFailed.tsx';
import { LoadingLine } from '../../../components/LoadingLine.tsx';

export function AdminSection<T>({
  id,
  title,
  what,
  query,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** What the section shows, as in "Loading {what}" and "Couldn't load {what}". */
  what: string;
  query: UseQueryResult<T, ApiError>;
  children: (data: T) => ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Heading level={2} id={id}>
        {title}
      </Heading>
      {query.isError ? (
        <QueryFailed query={query} what={what} headingLevel={3} />
      ) : query.isPending ? (
        <LoadingLine label={`Loading ${what}`} />
      ) : (
        children(query.data)
      )}
    </section>
  );
}
