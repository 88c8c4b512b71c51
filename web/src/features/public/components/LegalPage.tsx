/** The frame of the Terms of Service and the Privacy Policy: last updated April 1, 2025, cross-linked. */
import type { ReactNode } from 'react';
import { TextLink } from '../../../components/TextLink.tsx';
import { StaticPage } from './StaticPage.tsx';

export const LAST_UPDATED = 'April 1, 2025';

export interface LegalSection {
  title: string;
  body: ReactNode;
}

/** The legal pages by path, each with its title; each page links to the other. */
const LEGAL_PAGES = { '/terms': 'Terms of Service', '/privacy': 'Privacy Policy' } as const;
type LegalPath = keyof typeof LEGAL_PAGES;

export function LegalPage({ path, sections }: { path: LegalPath; sections: readonly LegalSection[] }) {
  const other = path === '/terms' ? '/privacy' : '/terms';
  return (
    <StaticPage prose title={LEGAL_PAGES[path]} lead={<>Last updated: {LAST_UPDATED}</>}>
      {sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`legal-${index}`}>
          <h2 id={`legal-${index}`}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      <p className="clubs-legal__other">
        See also our <TextLink to={other}>{LEGAL_PAGES[other]}</TextLink>. Questions?{' '}
        <TextLink to="/contact">Contact us</TextLink>.
      </p>
    </StaticPage>
  );
}
