import type { ReactNode } from 'react';
import { HydrationPiece } from './HydrationPiece.tsx';
import { PublicFooter } from './PublicFooter.tsx';
import { PublicHeader } from './PublicHeader.tsx';
import './public.css';

/** The frame of the public pages: top bar, the page's main content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="clubs-public">
      {/* Taken over piece by piece (HydrationPiece): the top bar, each part of the page, the footer. */}
      <HydrationPiece>
        <PublicHeader />
      </HydrationPiece>
      <main id="main" className="clubs-public__main">
        <HydrationPiece>{children}</HydrationPiece>
      </main>
      <HydrationPiece>
        <PublicFooter />
      </HydrationPiece>
    </div>
  );
}

/** A static page's body: a narrow column with its heading and an optional lead. */
export function PageIntro({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div className="clubs-intro">
      <h1 className="clubs-intro__title">{title}</h1>
      {lead ? <p className="clubs-intro__lead">{lead}</p> : null}
    </div>
  );
}
