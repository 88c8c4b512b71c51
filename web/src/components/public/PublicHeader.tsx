/**
 * The public top bar (spec part 1 section 2): the brand, a few site links, and either Log In and
 * Sign Up or 'Welcome, {name}' (the name rule of shared/display.ts) linking to /dashboard. Below
 * 720 px the site links fold behind a Menu button (a disclosure: aria-expanded and aria-controls;
 * Escape or a click elsewhere closes it and gives focus back to the button; following a link
 * closes it).
 */
import { Button, Flex } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useGreetingName } from '../../api/hooks.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { Brand } from '../Brand.tsx';
import { TextLink } from '../TextLink.tsx';

const SITE_LINKS = [
  { to: '/clubs', label: 'Directory' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
] as const;

export function TopBarAccount() {
  const { user, loading } = useAuth();
  const name = useGreetingName();
  // Nothing until the first session check: no flash of Log In for a signed-in visitor.
  if (loading) return <span className="clubs-topbar__account" />;
  if (user) {
    return (
      <TextLink to="/dashboard" className="clubs-topbar__welcome">
        Welcome, {name}
      </TextLink>
    );
  }
  return (
    <Flex gap="xs" className="clubs-topbar__account">
      <Button as={Link} to="/login" variation="link">
        Log In
      </Button>
      <Button as={Link} to="/register" variation="primary">
        Sign Up
      </Button>
    </Flex>
  );
}

/** Open state of the phone menu: closes on Escape, on a click outside `area` and on navigation. */
function useMenu() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const area = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page closes the menu
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!area.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
  return { open, toggle: () => setOpen((current) => !current), close: () => setOpen(false), button, area };
}

export function PublicHeader() {
  const menu = useMenu();
  const navId = useId();
  return (
    <header className="clubs-header clubs-topbar" ref={menu.area}>
      <Brand />
      <button
        type="button"
        ref={menu.button}
        className="clubs-topbar__menu"
        aria-expanded={menu.open}
        aria-controls={navId}
        onClick={menu.toggle}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Menu</span>
      </button>
      {/* A followed link closes the menu at once, before the next page's code has arrived. */}
      <nav id={navId} aria-label="Site" className="clubs-topbar__nav" data-open={menu.open}>
        {SITE_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} className="clubs-topbar__link" onClick={menu.close}>
            {link.label}
          </NavLink>
        ))}
      </nav>
      <TopBarAccount />
    </header>
  );
}
