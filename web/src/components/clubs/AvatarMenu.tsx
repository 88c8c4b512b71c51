/**
 * The dashboard's avatar menu: 'My Account', the user's e-mail
 * (disabled), Profile, Settings and Log out.
 */
import { Divider, Menu, MenuButton, MenuItem, Text } from '@aws-amplify/ui-react';
import { useNavigate } from 'react-router-dom';
import { useGreetingName, useMe } from '../../api/me.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import { useLogout } from '../../auth/useLogout.ts';
import { ClubAvatar } from './ClubAvatar.tsx';
import './clubs.css';

export function AvatarMenu() {
  const { user } = useAuth();
  const me = useMe();
  const name = useGreetingName();
  const navigate = useNavigate();
  const logout = useLogout();
  if (!user) return null;
  const email = me.data?.email ?? user.email;
  const avatarUrl = me.data?.avatarUrl ?? null;
  const fullName = me.data?.fullName || name || email;
  return (
    <Menu
      menuAlign="end"
      trigger={
        <MenuButton variation="link" aria-label="Account menu" padding="0" borderRadius="50%">
          {avatarUrl ? (
            <img className="club-logo" src={avatarUrl} alt="" width={40} height={40} />
          ) : (
            <ClubAvatar name={fullName} size={40} />
          )}
        </MenuButton>
      }
    >
      <Text padding="xs medium" fontWeight="bold">
        My Account
      </Text>
      <MenuItem isDisabled>{email}</MenuItem>
      <Divider />
      <MenuItem onClick={() => void navigate('/profile')}>Profile</MenuItem>
      <MenuItem onClick={() => void navigate('/settings')}>Settings</MenuItem>
      <Divider />
      <MenuItem onClick={() => void logout()}>Log out</MenuItem>
    </Menu>
  );
}
