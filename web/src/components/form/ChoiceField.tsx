import { Radio, RadioGroupField } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';

interface ChoiceFieldProps<Value extends string> {
  legend: string;
  legendHidden?: boolean;
  name: string;
  direction?: 'row' | 'column';
  value: Value;
  /** The choices in order: each value with its label. */
  options: Record<NoInfer<Value>, ReactNode>;
  onChange(value: NoInfer<Value>): void;
}

/**
 * Radio buttons choosing one of a few string values, one for each key of `options`. `onChange`
 * gets the value as a `Value`: a radio only ever reports the value it was given.
 */
export function ChoiceField<Value extends string>({ options, onChange, ...group }: ChoiceFieldProps<Value>) {
  return (
    <RadioGroupField {...group} onChange={(event) => onChange(event.target.value as Value)}>
      {(Object.keys(options) as Value[]).map((key) => (
        <Radio key={key} value={key}>
          {options[key]}
        </Radio>
      ))}
    </RadioGroupField>
  );
}
