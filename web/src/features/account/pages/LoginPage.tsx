/**
 * Login: e-mail and password; 'Signing in...' while busy; empty fields
 * give 'Please fill in all required fields'; failure shows the server's message or a generic
 * one, on the form (announced, both fields marked); success goes to the redirect parameter, else where the user came from, else
 * /dashboard. 'Continue with Google' has its own busy label and disables both buttons. Someone
 * with an authenticator app is asked for its code next (SignInCodeForm).
 */
import { Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '../../../auth/AuthProvider.tsx';
import { FIELDS_REQUIRED, LOGGED_IN, loginErrorMessage } from '../../../auth/messages.ts';
import { otherAuthPage } from '../../../auth/redirect.ts';
import { bindField, problem, requireAll, useForm } from '../../../components/form/useForm.tsx';
import { TextLink } from '../../../components/TextLink.tsx';
import { AuthForm } from '../components/AuthCard.tsx';
import { SubmitOrGoogle } from '../components/GoogleButton.tsx';
import { SignInCodeForm } from '../components/SignInCodeForm.tsx';
import { useSignInPage } from '../components/useSignInPage.ts';

export default function LoginPage() {
  const { user, loading, signIn } = useAuth();
  const page = useSignInPage('login', useLocation().state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [codeStep, setCodeStep] = useState(false);
  const signedIn = () => page.leave(LOGGED_IN);
  const form = useForm({
    check: () => requireAll(FIELDS_REQUIRED, { email: email.trim(), password }),
    send: () => signIn(email.trim(), password),
    onSuccess: (outcome) => (outcome.status === 'totpCode' ? setCodeStep(true) : signedIn()),
    failure: (error) => problem(loginErrorMessage(error), 'email', 'password'),
    label: 'Login',
  });
  const { busy, fieldProps } = form;
  const field = bindField(fieldProps, busy);

  // Already signed in (e.g. a second tab or the back button): go straight on.
  if (!loading && user && !busy) return <Navigate to={page.target} replace />;

  if (codeStep) return <SignInCodeForm onSignedIn={signedIn} onBack={() => setCodeStep(false)} />;

  return (
    <AuthForm
      label="Log in"
      title="Welcome back"
      intro="Log in to your account to continue."
      alert={form.alert}
      onSubmit={() => !page.google.googleBusy && form.submit()}
    >
      <TextField label="Email" type="email" autoComplete="email" {...field('email', email, setEmail)} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        // Not "Show password": that would make two elements answer to the label "Password".
        showPasswordButtonLabel="Show"
        {...field('password', password, setPassword)}
      />
      <Flex justifyContent="flex-end">
        <TextLink to="/forgot-password">Forgot password?</TextLink>
      </Flex>
      <SubmitOrGoogle {...page.google} busy={busy} submit={busy ? 'Signing in...' : 'Log In'}>
        Don't have an account? <TextLink to={otherAuthPage('/register', page.searchParams)}>Sign up</TextLink>
      </SubmitOrGoogle>
    </AuthForm>
  );
}
