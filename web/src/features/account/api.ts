/**
 * The account area's reads: whether the signed-in person's sign-in asks for an authenticator
 * app's code (read from Cognito, not the API), cached per person.
 */
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthProvider.tsx';

/** Whether `viewer` has an authenticator app on; adding or turning one off changes it. */
export const totpStatusKey = (viewer: string | undefined) => ['totpEnabled', viewer] as const;

export function useTotpStatus() {
  const { user, totpEnabled } = useAuth();
  return useQuery({ queryKey: totpStatusKey(user?.sub), queryFn: () => totpEnabled() });
}
