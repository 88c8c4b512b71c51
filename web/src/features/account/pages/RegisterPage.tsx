/**
 * Registration: name, e-mail, password, confirmation and the
 * terms; the first failing check of registerValidation.ts; 'Creating account...' while busy;
 * 'Continue with Google' ('Signing up...'); then the toast 'Registration successful!' and
 * /dashboard (or the `redirect` parameter carried over from login). Errors show inline and clear
 * whenever the location changes.
 *
 * Deployed, Cognito verifies the address first: the page then asks for the e-mailed code (with a
 * resend) and signs the person in once it is right. Locally sign-ups are confirmed at once.
 */

import { Button, CheckboxField, TextField } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { messageOf } from '../../../api/errors.ts';
import { useAction } from '../../../api/mutations.ts';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { EMAIL_IN_USE, REGISTER_FAILED, REGISTRATION_SUCCESS } from '../../../auth/messages.ts';
import { otherAuthPage } from '../../../auth/redirect.ts';
import { CodeField, NewPasswordFields } from '../../../components/form/fields.tsx';
import { bindField, type Problem, problem, requireAll, useForm } from '../../../components/form/useForm.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { useToast } from '../../../components/Toaster.tsx';
import { AuthForm } from '../components/AuthCard.tsx';
import { SubmitOrGoogle } from '../components/GoogleButton.tsx';
import { type RegistrationForm, validateRegistration } from '../components/registerValidation.ts';
import { useSignInPage } from '../components/useSignInPage.ts';

const EMPTY: RegistrationForm = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

export const ENTER_CODE = 'Please enter the code from the email.';

/** A refused sign-up: an address already registered is the e-mail field's problem. */
function registrationFailure(error: unknown): Problem {
  const message = messageOf(error, REGISTER_FAILED);
  return message === EMAIL_IN_USE ? problem(message, 'email') : problem(message);
}

function ConfirmCode({
  form,
  destination,
  onConfirmed,
}: {
  form: RegistrationForm;
  destination: string | null;
  onConfirmed(): void;
}) {
  const { confirmSignUp, resendSignUpCode } = useAuth();
  const { toast } = useToast();
  const [code, setCode] = useState('');
  const confirm = useForm({
    check: () => requireAll(ENTER_CODE, { code: code.trim() }),
    send: () =>
      confirmSignUp({ name: form.name.trim(), email: form.email.trim(), password: form.password, code }),
    onSuccess: onConfirmed,
    failure: (error) => problem(messageOf(error, REGISTER_FAILED), 'code'),
    label: 'Confirmation',
  });
  const resend = useAction({
    mutationFn: () => resendSignUpCode(form.email.trim()),
    onSuccess: () => toast({ title: 'A new code is on its way.', variant: 'success' }),
    onError: (error) =>
      confirm.show(problem(messageOf(error, 'Could not send a new code. Please try again.'))),
  });
  const busy = confirm.busy || resend.isPending;
  const confirmField = bindField(confirm.fieldProps, busy);

  return (
    <AuthForm
      label="Confirm your email"
      title="Check your email"
      intro={
        <>
          We sent a verification code to {destination ?? form.email.trim()}. Enter it to finish creating your
          account.
        </>
      }
      alert={confirm.alert}
      onSubmit={() => confirm.submit()}
    >
      <CodeField {...confirmField('code', code, setCode, { required: false })} />
      <Button type="submit" variation="primary" isFullWidth isDisabled={busy}>
        {confirm.busy ? 'Verifying...' : 'Verify and continue'}
      </Button>
      <Button type="button" variation="link" onClick={() => resend.run()} isDisabled={busy}>
        Send a new code
      </Button>
    </AuthForm>
  );
}

export default function RegisterPage() {
  const { user, loading, signUp } = useAuth();
  const page = useSignInPage('signup');
  const location = useLocation();
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  const [confirming, setConfirming] = useState<{ destination: string | null } | null>(null);
  const done = () => page.leave(REGISTRATION_SUCCESS);

  const registration = useForm({
    check: () => validateRegistration(form),
    send: () => signUp({ name: form.name.trim(), email: form.email.trim(), password: form.password }),
    onSuccess: (outcome) => {
      if (outcome.status === 'confirmCode') setConfirming({ destination: outcome.destination });
      else done();
    },
    failure: registrationFailure,
    label: 'Registration',
  });
  const { busy, fieldProps, clear } = registration;
  const field = bindField(fieldProps, busy);

  // The inline error belongs to the page it was shown on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change by design
  useEffect(() => clear(), [location.key]);

  if (!loading && user && !busy && !confirming) return <Navigate to={page.target} replace />;

  const set =
    <K extends keyof RegistrationForm>(key: K) =>
    (value: RegistrationForm[K]) =>
      setForm((current) => ({ ...current, [key]: value }));

  if (confirming) {
    return <ConfirmCode form={form} destination={confirming.destination} onConfirmed={done} />;
  }

  return (
    <AuthForm
      label="Sign up"
      title="Create your account"
      intro="Join Clubs to find your circle, or start your own."
      alert={registration.alert}
      onSubmit={() => !page.google.googleBusy && registration.submit()}
    >
      <TextField label="Full Name" autoComplete="name" {...field('name', form.name, set('name'))} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        {...field('email', form.email, set('email'))}
      />
      <NewPasswordFields
        label="Password"
        show="Show"
        password={field('password', form.password, set('password'))}
        confirm={field('confirmPassword', form.confirmPassword, set('confirmPassword'))}
      />
      <CheckboxField
        name="terms"
        value="accepted"
        checked={form.acceptTerms}
        onChange={(e) => set('acceptTerms')(e.target.checked)}
        isDisabled={busy}
        {...fieldProps('terms')}
        label={
          <span>
            I agree to the{' '}
            <TextLink to="/terms" target="_blank" rel="noopener">
              Terms of Service
            </TextLink>{' '}
            and{' '}
            <TextLink to="/privacy" target="_blank" rel="noopener">
              Privacy Policy
            </TextLink>
          </span>
        }
      />
      <SubmitOrGoogle {...page.google} busy={busy} submit={busy ? 'Creating account...' : 'Create Account'}>
        Already have an account? <TextLink to={otherAuthPage('/login', page.searchParams)}>Log in</TextLink>
      </SubmitOrGoogle>
    </AuthForm>
  );
}
