/**
 * The account area's reads: whether the signed-in person's sign-in asks for an authenticator
 * app's code (read from Cognito, not the API), cached per person; their chat settings and the
 * people they blocked.
 */
import { LIMITS } from '@clubs/shared';
import { useQuery } from '@tanstack/react-query';
import { useApiQuery } from '../../api/hooks.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';

/** Whether `viewer` has an authenticator app on; adding or turning one off changes it. */
export const totpStatusKey = (viewer: string | undefined) => ['totpEnabled', viewer] as const;

export function useTotpStatus() {
  const { user, totpEnabled } = useAuth();
  return useQuery({ queryKey: totpStatusKey(user?.sub), queryFn: () => totpEnabled() });
}

export const useChatSettings = () => useApiQuery('getChatSettings');

/** The people the caller blocked: one page of the most the API gives (nobody blocks that many). */
export const BLOCKED_QUERY = { query: { limit: LIMITS.pageSizeMax } };
export const useBlockedPeople = () => useApiQuery('listBlockedPeople', BLOCKED_QUERY);
