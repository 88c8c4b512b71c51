/**
 * The public top bar: the brand, a few site links, and either Log In and Sign Up or, for a
 * signed-in person, 'Welcome, {name}' (the name rule of shared/display.ts) linking to /dashboard,
 * Profile and Log out. The public pages, the directory and a club's public page show it. Below
 * 720 px the brand and the Menu button share the first row, a signed-in person's links take a row
 * of their own beneath, and the site links fold behind the Menu button (PhoneMenu: Escape or a click elsewhere closes
 * it, Escape giving focus back to the button; following a link closes it).
 */
import { NavLink } from 'react-router-dom';
import { useGreetingName } from '../../api/me.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useLogout } from '../../auth/useLogout.ts';
import { Brand } from '../Brand.tsx';
import { PhoneMenu } from '../menu/PhoneMenu.tsx';
import { usePhoneMenu } from '../menu/usePhoneMenu.ts';
import { TextLink } from '../TextLink.tsx';
import { LinkButton, PlainButton } from './amplify-look.tsx';
import './topbar.css';

const SITE_LINKS = [
  { to: '/clubs', label: 'Directory' },
  { to: '/features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
] as const;

const ACCOUNT_GAP = 'var(--amplify-space-xs)';

/** Log In and Sign Up, or the signed-in person's links; plain elements in Amplify's look (amplify-look.tsx). */
export function TopBarAccount() {
  const { user, loading } = useAuth();
  const name = useGreetingName();
  const logout = useLogout();
  if (user) {
    return (
      <div
        className="amplify-flex clubs-topbar__account clubs-topbar__account--signed-in"
        style={{ gap: 'var(--amplify-space-medium)', alignItems: 'center' }}
      >
        <TextLink to="/dashboard" className="clubs-topbar__welcome">
          Welcome, {name}
        </TextLink>
        <TextLink to="/profile">Profile</TextLink>
        <PlainButton variation="link" onClick={() => void logout()}>
          Log out
        </PlainButton>
      </div>
    );
  }
  // Until the first session check the buttons hold their place unseen (and so unannounced): no
  // flash of Log In for a signed-in visitor, and for everyone else nothing moves when they appear.
  // The entry documents draw the page in this state (web/build/entry-documents.ts); a visitor the
  // boot already knows to be signed out sees them at once, before the app starts (src/main.tsx, topbar.css).
  return (
    <div
      className="amplify-flex clubs-topbar__account"
      style={loading ? { visibility: 'hidden', gap: ACCOUNT_GAP } : { gap: ACCOUNT_GAP }}
    >
      <LinkButton to="/login" variation="link">
        Log In
      </LinkButton>
      <LinkButton to="/register" variation="primary">
        Sign Up
      </LinkButton>
    </div>
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
