import type { ReactNode } from 'react';
import { PlainHeading, PlainText } from './public/amplify-look.tsx';

/**
 * A page's main content: one centred column at most `width` wide, its parts spaced evenly. Plain
 * elements with Amplify's flex class (the directory, a public page, is one of these columns).
 */
export function PageColumn({
  width,
  children,
}: {
  width: '40rem' | '48rem' | '56rem' | '80rem';
  children: ReactNode;
}) {
  return (
    <main className="amplify-flex clubs-page-column" style={{ maxWidth: width }}>
      {children}
    </main>
  );
}

/** A page's heading with the line under it saying what the page is for, and its actions beside them. */
export function PageHeading({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children?: ReactNode;
}) {
  return (
    <div className="amplify-flex clubs-page-heading">
      <div>
        <PlainHeading level={1}>{title}</PlainHeading>
        <PlainText variation="secondary">{intro}</PlainText>
      </div>
      {children}
    </div>
  );
}
