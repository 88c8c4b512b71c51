import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { GoogleMode } from '../../../auth/googleReturn.ts';
import { redirectAfterLogin } from '../../../auth/redirect.ts';
import { useToast } from '../../../components/Toaster.tsx';

/**
 * What the login and sign-up pages share: where the person goes once in (redirectAfterLogin:
 * the `redirect` parameter, else `cameFrom`'s page, else /dashboard), leaving for it with a
 * success toast, and SubmitOrGoogle's Google half with its own busy flag.
 */
export function useSignInPage(mode: GoogleMode, cameFrom?: unknown) {
  const { toast } = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [googleBusy, setGoogleBusy] = useState(false);
  const target = redirectAfterLogin(searchParams, cameFrom);
  const leave = (title: string) => {
    toast({ title, variant: 'success' });
    navigate(target, { replace: true });
  };
  return {
    target,
    searchParams,
    leave,
    google: { mode, target, googleBusy, onGoogleBusyChange: setGoogleBusy },
  };
}
