/**
 * The one header of the signed-in app, outside and inside a club: on the left what the page
 * belongs to (the Clubs brand, or the club's logo and name with the sidebar toggle), on the right
 * any page actions (a club's Admin Controls) and the person: name and avatar linking to
 * /dashboard, Profile, Settings and Log out.
 */
import { Button } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useGreetingName, useMe } from '../api/hooks.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useLogout } from '../auth/useLogout.ts';
import { Brand } from './Brand.tsx';
import { PersonAvatar } from './clubs/ClubAvatar.tsx';
import { TextLink } from './TextLink.tsx';

function UserNav() {
  const { user } = useAuth();
  const me = useMe();
  const logout = useLogout();
  const name = useGreetingName();
  if (!user) return null;
  return (
    <nav aria-label="Account" className="clubs-header__account">
      <Link to="/dashboard" className="clubs-header__person">
        <PersonAvatar name={name} url={me.data?.avatarUrl ?? null} size={32} decorative />
        <span className="clubs-header__name">{name}</span>
      </Link>
      <TextLink to="/profile">Profile</TextLink>
      <TextLink to="/settings">Settings</TextLink>
      <Button size="small" onClick={() => void logout()}>
        Log out
      </Button>
    </nav>
  );
}

export function AppHeader({ identity = <Brand />, actions }: { identity?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="clubs-header clubs-app-header">
      <div className="clubs-app-header__identity">{identity}</div>
      <div className="clubs-app-header__end">
        {actions}
        <UserNav />
      </div>
    </header>
  );
}
