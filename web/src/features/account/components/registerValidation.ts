/**
 * The registration form's checks, in the spec's order: all four fields, then
 * matching passwords, then the terms; then the shared schemas' rules for the password (its
 * length), the e-mail address and the name. The first failing check is the one shown, on the
 * fields it is about.
 */
import { registrationSchema } from '@clubs/shared';
import {
  ACCEPT_TERMS,
  FILL_ALL_FIELDS,
  INVALID_EMAIL,
  PASSWORD_RULE,
  PASSWORDS_DO_NOT_MATCH,
} from '../../../auth/messages.ts';
import { accepts, passwordProblem } from '../../../components/form/rules.ts';
import { type Problem, problem, requireAll } from '../../../components/form/useForm.tsx';

export interface RegistrationForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export const NAME_TOO_LONG = 'Please enter a shorter name.';

export function validateRegistration(form: RegistrationForm): Problem | null {
  // Passwords count as given even when they are spaces: Cognito takes them as they are.
  const missing = requireAll(FILL_ALL_FIELDS, {
    name: form.name.trim(),
    email: form.email.trim(),
    password: form.password,
    confirmPassword: form.confirmPassword,
  });
  if (missing) return missing;
  if (form.password !== form.confirmPassword) return problem(PASSWORDS_DO_NOT_MATCH, 'confirmPassword');
  if (!form.acceptTerms) return problem(ACCEPT_TERMS, 'terms');
  const broken = passwordProblem(form.password, PASSWORD_RULE);
  if (broken) return problem(broken, 'password');
  if (!accepts(registrationSchema.shape.email, form.email)) return problem(INVALID_EMAIL, 'email');
  if (!accepts(registrationSchema.shape.name, form.name)) return problem(NAME_TOO_LONG, 'name');
  return null;
}
