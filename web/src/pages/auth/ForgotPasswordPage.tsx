/**
 * Password reset through Cognito (spec part 1 section 2 links it from login): ask for a code,
 * then the code and a new password twice. The first step ends the same way whether or not the
 * address has an account, and a wrong address later reads like a wrong code: the page never
 * tells who is registered.
 */

import { Alert, Button, Flex, Heading, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { PASSWORD_MIN_LENGTH } from '@clubs/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '../../api/errors.ts';
import { useAuth } from '../../auth/AuthProvider.tsx';
import {
  FILL_ALL_FIELDS,
  PASSWORD_RESET_DONE,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
  RESET_FAILED,
} from '../../auth/messages.ts';
import { TextLink } from '../../components/TextLink.tsx';
import { useToast } from '../../components/Toaster.tsx';
import { AuthCard } from './AuthCard.tsx';

export const ENTER_EMAIL = 'Please enter your email address.';
export const CODE_SENT = (email: string) =>
  `If an account exists for ${email}, we have sent it a code. Enter the code and your new password below.`;

/** The reset step's checks: every field, matching passwords, then the length rule. */
export function validateReset(code: string, password: string, confirm: string): string | null {
  if (!code.trim() || !password || !confirm) return FILL_ALL_FIELDS;
  if (password !== confirm) return PASSWORDS_DO_NOT_MATCH;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  return null;
}

function ErrorAlert({ message }: { message: string | null }) {
  return message ? (
    <Alert variation="error" role="alert" hasIcon>
      {message}
    </Alert>
  ) : null;
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function sendCode(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (busy) return;
    if (!email.trim()) {
      setError(ENTER_EMAIL);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(email.trim());
      setStep('reset');
      if (!event) toast({ title: 'A new code is on its way.', variant: 'success' });
    } catch (err) {
      console.error('Password reset request failed', err);
      setError(messageOf(err, RESET_FAILED));
    } finally {
      setBusy(false);
    }
  }

  async function reset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const problem = validateReset(code, password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await confirmPasswordReset(email.trim(), code, password);
      toast({ title: PASSWORD_RESET_DONE, variant: 'success' });
      navigate('/login', { replace: true });
    } catch (err) {
      console.error('Password reset failed', err);
      setError(messageOf(err, RESET_FAILED));
      setBusy(false);
    }
  }

  if (step === 'email') {
    return (
      <AuthCard title="Reset your password">
        <Flex
          as="form"
          direction="column"
          gap="medium"
          onSubmit={sendCode}
          noValidate
          aria-label="Request a code"
        >
          <Heading level={1} fontSize="xxl">
            Reset your password
          </Heading>
          <Text color="font.secondary">
            Enter the email address of your account and we will send you a code to choose a new password.
          </Text>
          <ErrorAlert message={error} />
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            isRequired
            isDisabled={busy}
          />
          <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
            {busy ? 'Sending...' : 'Send Reset Code'}
          </Button>
          <Text textAlign="center">
            Remembered it? <TextLink to="/login">Back to login</TextLink>
          </Text>
        </Flex>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password">
      <Flex
        as="form"
        direction="column"
        gap="medium"
        onSubmit={reset}
        noValidate
        aria-label="Choose a new password"
      >
        <Heading level={1} fontSize="xxl">
          Reset your password
        </Heading>
        <Text color="font.secondary" role="status">
          {CODE_SENT(email.trim())}
        </Text>
        <ErrorAlert message={error} />
        <TextField
          label="Reset code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          isRequired
          isDisabled={busy}
        />
        <PasswordField
          label="New Password"
          name="newPassword"
          autoComplete="new-password"
          descriptiveText="At least 8 characters."
          showPasswordButtonLabel="Show"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          isRequired
          isDisabled={busy}
        />
        <PasswordField
          label="Confirm New Password"
          name="confirmPassword"
          autoComplete="new-password"
          showPasswordButtonLabel="Show confirmation"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          isRequired
          isDisabled={busy}
        />
        <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
          {busy ? 'Resetting...' : 'Reset Password'}
        </Button>
        <Flex justifyContent="space-between" wrap="wrap" gap="small">
          <Button
            type="button"
            variation="link"
            size="small"
            onClick={() => void sendCode()}
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
              setError(null);
              setCode('');
            }}
          >
            Use a different email
          </Button>
        </Flex>
      </Flex>
    </AuthCard>
  );
}
