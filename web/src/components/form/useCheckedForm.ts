import { type FormEvent, useState } from 'react';

/** An issue a shared schema found in a draft, as much of it as a form words. */
export interface DraftIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** A shared zod schema as a form uses it (the web has no zod of its own; @clubs/shared has). */
interface DraftSchema<Output> {
  safeParse(
    value: unknown,
  ): { success: true; data: Output } | { success: false; error: { issues: readonly DraftIssue[] } };
}

/**
 * A form that its shared schema checks before it is sent (the feed's composer, the event
 * dialog), since the server checks the same schema and the person should hear of a problem
 * before a round trip; forms with rules of their own use `useForm`. `submit(draft, send)`
 * handles the form's submit event: the draft's first issue becomes the form's problem (worded by
 * `describe`), else the problem clears and `send` gets the parsed draft. `setProblem` shows a
 * failed request's message in the same place.
 */
export function useCheckedForm<Output>(
  schema: DraftSchema<Output>,
  describe: (issue: DraftIssue | undefined) => string,
) {
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (draft: () => unknown, send: (data: Output) => void) => (event: FormEvent) => {
    event.preventDefault();
    const parsed = schema.safeParse(draft());
    setProblem(parsed.success ? null : describe(parsed.error.issues[0]));
    if (parsed.success) send(parsed.data);
  };
  return { problem, setProblem, submit };
}
