/**
 * The public top bar (spec part 1 section 2): the brand, a few site links, and either Log In and
 * Sign Up or 'Welcome, {name}' (the name rule of shared/display.ts) linking to /dashboard.
 */
import { Flex } from '@aws-amplify/ui-react';
import { Link, NavLink } from 'react-router-dom';
import { useGreetingName } from '../../api/hooks.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { Brand } from '../Brand.tsx';

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
      <Link to="/dashboard" className="amplify-link clubs-topbar__welcome">
        Welcome, {name}
      </Link>
    );
  }
  return (
    <Flex gap="small" className="clubs-topbar__account">
      <Link to="/login" className="amplify-button amplify-button--link">
        Log In
      </Link>
      <Link to="/register" className="amplify-button amplify-button--primary">
        Sign Up
      </Link>
    </Flex>
  );
}

export function PublicHeader() {
  return (
    <header className="clubs-header clubs-topbar">
      <Brand />
      <nav aria-label="Site" className="clubs-topbar__nav">
        {SITE_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} className="clubs-topbar__link">
            {link.label}
          </NavLink>
        ))}
      </nav>
      <TopBarAccount />
    </header>
  );
}
