/**
 * The fields several forms share, worded and wired the same everywhere: the code Cognito
 * e-mails (sign-up, password reset, a new address) and a new password with its confirmation.
 * Each takes what `bindField` (or a hand-bound field) gives it: name, value, change handler,
 * disabled state and the problem marks.
 */
import { PasswordField, TextField } from '@aws-amplify/ui-react';
import { PASSWORD_MIN_LENGTH } from '@clubs/shared';
import type { ChangeEvent } from 'react';
import type { FieldErrorProps } from './useForm.tsx';

/** A text field's wiring as a form binds it (see `bindField`). */
export interface FieldBinding extends FieldErrorProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  isRequired?: boolean;
  isDisabled: boolean;
}

/** The one-time code from an e-mail: digits, offered by the browser from the message. */
export function CodeField({ label = 'Verification code', ...binding }: FieldBinding & { label?: string }) {
  return <TextField label={label} autoComplete="one-time-code" inputMode="numeric" {...binding} />;
}

/**
 * A new password (the shared length rule said under it) and its confirmation, labelled
 * "{label}" and "Confirm {label}"; `show` names the first one's show-password button.
 */
export function NewPasswordFields({
  label,
  show,
  password,
  confirm,
}: {
  label: 'Password' | 'New Password';
  show: string;
  password: FieldBinding;
  confirm: FieldBinding;
}) {
  return (
    <>
      <PasswordField
        label={label}
        autoComplete="new-password"
        descriptiveText={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        showPasswordButtonLabel={show}
        {...password}
      />
      <PasswordField
        label={`Confirm ${label}`}
        autoComplete="new-password"
        showPasswordButtonLabel="Show confirmation"
        {...confirm}
      />
    </>
  );
}
