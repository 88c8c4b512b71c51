import type { ReactNode } from 'react';
import { LinkButton } from './public/amplify-look.tsx';

/**
 * A page that is one message: a heading, a line or two and the ways on, centred (not found,
 * denied, failed, waiting); `icon` stands above the heading. It is part of the route table's
 * first chunk (the 404 and error pages, the guards' waits), so it draws Amplify's look with its
 * documented classes rather than its components: those would put Amplify UI's runtime on every
 * page's first load, public ones included.
 */
export function MessagePanel({
  title,
  icon,
  children,
}: {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="amplify-flex clubs-message-panel">
      {icon}
      <h1 className="amplify-heading amplify-heading--1">{title}</h1>
      {children}
    </main>
  );
}

/** A line of a message, in the secondary text colour (what Amplify's `Text` draws). */
export function MessageText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={['amplify-text', 'clubs-message-text', className ?? ''].join(' ').trim()}>{children}</p>
  );
}

/** The row of ways on under a message, centred and wrapping. */
export function MessageActions({ children }: { children: ReactNode }) {
  return <div className="amplify-flex clubs-message-actions">{children}</div>;
}

/** The ways on under a message: the main one when there is one, then the dashboard. */
export function WaysOn({
  main,
  dashboard,
}: {
  main: { to: string; label: string } | null;
  dashboard: string;
}) {
  return (
    <MessageActions>
      {main ? (
        <LinkButton variation="primary" to={main.to}>
          {main.label}
        </LinkButton>
      ) : null}
      <LinkButton to="/dashboard">{dashboard}</LinkButton>
    </MessageActions>
  );
}
