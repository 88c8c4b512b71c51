import { Button, Flex } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import { useGreetingName } from '../api/hooks.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useLogout } from '../auth/useLogout.ts';

/** The signed-in person's corner of a header: name (to /dashboard), account links, Log out. */
export function UserNav() {
  const { user } = useAuth();
  const logout = useLogout();
  const name = useGreetingName();
  if (!user) return null;
  return (
    <Flex as="nav" aria-label="Account" alignItems="center" gap="medium" wrap="wrap">
      <Link to="/dashboard" className="amplify-link">
        {name}
      </Link>
      <Link to="/profile" className="amplify-link">
        Profile
      </Link>
      <Link to="/settings" className="amplify-link">
        Settings
      </Link>
      <Button size="small" onClick={() => void logout()}>
        Log out
      </Button>
    </Flex>
  );
}
