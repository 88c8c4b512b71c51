/** Texts of the sign-in flow (spec part 1 sections 5 and 8). */
export const FIELDS_REQUIRED = 'Please fill in all required fields';
export const LOGIN_FAILED = 'Failed to login. Please check your credentials.';
export const LOGGED_IN = 'Logged in successfully';
export const LOGGED_OUT = 'Logged out successfully';
export const LOGOUT_FAILED = 'Failed to log out';

/** The server's message when there is one, else the generic login failure. */
export const loginErrorMessage = (error: unknown): string =>
  error instanceof Error && error.message.trim() ? error.message : LOGIN_FAILED;
