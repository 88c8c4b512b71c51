/**
 * Document titles come from the route table: each route's `handle` names its page
 * (`{ title: 'Explore Clubs' }`), and the deepest matched route that names one sets the tab's
 * title, "Explore Clubs · Clubs" (what screen readers announce first on every navigation). A
 * route without a title of its own takes its parent's.
 */
import { useEffect } from 'react';
import { type UIMatch, useMatches } from 'react-router-dom';

export const SITE_NAME = 'Clubs';

export interface TitleHandle {
  title: string;
}

const titleOf = (handle: unknown): string | undefined =>
  typeof handle === 'object' && handle !== null && typeof (handle as TitleHandle).title === 'string'
    ? (handle as TitleHandle).title
    : undefined;

/** The title of the deepest match that names one ('' is the site's own page: just "Clubs"). */
export function routeTitle(matches: readonly Pick<UIMatch, 'handle'>[]): string {
  const title = matches.map((match) => titleOf(match.handle)).findLast((t) => t !== undefined);
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

export function useRouteTitle(): void {
  const title = routeTitle(useMatches());
  useEffect(() => {
    document.title = title;
  }, [title]);
}
