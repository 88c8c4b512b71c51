import { Button, Flex } from '@aws-amplify/ui-react';
import { displayName } from '@clubs/shared';
import { Link } from 'react-router-dom';
import { useAuth } from '../auth/AuthProvider.tsx';
import { useLogout } from '../auth/useLogout.ts';

/** The signed-in person's corner of a header: name (to /dashboard), account links, Log out. */
export function UserNav() {
  const { user } = useAuth();
  const logout = useLogout();
  if (!user) return null;
  return (
    <Flex as="nav" aria-label="Account" alignItems="center" gap="medium" wrap="wrap">
      <Link to="/dashboard" className="amplify-link">
        {displayName({ name: user.name, email: user.email })}
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
