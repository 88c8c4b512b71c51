/**
 * An owner-only settings page's heading and states: loading; refused (the API answers anyone
 * but the owner as if the club did not exist, 404, or 403: the page's own 'Access Denied'
 * words); any other failure said as one, with Retry; else the page drawn from the data.
 */
import { Alert, Heading } from '@aws-amplify/ui-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiError } from '../../../api/errors.ts';
import { QueryFailed } from '../../../components/LoadFailed.tsx';
import { LoadingLine } from '../../../components/LoadingLine.tsx';

/** An owner-only page's words (its texts table carries them). */
export interface OwnerPageTexts {
  /** The page's title; the club's name follows it once loaded. */
  title: string;
  /** What the page loads, as in "Loading {what}..." and "Couldn't load {what}". */
  what: string;
  /** What anyone but the owner is told. */
  accessDenied: string;
}

export function OwnerQuery<T>({
  query,
  texts,
  clubName,
  children,
}: {
  query: UseQueryResult<T, ApiError>;
  texts: OwnerPageTexts;
  clubName: (data: T) => string;
  children: (data: T) => ReactNode;
}) {
  const refused = query.error?.status === 404 || query.error?.status === 403;
  return (
    <>
      <Heading level={1}>
        {texts.title}
        {query.data ? `: ${clubName(query.data)}` : ''}
      </Heading>
      {query.isPending ? (
        <LoadingLine label={`Loading ${texts.what}`} />
      ) : query.isError ? (
        refused ? (
          <Alert variation="error" heading="Access Denied">
            {texts.accessDenied}
          </Alert>
        ) : (
          <QueryFailed query={query} what={texts.what} />
        )
      ) : (
        children(query.data)
      )}
    </>
  );
}
