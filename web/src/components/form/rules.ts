/**
 * Form rules come from the shared zod schemas the API and Cognito's policy use, so a form never
 * keeps a second copy of a length or an address shape; the forms only choose the order in which
 * rules are checked and the words that explain them.
 */
import { PASSWORD_MIN_LENGTH, passwordSchema } from '@clubs/shared';

interface Schema {
  safeParse(value: unknown): { success: boolean };
}

/** Whether the shared schema takes the value as the form has it. */
export const accepts = (schema: Schema, value: unknown): boolean => schema.safeParse(value).success;

/** Why the shared password schema refuses a new password (in the form's words), or null. */
export function passwordProblem(password: string, texts: { short: string; long: string }): string | null {
  if (accepts(passwordSchema, password)) return null;
  return password.length < PASSWORD_MIN_LENGTH ? texts.short : texts.long;
}
