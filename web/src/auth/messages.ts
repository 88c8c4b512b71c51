import { LIMITS, PASSWORD_MIN_LENGTH } from '@clubs/shared';
import { messageOf } from '../api/errors.ts';

/**
 * Login's texts, word for word: an empty e-mail or password gives FIELDS_REQUIRED.
 */
export const FIELDS_REQUIRED = 'Please fill in all required fields';
export const LOGIN_FAILED = 'Failed to login. Please check your credentials.';
export const LOGGED_IN = 'Logged in successfully';
export const LOGGED_OUT = 'Logged out successfully';
export const LOGOUT_FAILED = 'Failed to log out';

/** The sign-in service's message when it has one, else the generic login failure. */
export const loginErrorMessage = (error: unknown): string => messageOf(error, LOGIN_FAILED);

/**
 * Registration's texts. The form checks that all four fields are filled, then that the passwords
 * match, then the terms, and only then the password, e-mail and name rules (registerValidation.ts).
 */
export const FILL_ALL_FIELDS = 'Please fill in all fields.';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';
export const INVALID_EMAIL = 'Please enter a valid email address.';
export const ACCEPT_TERMS = 'Please accept the terms and conditions.';
/** At least PASSWORD_MIN_LENGTH (8) characters, on purpose more than the original product's 6. */
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_LONG = `Password must be at most ${LIMITS.password} characters.`;
/** The registration and reset forms' words for the shared password rule. */
export const PASSWORD_RULE = { short: PASSWORD_TOO_SHORT, long: PASSWORD_TOO_LONG } as const;
export const REGISTRATION_SUCCESS = 'Registration successful!';
export const REGISTER_FAILED = 'Failed to register. Please try again.';

/**
 * Google sign-in: a failure shows the service's message, else the login or sign-up fallback below
 *.
 */
export const GOOGLE_LOGIN_FAILED = 'Failed to login with Google';
export const GOOGLE_SIGNUP_FAILED = 'Failed to sign up with Google';
export const GOOGLE_NEEDS_DEPLOYMENT = 'Google sign-in needs a deployment';
/**
 * Under the Google button where there is no hosted UI (the local stack): one short line, since the
 * button's toast explains (a longer note, drawn after the page, became the largest text of /login
 * and with it the page's Largest Contentful Paint, a second after the drawn page had painted).
 */
export const GOOGLE_NEEDS_DEPLOYMENT_NOTE = 'Available on a deployed stack.';
export const GOOGLE_NEEDS_DEPLOYMENT_DETAIL =
  "It goes through Cognito's hosted sign-in page, which only a deployed stack has. Locally, use your e-mail and password.";

/** Codes and recovery. */
export const CODE_MISMATCH = 'That code is not right. Please check it and try again.';
export const CODE_EXPIRED = 'That code has expired. Please request a new one.';
export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please wait a few minutes and try again.';
export const EMAIL_IN_USE = 'An account with this email already exists.';
export const RESET_FAILED = 'Failed to reset your password. Please try again.';
export const SIGN_IN_CODE_SESSION_EXPIRED = 'This sign-in has expired. Please log in again.';
export const PASSWORD_RESET_DONE = 'Your password has been reset. Please log in with your new password.';

/**
 * Account settings: a new e-mail address must differ from the current one; a new password must
 * match its confirmation and keep the length rule above.
 */
export const EMAIL_MUST_DIFFER = 'Please enter a different email address';
export const EMAIL_UPDATE_FAILED = 'Failed to update email address';
export const EMAIL_UPDATED = 'Email address updated successfully';
export const NEW_PASSWORDS_DO_NOT_MATCH = "New passwords don't match";
export const NEW_PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
/** Account settings' words for the shared password rule (without the final period, as the spec has it). */
export const NEW_PASSWORD_RULE = {
  short: NEW_PASSWORD_TOO_SHORT,
  long: `Password must be at most ${LIMITS.password} characters`,
} as const;
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const PASSWORD_UPDATE_FAILED = 'Failed to update password';
export const PASSWORD_UPDATED = 'Password updated successfully';

/**
 * Profile's toasts, word for word: for a failed load, a save or a failed one, and the photo upload
 *.
 */
export const PROFILE_LOAD_FAILED = 'Failed to load profile data';
export const PROFILE_UPDATED = 'Profile updated successfully';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const FILE_UPLOADED = 'File uploaded successfully';
export const FILE_UPLOAD_FAILED = 'Failed to upload file';
