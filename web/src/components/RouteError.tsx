import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { MessageActions, MessagePanel, MessageText } from './MessagePanel.tsx';
import { NotFound } from './NotFound.tsx';
import { LinkButton, PlainButton } from './public/amplify-look.tsx';

/**
 * The router's error element: 404 answers show the not-found page, anything else a friendly
 * message with ways back. The exception's own text is for developers (the console), never the
 * page: it means nothing to the person and may reveal internals.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Page failed', error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <MessagePanel title="Something went wrong">
      <MessageText>This page could not be shown. Please try again, or go back home.</MessageText>
      <MessageActions>
        <PlainButton variation="primary" onClick={() => window.location.reload()}>
          Try again
        </PlainButton>
        <LinkButton to="/" reloadDocument>
          Return Home
        </LinkButton>
      </MessageActions>
    </MessagePanel>
  );
}
