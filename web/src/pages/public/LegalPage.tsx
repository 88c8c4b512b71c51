/** The frame of the Terms of Service and the Privacy Policy: last updated April 1, 2025, cross-linked. */
import type { ReactNode } from 'react';
import { TextLink } from '../../components/TextLink.tsx';
import { StaticPage } from './StaticPage.tsx';

export const LAST_UPDATED = 'April 1, 2025';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

export function LegalPage({
  title,
  sections,
  other,
}: {
  title: string;
  sections: readonly LegalSection[];
  other: { to: string; label: string };
}) {
  return (
    <StaticPage prose title={title} lead={<>Last updated: {LAST_UPDATED}</>}>
      {sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`legal-${index}`}>
          <h2 id={`legal-${index}`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      <p className="clubs-legal__other">
        See also our <TextLink to={other.to}>{other.label}</TextLink>. Questions?{' '}
        <TextLink to="/contact">Contact us</TextLink>.
      </p>
    </StaticPage>
  );
}
