/**
 * A list's filter as a row of small buttons, one a choice, the chosen one pressed (aria-pressed)
 * and drawn as the primary button; the group is named by `label`.
 */
import { Button, Flex } from '@aws-amplify/ui-react';

export function FilterButtons<Value extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: Value;
  /** Each choice's value and its button's text, in order. */
  choices: readonly (readonly [Value, string])[];
  onChange: (value: Value) => void;
}) {
  return (
    <Flex role="group" gap="xs" aria-label={label}>
      {choices.map(([choice, text]) => (
        <Button
          key={choice}
          size="small"
          variation={value === choice ? 'primary' : undefined}
          aria-pressed={value === choice}
          onClick={() => onChange(choice)}
        >
          {text}
        </Button>
      ))}
    </Flex>
  );
}
