/**
 * The one header of the signed-in app, outside and inside a club: on the left what the page
 * belongs to (the Clubs brand, or the club's logo and name with the sidebar toggle), on the right
 * any page actions (a club's Admin Controls) and the person: name and avatar linking to
 * /dashboard, Profile, Settings and Log out. Below 720 px the person's links fold behind a Menu
 * button (PhoneMenu, as on the public site), so a phone's header stays one line. The chat button
 * (ChatButton) and the bell (NotificationBell) stay beside it at every width.
 */
import { Button } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useGreetingName, useMe } from '../api/me.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useLogout } from '../auth/useLogout.ts';
import { Brand } from './Brand.tsx';
import { ChatButton } from './chat/ChatButton.tsx';
import { PersonAvatar } from './clubs/ClubAvatar.tsx';
import { PhoneMenu } from './menu/PhoneMenu.tsx';
import { usePhoneMenu } from './menu/usePhoneMenu.ts';
import { NotificationBell } from './notifications/NotificationBell.tsx';
import { TextLink } from './TextLink.tsx';
import './app-header.css';

function UserNav() {
  const { user } = useAuth();
  const me = useMe();
  const logout = useLogout();
  const name = useGreetingName();
  const menu = usePhoneMenu<HTMLDivElement>();
  if (!user) return null;
  // The area is the links' own box (display: contents): a press anywhere else closes the menu.
  return (
    <div ref={menu.area} className="clubs-header__menu">
      <ChatButton />
      <NotificationBell />
      <PhoneMenu menu={menu} label="Account" className="clubs-header__account">
        <Link to="/dashboard" className="clubs-header__person" onClick={menu.close}>
          {/* The avatar is drawn from the full name, as everywhere else the person appears. */}
          <PersonAvatar
            name={me.data?.fullName.trim() || name}
            url={me.data?.avatarUrl ?? null}
            size={32}
            decorative
          />
          <span className="clubs-header__name">{name}</span>
        </Link>
        <TextLink to="/profile" onClick={menu.close}>
          Profile
        </TextLink>
        <TextLink to="/settings" onClick={menu.close}>
          Settings
        </TextLink>
        <Button size="small" onClick={() => void logout()}>
          Log out
        </Button>
      </PhoneMenu>
    </div>
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
