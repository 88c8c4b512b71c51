/**
 * Account Settings: Email and Password tabs, and Two-factor authentication
 * (TwoFactorSection; opened first for a super admin who needs it). A new e-mail address must differ from
 * the current one and takes effect once the code Cognito sends to it is entered. A new password
 * needs the current one (checked by Cognito), new = confirm and at least 8 characters
 * (PASSWORD_MIN_LENGTH); the button stays disabled until all three are filled. A refusal or a failure
 * stays on its form, announced, with the fields it is about marked; successes are toasts.
 * Below them, how the member hears of their clubs (NotificationPreferenceField; each club may
 * choose differently), then Chat (ChatSettingsSection). Signed out: 'Please log in'.
 */

import { Button, Flex, Heading, PasswordField, Tabs, Text, TextField } from '@aws-amplify/ui-react';
import { emailSchema } from '@clubs/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messageOf } from '../../../api/errors.ts';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import {
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_MUST_DIFFER,
  EMAIL_UPDATE_FAILED,
  EMAIL_UPDATED,
  NEW_PASSWORD_RULE,
  NEW_PASSWORDS_DO_NOT_MATCH,
  PASSWORD_UPDATE_FAILED,
  PASSWORD_UPDATED,
} from '../../../auth/messages.ts';
import { CodeField, NewPasswordFields } from '../../../components/form/fields.tsx';
import { accepts, passwordProblem } from '../../../components/form/rules.ts';
import { bindField, OPTIONAL, problem, useForm } from '../../../components/form/useForm.tsx';
import { LoadingScreen } from '../../../components/LoadingScreen.tsx';
import { AccountNotificationPreference } from '../../../components/notifications/NotificationPreferenceField.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { ChatSettingsSection } from '../components/ChatSettingsSection.tsx';
import { PleaseLogIn } from '../components/PleaseLogIn.tsx';
import { TwoFactorSection } from '../components/TwoFactorSection.tsx';
import '../../../components/public/public.css';
import { meKey } from '../../../api/me.ts';
import { PageColumn } from '../../../components/PageColumn.tsx';

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
  const queryClient = useQueryClient();
  const current = user?.email ?? '';
  const [email, setEmail] = useState('');
  const [pending, setPending] = useState<{ email: string; destination: string | null } | null>(null);
  const [code, setCode] = useState('');

  function finished() {
    request.clear();
    confirm.clear();
    setPending(null);
    setEmail('');
    setCode('');
    // The profile follows the verified address from the new token (GET /api/me).
    void queryClient.invalidateQueries({ queryKey: meKey() });
    toast({ title: EMAIL_UPDATED, variant: 'success' });
  }

  // A failure stays on the form (announced), about the field it concerns.
  const failed = (field: string) => (error: unknown) => ({
    heading: EMAIL_UPDATE_FAILED,
    message: messageOf(error, TRY_AGAIN),
    fields: [field],
  });
  const request = useForm({
    check: () => {
      const refused = emailChangeProblem(current, email);
      return refused ? problem(refused, 'email') : null;
    },
    send: async () => {
      const address = email.trim();
      return { address, outcome: await changeEmail(address) };
    },
    onSuccess: ({ address, outcome }) => {
      if (outcome.status === 'confirmCode') setPending({ email: address, destination: outcome.destination });
      else finished();
    },
    failure: failed('email'),
    label: 'E-mail change',
  });
  const confirm = useForm({
    check: () => (code.trim() ? null : problem('Please enter the code from the email', 'code')),
    send: () => confirmEmailChange(code),
    onSuccess: finished,
    failure: failed('code'),
    label: 'E-mail confirmation',
  });
  const busy = request.busy || confirm.busy;

  if (pending) {
    return (
      <Flex
        as="form"
        direction="column"
        gap="medium"
        onSubmit={confirm.submit}
        noValidate
        aria-label="Confirm your new email"
      >
        <Text role="status">
          We sent a verification code to {pending.destination ?? pending.email}. Enter it to confirm your new
          address. Until then you keep signing in with {current}.
        </Text>
        <CodeField {...bindField(confirm.fieldProps, busy)('code', code, setCode, OPTIONAL)} />
        {confirm.alert}
        <Flex gap="small" wrap="wrap">
          <Button type="submit" variation="primary" isDisabled={busy}>
            {busy ? 'Confirming...' : 'Confirm Email'}
          </Button>
          <Button
            type="button"
            onClick={() => {
              confirm.clear();
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
    <Flex
      as="form"
      direction="column"
      gap="medium"
      onSubmit={request.submit}
      noValidate
      aria-label="Change email"
    >
      <Text>
        Current email: <strong>{current}</strong>
      </Text>
      <TextField
        label="New Email"
        type="email"
        autoComplete="email"
        descriptiveText="We will send a code to the new address to confirm it."
        {...bindField(request.fieldProps, busy)('email', email, setEmail, OPTIONAL)}
      />
      {request.alert}
      <Button type="submit" variation="primary" isDisabled={busy} alignSelf="flex-start">
        {busy ? 'Updating...' : 'Update Email'}
      </Button>
    </Flex>
  );
}

function PasswordTab() {
  const { changePassword } = useAuth();
  const { toast } = useToast();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const complete = !!currentPassword && !!newPassword && !!confirmPassword;
  const form = useForm({
    check: () => {
      const refused = passwordChangeProblem(newPassword, confirmPassword);
      return refused ? problem(refused, 'newPassword', 'confirmPassword') : null;
    },
    send: () => changePassword(currentPassword, newPassword),
    onSuccess: () => {
      setCurrentPassword('');
      setNewPassword('');
      setConfirmPassword('');
      toast({ title: PASSWORD_UPDATED, variant: 'success' });
    },
    failure: (error) => {
      const message = messageOf(error, TRY_AGAIN);
      return message === CURRENT_PASSWORD_INCORRECT
        ? problem(message, 'currentPassword')
        : { heading: PASSWORD_UPDATE_FAILED, message, fields: [] };
    },
    label: 'Password change',
    // The button waits for all three fields, and so does Enter.
    ready: complete,
  });
  const busy = form.busy;
  const field = bindField(form.fieldProps, busy);

  return (
    <Flex
      as="form"
      direction="column"
      gap="medium"
      onSubmit={form.submit}
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
      <ChatSettingsSection />
    </PageColumn>
  );
}
