/**
 * The club sidebar's state: expanded (16rem) or collapsed to icons
 * (3rem) on wide screens, remembered for 7 days in the cookie `sidebar:state`; on screens under
 * 768px it is a panel (18rem) over the page, closed until asked for. Ctrl+B (Cmd+B on a Mac)
 * toggles whichever applies.
 */
import { SIDEBAR } from '@clubs/shared';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

const MOBILE_QUERY = `(max-width: ${SIDEBAR.mobileBreakpointPx - 0.02}px)`;

export function readSidebarCookie(cookie: string): boolean | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR.cookieName) return value === 'true' ? true : value === 'false' ? false : null;
  }
  return null;
}

function writeSidebarCookie(open: boolean) {
  const maxAge = SIDEBAR.cookieMaxAgeDays * 24 * 60 * 60;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and not in every browser we serve
  document.cookie = `${SIDEBAR.cookieName}=${open}; path=/; max-age=${maxAge}; samesite=lax`;
}

function subscribeToWidth(onChange: () => void) {
  const list = window.matchMedia(MOBILE_QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}

export interface SidebarState {
  isMobile: boolean;
  /** Wide screens: expanded (true) or collapsed to icons (false). */
  open: boolean;
  /** Narrow screens: the panel is shown. */
  openMobile: boolean;
  toggle: () => void;
  closeMobile: () => void;
}

export function useSidebar(): SidebarState {
  const isMobile = useIsMobile();
  const [open, setOpen] = useState(() => readSidebarCookie(document.cookie) ?? true);
  const [openMobile, setOpenMobile] = useState(false);

  const toggle = useCallback(() => {
    if (isMobile) {
      setOpenMobile((shown) => !shown);
      return;
    }
    writeSidebarCookie(!open);
    setOpen(!open);
  }, [isMobile, open]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
      if (event.key === 'Escape') setOpenMobile(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  return { isMobile, open, openMobile, toggle, closeMobile: useCallback(() => setOpenMobile(false), []) };
}
