/**
 * The second step of a sign-in for someone with an authenticator app: the 6-digit code it shows.
 * A missing or malformed code is refused on the form; a wrong or expired one shows Cognito's
 * reason there (announced, the field marked). "Back" starts the sign-in again.
 */
import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { loginErrorMessage } from '../../../auth/messages.ts';
import { CodeField } from '../../../components/form/fields.tsx';
import { bindField, problem, useForm } from '../../../components/form/useForm.tsx';
import { AuthForm } from './AuthCard.tsx';

export const ENTER_SIGN_IN_CODE = 'Please enter the 6-digit code from your authenticator app';

/** A TOTP code: six digits (spaces people copy along are ignored). */
export const totpCodeOf = (value: string): string | null => {
  const digits = value.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};

/**
 * A form that sends one authenticator-app code: refused on the form unless it is 6 digits, a
 * failure's message shown there about the code field (`failure` words it).
 */
export function useTotpCodeForm(options: {
  send: (code: string) => Promise<void>;
  onSuccess: () => void;
  failure: (error: unknown) => string;
  label: string;
}) {
  const [code, setCode] = useState('');
  const form = useForm({
    check: () => (totpCodeOf(code) ? null : problem(ENTER_SIGN_IN_CODE, 'code')),
    send: () => options.send(totpCodeOf(code) ?? ''),
    onSuccess: options.onSuccess,
    failure: (error) => problem(options.failure(error), 'code'),
    label: options.label,
  });
  return { ...form, codeField: bindField(form.fieldProps, form.busy)('code', code, setCode) };
}

export function SignInCodeForm({ onSignedIn, onBack }: { onSignedIn: () => void; onBack: () => void }) {
  const { confirmSignInCode } = useAuth();
  const form = useTotpCodeForm({
    send: confirmSignInCode,
    onSuccess: onSignedIn,
    failure: loginErrorMessage,
    label: 'Sign-in code',
  });
  return (
    <AuthForm
      label="Sign-in code"
      title="Two-factor authentication"
      intro="Enter the 6-digit code your authenticator app shows for Clubs."
      introRole="status"
      alert={form.alert}
      onSubmit={() => form.submit()}
    >
      <CodeField label="Authentication code" {...form.codeField} />
      <Button type="submit" variation="primary" isDisabled={form.busy} isFullWidth>
        {form.busy ? 'Verifying...' : 'Verify'}
      </Button>
      <Button type="button" variation="link" onClick={onBack} isDisabled={form.busy}>
        Back to login
      </Button>
    </AuthForm>
  );
}
