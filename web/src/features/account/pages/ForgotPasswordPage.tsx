/**
 * Password reset through Cognito, linked from login: ask for a code,
 * then the code and a new password twice. The first step ends the same way whether or not the
 * address has an account, and a wrong address later reads like a wrong code: the page never
 * tells who is registered.
 */

import { Button, Flex, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import {
  FILL_ALL_FIELDS,
  PASSWORD_RESET_DONE,
  PASSWORD_RULE,
  PASSWORDS_DO_NOT_MATCH,
  RESET_FAILED,
} from '../../../auth/messages.ts';
import { CodeField, NewPasswordFields } from '../../../components/form/fields.tsx';
import { passwordProblem } from '../../../components/form/rules.ts';
import { bindField, type Problem, problem, requireAll, useForm } from '../../../components/form/useForm.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { AuthForm } from '../components/AuthCard.tsx';

export const ENTER_EMAIL = 'Please enter your email address.';
export const CODE_SENT = (email: string) =>
  `If an account exists for ${email}, we have sent it a code. Enter the code and your new password below.`;

/** The reset step's checks: every field, matching passwords, then the shared password rule. */
export function validateReset(code: string, password: string, confirm: string): Problem | null {
  const missing = requireAll(FILL_ALL_FIELDS, {
    code: code.trim(),
    newPassword: password,
    confirmPassword: confirm,
  });
  if (missing) return missing;
  if (password !== confirm) return problem(PASSWORDS_DO_NOT_MATCH, 'confirmPassword');
  const broken = passwordProblem(password, PASSWORD_RULE);
  return broken ? problem(broken, 'newPassword') : null;
}

export default function ForgotPasswordPage() {
  const { requestPasswordReset, confirmPasswordReset } = useAuth();
  const { toast } = useToast();
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const request = useForm({
    check: () => requireAll(ENTER_EMAIL, { email: email.trim() }),
    send: () => requestPasswordReset(email.trim()),
    onSuccess: () => {
      if (step === 'reset') toast({ title: 'A new code is on its way.', variant: 'success' });
      setStep('reset');
    },
    failure: (error) => problem(messageOf(error, RESET_FAILED), 'email'),
    label: 'Password reset request',
  });
  const reset = useForm({
    check: () => validateReset(code, password, confirm),
    send: () => confirmPasswordReset(email.trim(), code, password),
    onSuccess: () => {
      toast({ title: PASSWORD_RESET_DONE, variant: 'success' });
      navigate('/login', { replace: true });
    },
    failure: (error) => problem(messageOf(error, RESET_FAILED), 'code'),
    label: 'Password reset',
  });
  const busy = request.busy || reset.busy;
  const requestField = bindField(request.fieldProps, busy);
  const resetField = bindField(reset.fieldProps, busy);

  if (step === 'email') {
    return (
      <AuthForm
        label="Request a code"
        title="Reset your password"
        intro="Enter the email address of your account and we will send you a code to choose a new password."
        alert={request.alert}
        onSubmit={() => request.submit()}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          {...requestField('email', email, setEmail)}
        />
        <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
          {busy ? 'Sending...' : 'Send Reset Code'}
        </Button>
        <Text textAlign="center">
          Remembered it? <TextLink to="/login">Back to login</TextLink>
        </Text>
      </AuthForm>
    );
  }

  return (
    <AuthForm
      label="Choose a new password"
      title="Reset your password"
      intro={CODE_SENT(email.trim())}
      introRole="status"
      alert={request.alert ?? reset.alert}
      onSubmit={() => reset.submit()}
    >
      <CodeField label="Reset code" {...resetField('code', code, setCode)} />
      <NewPasswordFields
        label="New Password"
        show="Show"
        password={resetField('newPassword', password, setPassword)}
        confirm={resetField('confirmPassword', confirm, setConfirm)}
      />
      <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
        {busy ? 'Resetting...' : 'Reset Password'}
      </Button>
      <Flex justifyContent="space-between" wrap="wrap" gap="small">
        <Button
          type="button"
          variation="link"
          size="small"
          onClick={() => request.submit()}
          isDisabled={busy}
        >
          Send a new code
        </Button>
        <Button
          type="button"
          variation="link"
          size="small"
          isDisabled={busy}
          onClick={() => {
            setStep('email');
            reset.clear();
            setCode('');
          }}
        >
          Use a different email
        </Button>
      </Flex>
    </AuthForm>
  );
}
