/**
 * The public top bar (spec part 1 section 2): the brand, a few site links, and either Log In and
 * Sign Up or 'Welcome, {name}' (the name rule of shared/display.ts) linking to /dashboard. Below
 * 720 px the site links fold behind a Menu button (PhoneMenu: Escape or a click elsewhere closes
 * it, Escape giving focus back to the button; following a link closes it).
 */
import { Button, Flex } from '@aws-amplify/ui-react';
import { Link, NavLink } from 'react-router-dom';
import { useGreetingName } from '../../api/hooks.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { Brand } from '../Brand.tsx';
import { PhoneMenu } from '../menu/PhoneMenu.tsx';
import { usePhoneMenu } from '../menu/usePhoneMenu.ts';
import { TextLink } from '../TextLink.tsx';

const SITE_LINKS = [
  { to: '/clubs', label: 'Directory' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
] as const;

export function TopBarAccount() {
  const { user, loading } = useAuth();
  const name = useGreetingName();
  if (user) {
    return (
      <TextLink to="/dashboard" className="clubs-topbar__welcome">
        Welcome, {name}
      </TextLink>
    );
  }
  // Until the first session check the buttons hold their place unseen: no flash of Log In for a
  // signed-in visitor, and for everyone else nothing moves when they appear (the entry documents
  // draw the page in this state, web/build/entry-documents.ts).
  return (
    <Flex
      gap="xs"
      className="clubs-topbar__account"
      style={loading ? { visibility: 'hidden' } : undefined}
      aria-hidden={loading || undefined}
    >
      <Button as={Link} to="/login" variation="link">
        Log In
      </Button>
      <Button as={Link} to="/register" variation="primary">
        Sign Up
      </Button>
    </Flex>
  );
}

export function PublicHeader() {
  const menu = usePhoneMenu();
  return (
    <header className="clubs-header clubs-topbar" ref={menu.area}>
      <Brand />
      <PhoneMenu menu={menu} label="Site" className="clubs-topbar__nav">
        {SITE_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} className="clubs-topbar__link" onClick={menu.close}>
            {link.label}
          </NavLink>
        ))}
      </PhoneMenu>
      <TopBarAccount />
    </header>
  );
}
