/**
 * The one form hook. A submit first runs the form's check — rules in code (sign-in, registration,
 * contact, ...) or the shared schema the server checks too (`schemaCheck`: the feed's composer, the
 * event dialog), so a person hears of a problem before a round trip — then sends as a TanStack
 * Query mutation through `useAction` (single flight, `busy` while it runs). A refused check or a
 * failed request stays on the form: one message in an alert that screen readers announce
 * (role="alert"), and the fields it is about marked `aria-invalid` and described by it
 * (`aria-describedby`), until the next submit; a form whose failures are toasts answers null.
 */
import { Alert } from '@aws-amplify/ui-react';
import { type ChangeEvent, type FormEvent, useCallback, useId, useState } from 'react';
import { messageOf } from '../../api/errors.ts';
import { useAction } from '../../api/mutations.ts';
import type { ToastInput } from '../Toaster.tsx';

/** A form's one message and the names of the fields it is about (none: the whole form). */
export interface Problem {
  message: string;
  fields: readonly string[];
  /** A title above the message (e.g. what failed, the message saying why). */
  heading?: string;
}

export const problem = (message: string, ...fields: string[]): Problem => ({ message, fields });

/** The names of the fields whose value is empty, in the form's order. */
export const emptyFields = (values: Record<string, string>): string[] =>
  Object.entries(values).flatMap(([name, value]) => (value ? [] : [name]));

/** The required-fields problem when any value is empty, else null. */
export function requireAll(message: string, values: Record<string, string>): Problem | null {
  const missing = emptyFields(values);
  return missing.length > 0 ? problem(message, ...missing) : null;
}

/** What a field of the form wears while a problem names it (Amplify UI fields take all three). */
export interface FieldErrorProps {
  hasError?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** What a text field of a form takes (Amplify UI's TextField, PasswordField and TextAreaField). */
export interface BoundField extends FieldErrorProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  isRequired: boolean;
  isDisabled: boolean;
}

/** `bindField`'s option for a field not marked required (the form's own checks say what is missing). */
export const OPTIONAL = { required: false };

/** For a form whose refusals are toasts: its fields are never marked. */
export const noFieldProblems = (_name: string): FieldErrorProps => ({});

/**
 * Binds text fields to a form: each gets its name and value, a change handler, required unless
 * said otherwise, disabled while the form is busy, and the problem marks of `fieldProps`.
 */
export const bindField =
  (fieldProps: (name: string) => FieldErrorProps, busy: boolean) =>
  (
    name: string,
    value: string,
    onValue: (value: string) => void,
    options: { required?: boolean } = {},
  ): BoundField => ({
    name,
    value,
    onChange: (event) => onValue(event.target.value),
    isRequired: options.required ?? true,
    isDisabled: busy,
    ...fieldProps(name),
  });

function useFormProblem() {
  const alertId = useId();
  const [current, setCurrent] = useState<Problem | null>(null);
  const fieldProps = useCallback(
    (name: string): FieldErrorProps =>
      current?.fields.includes(name)
        ? { hasError: true, 'aria-invalid': true, 'aria-describedby': alertId }
        : {},
    [current, alertId],
  );
  const alert = current ? (
    <Alert id={alertId} variation="error" role="alert" hasIcon heading={current.heading}>
      {current.message}
    </Alert>
  ) : null;
  return { problem: current, show: setCurrent, clear: () => setCurrent(null), fieldProps, alert };
}

/** An issue a shared schema found in a draft, as much of it as a form words. */
export interface DraftIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** A shared zod schema as a form uses it (the web has no zod of its own; @clubs/shared has). */
export interface DraftSchema<Output> {
  safeParse(
    value: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: readonly DraftIssue[] } };
}

/**
 * A check by a shared schema: the draft's first issue, worded by `describe`, as the form's
 * problem about the field the issue's path names; null when the draft passes.
 */
export function schemaCheck<Output>(
  schema: DraftSchema<Output>,
  draft: unknown,
  describe: (issue: DraftIssue | undefined) => string,
): Problem | null {
  const parsed = schema.safeParse(draft);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return problem(describe(issue), ...(issue?.path.length ? [String(issue.path[0])] : []));
}

/**
 * `failure` for a form whose failures are toasts: an error toast titled `title`, saying the API's
 * message or `fallback` (the one rule of `messageOf`), and nothing on the form.
 */
export const toastFailure =
  (toast: (input: ToastInput) => void, title: string, fallback: string) =>
  (error: unknown): null => {
    toast({ title, description: messageOf(error, fallback), variant: 'error' });
    return null;
  };

/** A refusal a form tells in an error toast: the toast now, and the problem for the form's check. */
export function toastRefusal(
  toast: (input: ToastInput) => void,
  refusal: Omit<ToastInput, 'variant'>,
): Problem {
  toast({ ...refusal, variant: 'error' });
  return problem(refusal.description ?? refusal.title);
}

export interface FormOptions<TData> {
  /** The form's checks before anything is sent: the first problem, or null when all pass. */
  check?: () => Problem | null;
  /** The request, with the form's values as they are at this submit. */
  send: () => Promise<TData>;
  onSuccess?: (data: TData) => void;
  /** What a failed request says, and about which fields; null when the form tells it elsewhere (a toast). */
  failure: (error: unknown) => Problem | null;
  /** How the failure is logged to the console. */
  label: string;
  /**
   * While false a submit does nothing, says nothing: the form is not ready to send (a field its
   * button waits for, an upload under way) and already shows why. True unless said.
   */
  ready?: boolean;
}

export function useForm<TData>({ check, send, onSuccess, failure, label, ready = true }: FormOptions<TData>) {
  const form = useFormProblem();
  const { show } = form;
  // The request travels as the mutation's variable, so each submit sends this render's values.
  const action = useAction<TData, () => Promise<TData>>({
    mutationFn: (request) => request(),
    onSuccess: (data) => onSuccess?.(data),
    onError: (error) => {
      console.error(`${label} failed`, error);
      show(failure(error));
    },
  });
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (action.isPending || !ready) return;
    const refused = check?.() ?? null;
    show(refused);
    if (!refused) action.run(send);
  };
  return { ...form, busy: action.isPending, submit };
}
