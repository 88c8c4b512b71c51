/**
 * Account Settings: Email and Password tabs, and Two-factor authentication
 * (TwoFactorSection; opened first for a super admin who needs it). A new e-mail address must differ from
 * the current one and takes effect once the code Cognito sends to it is entered. A new password
 * needs the current one (checked by Cognito), new = confirm and at least 8 characters
 * (PASSWORD_MIN_LENGTH); the button stays disabled until all three are filled. A refusal or a failure
 * stays on its form, announced, with the fields it is about marked; successes are toasts.
 * Below them, how the member hears of their clubs (NotificationPreferenceField; each club may
 * choose differently). Signed out: 'Please log in'.
 */

import { Button, Flex, Heading, PasswordField, Tabs, Text, TextField } from '@aws-amplify/ui-react';
import { emailSchema } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { messageOf } from '../../api/errors.ts';
import { useAction } from '../../api/mutations.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import {
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_MUST_DIFFER,
  EMAIL_UPDATE_FAILED,
  EMAIL_UPDATED,
  NEW_PASSWORD_RULE,
  NEW_PASSWORDS_DO_NOT_MATCH,
  PASSWORD_UPDATE_FAILED,
  PASSWORD_UPDATED,
} from '../../auth/messages.ts';
import { CodeField, NewPasswordFields } from '../../components/form/fields.tsx';
import { accepts, passwordProblem } from '../../components/form/rules.ts';
import { bindField, OPTIONAL, problem, useFormProblem } from '../../components/form/useForm.tsx';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { AccountNotificationPreference } from '../../components/notifications/NotificationPreferenceField.tsx';
import { useToast } from '../../components/Toaster.tsx';
import { PleaseLogIn } from './PleaseLogIn.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import '../../components/public/public.css';
import { routeKey } from '../../api/queryKeys.ts';
import { PageColumn } from '../../components/PageColumn.tsx';

export const ENTER_NEW_EMAIL = 'Please enter your new email address';
const TRY_AGAIN = 'Please try again.';
export const INVALID_NEW_EMAIL = 'Please enter a valid email address';

/** The e-mail tab's checks: present, well-formed (the shared address schema), and different. */
export function emailChangeProblem(current: string, next: string): string | null {
  const value = next.trim();
  if (!value) return ENTER_NEW_EMAIL;
  if (!accepts(emailSchema, value)) return INVALID_NEW_EMAIL;
  if (value.toLowerCase() === current.trim().toLowerCase()) return EMAIL_MUST_DIFFER;
  return null;
}

/** The password tab's checks after the three fields are filled: match, then the shared rule. */
export function passwordChangeProblem(next: string, confirm: string): string | null {
  if (next !== confirm) return NEW_PASSWORDS_DO_NOT_MATCH;
  return passwordProblem(next, NEW_PASSWORD_RULE);
}

function EmailTab() {
  const { user, changeEmail, confirmEmailChange } = useAuth();
  const { toast } = useToast();
  const form = useFormProblem();
  const queryClient = useQueryClient();
  const current = user?.email ?? '';
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState<{ email: string; destination: string | null } | null>(null);
  const [code, setCode] = useState('');

  function finished() {
    form.clear();
    setPending(null);
    setEmail('');
    setCode('');
    // The profile follows the verified address from the new token (GET /api/me).
    void queryClient.invalidateQueries({ queryKey: routeKey('getMe') });
    toast({ title: EMAIL_UPDATED, variant: 'success' });
  }

  // A failure stays on the form (announced), about the field it concerns.
  const failed = (label: string, field: string) => (error: unknown) => {
    console.error(label, error);
    form.show({ heading: EMAIL_UPDATE_FAILED, message: messageOf(error, TRY_AGAIN), fields: [field] });
  };
  const request = useAction({
    mutationFn: (address: string) => changeEmail(address),
    onSuccess: (outcome, address) => {
      if (outcome.status === 'confirmCode') setPending({ email: address, destination: outcome.destination });
      else finished();
    },
    onError: failed('E-mail change failed', 'email'),
  });
  const confirm = useAction({
    mutationFn: (value: string) => confirmEmailChange(value),
    onSuccess: finished,
    onError: failed('E-mail confirmation failed', 'code'),
  });
  const busy = request.isPending || confirm.isPending;
  const field = bindField(form.fieldProps, busy);

  function onRequest(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = emailChangeProblem(current, email);
    form.show(refused ? problem(refused, 'email') : null);
    if (!refused) request.run(email.trim());
  }

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const refused = code.trim() ? null : problem('Please enter the code from the email', 'code');
    form.show(refused);
    if (!refused) confirm.run(code);
  }

  if (pending) {
    return (
      <Flex
        as="form"
        direction="column"
        gap="medium"
        onSubmit={onConfirm}
        noValidate
        aria-label="Confirm your new email"
      >
        <Text role="status">
          We sent a verification code to {pending.destination ?? pending.email}. Enter it to confirm your new
          address. Until then you keep signing in with {current}.
        </Text>
        <CodeField {...field('code', code, setCode, OPTIONAL)} />
        {form.alert}
        <Flex gap="small" wrap="wrap">
          <Button type="submit" variation="primary" isDisabled={busy}>
            {busy ? 'Confirming...' : 'Confirm Email'}
          </Button>
          <Button
            type="button"
            onClick={() => {
              form.clear();
              setPending(null);
            }}
            isDisabled={busy}
          >
            Cancel
          </Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <Flex as="form" direction="column" gap="medium" onSubmit={onRequest} noValidate aria-label="Change email">
      <Text>
        Current email: <strong>{current}</strong>
      </Text>
      <TextField
        label="New Email"
        type="email"
        autoComplete="email"
        descriptiveText="We will send a code to the new address to confirm it."
        {...field('email', email, setEmail, OPTIONAL)}
      />
      {form.alert}
      <Button type="submit" variation="primary" isDisabled={busy} alignSelf="flex-start">
        {busy ? 'Updating...' : 'Update Email'}
      </Button>
    </Flex>
  );
}

function PasswordTab() {
  const { changePassword } = useAuth();
  const { toast } = useToast();
  const form = useFormProblem();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const complete = !!currentPassword && !!newPassword && !!confirmPassword;
  const change = useAction({
    mutationFn: () => changePassword(currentPassword, newPassword),
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      form.clear();
      toast({ title: PASSWORD_UPDATED, variant: 'success' });
    },
    onError: (error) => {
      console.error('Password change failed', error);
      const message = messageOf(error, TRY_AGAIN);
      form.show(
        message === CURRENT_PASSWORD_INCORRECT
          ? problem(message, 'currentPassword')
          : { heading: PASSWORD_UPDATE_FAILED, message, fields: [] },
      );
    },
  });
  const busy = change.isPending;
  const field = bindField(form.fieldProps, busy);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete) return;
    const refused = passwordChangeProblem(newPassword, confirmPassword);
    form.show(refused ? problem(refused, 'newPassword', 'confirmPassword') : null);
    if (!refused) change.run();
  }

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      onSubmit={onSubmit}
      noValidate
      aria-label="Change password"
    >
      <PasswordField
        label="Current Password"
        autoComplete="current-password"
        showPasswordButtonLabel="Show current"
        {...field('currentPassword', currentPassword, setCurrentPassword, OPTIONAL)}
      />
      <NewPasswordFields
        label="New Password"
        show="Show new"
        password={field('newPassword', newPassword, setNewPassword, OPTIONAL)}
        confirm={field('confirmPassword', confirmPassword, setConfirmPassword, OPTIONAL)}
      />
      {form.alert}
      <Button type="submit" variation="primary" isDisabled={busy || !complete} alignSelf="flex-start">
        {busy ? 'Updating...' : 'Update Password'}
      </Button>
    </Flex>
  );
}

export default function AccountSettingsPage() {
  const { user, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  if (!user) return <PleaseLogIn />;
  return (
    <PageColumn width="40rem">
      <Heading level={1}>Account Settings</Heading>
      <Tabs
        defaultValue={user.superAdminNeedsMfa ? 'mfa' : 'email'}
        items={[
          { label: 'Email', value: 'email', content: <EmailTab /> },
          { label: 'Password', value: 'password', content: <PasswordTab /> },
          // Short: three tab labels share one row at 375 px.
          { label: 'Two-factor', value: 'mfa', content: <TwoFactorSection /> },
        ]}
      />
      <Flex
        as="section"
        direction="column"
        gap="small"
        marginTop="xl"
        aria-labelledby="notification-settings"
      >
        <Heading level={2} id="notification-settings">
          Notifications
        </Heading>
        <AccountNotificationPreference />
      </Flex>
    </PageColumn>
  );
}
