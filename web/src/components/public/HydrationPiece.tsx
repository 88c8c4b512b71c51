import { type ReactNode, Suspense } from 'react';

/**
 * A part of a drawn page (the entry documents, web/build/entry-documents.ts) that React takes
 * over on its own. Hydrating a Suspense boundary is React's selective hydration: the boundary's
 * drawing stays as it is while the rest is taken over, its own hydration runs later at a priority
 * that yields to the browser between components, and a visitor's click or key inside it makes
 * React take it over first. So the page is never taken over in one long task, and what a visitor
 * touches answers before what they only read. Nothing in a piece suspends after that (no lazy
 * part inside), so the empty fallback never shows.
 */
export function HydrationPiece({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
