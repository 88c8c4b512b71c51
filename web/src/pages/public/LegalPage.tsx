/** The frame of the Terms of Service and the Privacy Policy: last updated April 1, 2025, cross-linked. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageIntro, PublicLayout } from '../../components/public/PublicLayout.tsx';

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
    <PublicLayout title={title}>
      <div className="clubs-page clubs-prose">
        <PageIntro title={title} lead={<>Last updated: {LAST_UPDATED}</>} />
        {sections.map((section, index) => (
          <section key={section.title} aria-labelledby={`legal-${index}`}>
            <h2 id={`legal-${index}`}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
        <p className="clubs-legal__other">
          See also our{' '}
          <Link to={other.to} className="amplify-link">
            {other.label}
          </Link>
          . Questions?{' '}
          <Link to="/contact" className="amplify-link">
            Contact us
          </Link>
          .
        </p>
      </div>
    </PublicLayout>
  );
}
