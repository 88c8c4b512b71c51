/**
 * Document titles come from the route table: each route's `handle` names its page
 * (`{ title: 'Explore Clubs' }`), and the deepest matched route that names one sets the tab's
 * title, "Explore Clubs · Clubs" (what screen readers announce first on every navigation). A
 * route without a title of its own takes its parent's.
 *
 * A page about one thing names it once it has loaded (`useTitleSubject(club.name)`): the club
 * pages read "Members · Morning Yoga · Clubs", and a route whose title is only a placeholder for
 * that name (`subjectTitle: true`, the public club page) reads "Morning Yoga · Clubs".
 */
import { documentTitle } from '@clubs/shared';
import { createContext, useContext, useEffect, useState } from 'react';
import { type UIMatch, useMatches } from 'react-router-dom';

export interface TitleHandle {
  title: string;
  /** The title stands for the page's subject and gives way to its name when known. */
  subjectTitle?: boolean;
}

const titleHandleOf = (handle: unknown): TitleHandle | undefined =>
  typeof handle === 'object' && handle !== null && typeof (handle as TitleHandle).title === 'string'
    ? (handle as TitleHandle)
    : undefined;

/** The title of the deepest match that names one ('' is the site's own page: just "Clubs"). */
export function routeTitle(matches: readonly Pick<UIMatch, 'handle'>[], subject?: string): string {
  const deepest = matches.map((match) => titleHandleOf(match.handle)).findLast((h) => h !== undefined);
  const named = subject?.trim() || undefined;
  const parts = deepest?.subjectTitle && named ? [named] : [deepest?.title, named];
  return documentTitle(...parts);
}

const SubjectSetter = createContext<(subject: string | undefined) => void>(() => undefined);

/** Names what the current page is about in the tab's title, while the page is shown. */
export function useTitleSubject(subject: string | undefined): void {
  const setSubject = useContext(SubjectSetter);
  useEffect(() => {
    setSubject(subject);
    return () => setSubject(undefined);
  }, [subject, setSubject]);
}

/** Sets the tab's title from the route table and the subject a page names; provides useTitleSubject. */
export function useRouteTitle(): {
  SubjectProvider: typeof SubjectSetter.Provider;
  setSubject: (s: string | undefined) => void;
} {
  const [subject, setSubject] = useState<string | undefined>();
  const title = routeTitle(useMatches(), subject);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return { SubjectProvider: SubjectSetter.Provider, setSubject };
}
