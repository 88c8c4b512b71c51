import type { ReactNode } from 'react';
import { PublicFooter } from './PublicFooter.tsx';
import { PublicHeader } from './PublicHeader.tsx';
import './public.css';

/** The frame of the public pages: top bar, the page's main content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="clubs-public">
      <PublicHeader />
      <main id="main" className="clubs-public__main">
        {children}
      </main>
      <PublicFooter />
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
