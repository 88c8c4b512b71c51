/**
 * 'Continue with Google': Amplify's signInWithRedirect to the hosted UI,
 * returning to the page the visitor was heading for. Without a hosted UI (the local stack) the
 * button says that Google sign-in needs a deployment, and nothing leaves the page.
 */

import { Button, Divider, Text } from '@aws-amplify/ui-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { type GoogleMode, rememberGoogleReturn, takeGoogleReturn } from '../../../auth/googleReturn.ts';
import {
  GOOGLE_LOGIN_FAILED,
  GOOGLE_NEEDS_DEPLOYMENT,
  GOOGLE_NEEDS_DEPLOYMENT_DETAIL,
  GOOGLE_NEEDS_DEPLOYMENT_NOTE,
  GOOGLE_SIGNUP_FAILED,
} from '../../../auth/messages.ts';
import { useToast } from '../../../components/Toaster.tsx';

export function GoogleButton({
  mode,
  target,
  busy,
  disabled,
  onBusyChange,
}: {
  mode: GoogleMode;
  /** Where to go after signing in. */
  target: string;
  busy: boolean;
  /** The page is busy with something else. */
  disabled: boolean;
  onBusyChange(busy: boolean): void;
}) {
  const { googleSignInAvailable, signInWithGoogle } = useAuth();
  const { toast } = useToast();
  const [available, setAvailable] = useState<boolean | null>(null);
  const noteId = useId();

  useEffect(() => {
    let active = true;
    googleSignInAvailable()
      .then((value) => active && setAvailable(value))
      .catch(() => active && setAvailable(false));
    return () => {
      active = false;
    };
  }, [googleSignInAvailable]);

  async function onClick() {
    if (busy || disabled) return;
    if (!(await googleSignInAvailable().catch(() => false))) {
      toast({ title: GOOGLE_NEEDS_DEPLOYMENT, description: GOOGLE_NEEDS_DEPLOYMENT_DETAIL, variant: 'info' });
      return;
    }
    onBusyChange(true);
    rememberGoogleReturn(target, mode);
    try {
      await signInWithGoogle(); // the browser leaves for Google
    } catch (error) {
      takeGoogleReturn();
      console.error('Google sign-in failed', error);
      toast({
        title: messageOf(error, mode === 'signup' ? GOOGLE_SIGNUP_FAILED : GOOGLE_LOGIN_FAILED),
        variant: 'error',
      });
      onBusyChange(false);
    }
  }

  return (
    <>
      <Button
        type="button"
        isFullWidth
        isDisabled={busy || disabled}
        onClick={() => void onClick()}
        aria-describedby={available === false ? noteId : undefined}
      >
        {busy ? (mode === 'signup' ? 'Signing up...' : 'Signing in...') : 'Continue with Google'}
      </Button>
      {available === false ? (
        <Text id={noteId} fontSize="small" color="font.secondary" textAlign="center">
          {GOOGLE_NEEDS_DEPLOYMENT_NOTE}
        </Text>
      ) : null}
    </>
  );
}

/**
 * The end of the login and sign-up forms: the form's submit button, 'or', Google, and the line
 * to the other form. Either way of signing in disables the other while it is busy.
 */
export function SubmitOrGoogle({
  mode,
  target,
  busy,
  googleBusy,
  onGoogleBusyChange,
  submit,
  children,
}: {
  mode: GoogleMode;
  target: string;
  /** The form's own request is under way. */
  busy: boolean;
  googleBusy: boolean;
  onGoogleBusyChange(busy: boolean): void;
  /** The submit button's words (its busy words while `busy`). */
  submit: string;
  /** The line to the other form. */
  children: ReactNode;
}) {
  return (
    <>
      <Button type="submit" variation="primary" isDisabled={busy || googleBusy} isFullWidth>
        {submit}
      </Button>
      <Divider label="or" size="small" />
      <GoogleButton
        mode={mode}
        target={target}
        busy={googleBusy}
        disabled={busy}
        onBusyChange={onGoogleBusyChange}
      />
      <Text textAlign="center">{children}</Text>
    </>
  );
}
