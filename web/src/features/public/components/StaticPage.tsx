/** The frame of the public site's static pages: the site's frame, one column, its heading and lead. */
import type { ReactNode } from 'react';
import { PageIntro, PublicLayout } from '../../../components/public/PublicLayout.tsx';

export function StaticPage({
  title,
  lead,
  prose,
  children,
}: {
  title: string;
  lead: ReactNode;
  /** The whole page is running text (the legal pages). */
  prose?: boolean;
  children: ReactNode;
}) {
  return (
    <PublicLayout>
      <div className={prose ? 'clubs-page clubs-prose' : 'clubs-page'}>
        <PageIntro title={title} lead={lead} />
        {children}
      </div>
    </PublicLayout>
  );
}
