/**
 * Account Settings' "Two-factor authentication": whether an authenticator app (TOTP) is asked for
 * at sign-in, adding one (its QR code, the secret to type in instead, then a code it shows to
 * confirm), and turning it off. A super admin whose deployment requires it, and who has none yet,
 * is told here that the admin pages open once it is on. Refusals and failures stay on the form
 * (announced); successes are toasts.
 */
import { Alert, Button, Flex, Image, Loader, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import type { TotpSetup } from '../../../auth/types.ts';
import { CodeField } from '../../../components/form/fields.tsx';
import { useForm } from '../../../components/form/useForm.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { totpStatusKey, useTotpStatus } from '../api.ts';
import { useTotpCodeForm } from './SignInCodeForm.tsx';

export const TWO_FACTOR_ON = 'Two-factor authentication is on';
export const TWO_FACTOR_OFF = 'Two-factor authentication is off';
export const SUPER_ADMIN_NEEDS_MFA =
  'Your super admin access needs two-factor authentication. Set up an authenticator app below: the admin pages open once it is on.';
const TRY_AGAIN = 'Please try again.';

/** The otpauth:// URI as an SVG QR code (a data URL); null until drawn or when it cannot be. */
function useQrCode(uri: string): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    // The QR code library is only downloaded by someone adding an app.
    import('qrcode')
      .then((qr) => qr.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => current && setImage(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch((error: unknown) => console.error('QR code not drawn', error)); // the secret is shown anyway
    return () => {
      current = false;
    };
  }, [uri]);
  return image;
}

function SetupForm({
  setup,
  onDone,
  onCancel,
}: {
  setup: TotpSetup;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { confirmTotpSetup } = useAuth();
  const qr = useQrCode(setup.uri);
  const form = useTotpCodeForm({
    send: confirmTotpSetup,
    onSuccess: onDone,
    failure: (error) => messageOf(error, TRY_AGAIN),
    label: 'Authenticator app confirmation',
  });
  return (
    <Flex as="form" direction="column" gap="medium" onSubmit={form.submit} noValidate aria-label="Add an app">
      <Text>
        Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy, ...), or type the
        secret into it. Then enter the 6-digit code it shows.
      </Text>
      {qr ? <Image src={qr} alt="QR code for your authenticator app" width="12rem" height="12rem" /> : null}
      <Text>
        Secret: <code data-testid="totp-secret">{setup.secret}</code>
      </Text>
      <Text fontSize="small" color="font.secondary" style={{ overflowWrap: 'anywhere' }}>
        Setup link: <code>{setup.uri}</code>
      </Text>
      <CodeField label="Code from the app" {...form.codeField} />
      {form.alert}
      <Flex gap="small" wrap="wrap">
        <Button type="submit" variation="primary" isDisabled={form.busy}>
          {form.busy ? 'Verifying...' : 'Verify and turn on'}
        </Button>
        <Button type="button" onClick={onCancel} isDisabled={form.busy}>
          Cancel
        </Button>
      </Flex>
    </Flex>
  );
}

export function TwoFactorSection() {
  const { user, startTotpSetup, disableTotp } = useAuth();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const status = useTotpStatus();
  const changed = (title: string) => {
    start.clear();
    turnOff.clear();
    setSetup(null);
    void queryClient.invalidateQueries({ queryKey: totpStatusKey(user?.sub) });
    toast({ title, variant: 'success' });
  };
  // A failure stays above the button that failed (announced), titled with what failed.
  const failed = (heading: string) => (error: unknown) => ({
    heading,
    message: messageOf(error, TRY_AGAIN),
    fields: [],
  });
  const start = useForm({
    send: () => startTotpSetup(),
    onSuccess: setSetup,
    failure: failed('Could not start the setup'),
    label: 'Authenticator app setup',
  });
  const turnOff = useForm({
    send: () => disableTotp(),
    onSuccess: () => changed(TWO_FACTOR_OFF),
    failure: failed('Could not turn two-factor authentication off'),
    label: 'Turning two-factor authentication off',
  });

  const notice = user?.superAdminNeedsMfa ? (
    <Alert variation="warning" role="status" heading="Two-factor authentication required">
      {SUPER_ADMIN_NEEDS_MFA}
    </Alert>
  ) : null;

  if (setup) {
    return (
      <Flex direction="column" gap="medium">
        {notice}
        <SetupForm setup={setup} onDone={() => changed(TWO_FACTOR_ON)} onCancel={() => setSetup(null)} />
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="medium" aria-label="Two-factor authentication" as="section">
      {notice}
      {status.isPending ? (
        <Loader aria-label="Checking two-factor authentication" />
      ) : status.isError ? (
        <Alert variation="error" role="alert" heading="Could not read your two-factor settings">
          {messageOf(status.error, TRY_AGAIN)}{' '}
          <Button size="small" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : status.data ? (
        <>
          <Text>
            <strong>On.</strong> Every sign-in with your password asks for a code from your authenticator app.
          </Text>
          {turnOff.alert}
          <Button
            onClick={() => turnOff.submit()}
            isDisabled={turnOff.busy}
            alignSelf="flex-start"
            variation="destructive"
          >
            {turnOff.busy ? 'Turning off...' : 'Turn off two-factor authentication'}
          </Button>
        </>
      ) : (
        <>
          <Text>
            <strong>Off.</strong> Add an authenticator app: every sign-in with your password will then also
            ask for the 6-digit code it shows.
          </Text>
          {start.alert}
          <Button
            variation="primary"
            onClick={() => start.submit()}
            isDisabled={start.busy}
            alignSelf="flex-start"
          >
            {start.busy ? 'Starting...' : 'Set up authenticator app'}
          </Button>
        </>
      )}
    </Flex>
  );
}
