/**
 * The registration form's checks, in the spec's order (part 1 section 5): all four fields, then
 * matching passwords, then the terms; then the length rule (at least PASSWORD_MIN_LENGTH, 8)
 * and a well-formed e-mail address. The first failing check's message is the one shown.
 */
import { PASSWORD_MIN_LENGTH } from '@clubs/shared';
import {
  ACCEPT_TERMS,
  FILL_ALL_FIELDS,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
} from '../../auth/messages.ts';

export interface RegistrationForm {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: boolean;
}

export const INVALID_EMAIL = 'Please enter a valid email address.';

/** Letters before and after one "@", a dot in the domain: what type="email" would also ask. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateRegistration(form: RegistrationForm): string | null {
  if (!form.name.trim() || !form.email.trim() || !form.password || !form.confirmPassword)
    return FILL_ALL_FIELDS;
  if (form.password !== form.confirmPassword) return PASSWORDS_DO_NOT_MATCH;
  if (!form.acceptTerms) return ACCEPT_TERMS;
  if (form.password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (!EMAIL_SHAPE.test(form.email.trim())) return INVALID_EMAIL;
  return null;
}
