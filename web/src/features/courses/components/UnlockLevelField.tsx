/** A course's unlock level: everyone, or members from level 1 to 9 (owners and moderators always in). */
import { SelectField } from '@aws-amplify/ui-react';
import { MAX_LEVEL } from '@clubs/shared';

const LEVELS = Array.from({ length: MAX_LEVEL }, (_, i) => i + 1);

export function UnlockLevelField({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (level: number | null) => void;
}) {
  return (
    <SelectField
      label="Available to"
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
    >
      <option value="">Everyone</option>
      {LEVELS.map((level) => (
        <option key={level} value={level}>
          Members at Level {level} and up
        </option>
      ))}
    </SelectField>
  );
}
