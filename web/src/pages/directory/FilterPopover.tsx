/**
 * The directory's filter popover: 'Recently added (last 30 days)', the
 * club size, Reset (clears both) and Apply Filters (closes the popover). Changes apply at once.
 */
import { Button, CheckboxField, Flex, Heading } from '@aws-amplify/ui-react';
import { type DirectorySize, RECENT_CLUB_DAYS } from '@clubs/shared';
import { ChoiceField } from '../../components/form/ChoiceField.tsx';
import { Popover } from '../../components/overlay/Popover.tsx';
import { SIZE_LABELS } from './filters.ts';

export function FilterPopover({
  recent,
  size,
  onChange,
}: {
  recent: boolean;
  size: DirectorySize;
  onChange: (next: { recent: boolean; size: DirectorySize }) => void;
}) {
  const active = (recent ? 1 : 0) + (size !== 'any' ? 1 : 0);
  return (
    <Popover label="Filters" buttonText={`Filters${active > 0 ? ` (${active})` : ''}`}>
      {(close) => (
        <Flex direction="column" gap="medium">
          <Heading level={2} fontSize="medium">
            Filters
          </Heading>
          <CheckboxField
            name="recent"
            label={`Recently added (last ${RECENT_CLUB_DAYS} days)`}
            checked={recent}
            onChange={(event) => onChange({ recent: event.target.checked, size })}
          />
          <ChoiceField
            legend="Club size"
            name="size"
            value={size}
            options={SIZE_LABELS}
            onChange={(next) => onChange({ recent, size: next })}
          />
          <Flex justifyContent="space-between">
            <Button size="small" onClick={() => onChange({ recent: false, size: 'any' })}>
              Reset
            </Button>
            <Button size="small" variation="primary" onClick={close}>
              Apply Filters
            </Button>
          </Flex>
        </Flex>
      )}
    </Popover>
  );
}
