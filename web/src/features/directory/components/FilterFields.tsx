/**
 * The fields of the directory's filter popover: 'Recently added (last 30 days)', the club size,
 * Reset (clears both) and Apply Filters (closes the popover). Changes apply at once. A chunk of
 * its own, loaded when the filters are first wanted (FilterPopover.tsx): its Amplify form fields
 * are the only Amplify components of the directory.
 */
import { Button, CheckboxField, Flex, Heading } from '@aws-amplify/ui-react';
import { RECENT_CLUB_DAYS } from '@clubs/shared';
import { ChoiceField } from '../../../components/form/ChoiceField.tsx';
import type { FilterChoice } from './FilterPopover.tsx';
import { SIZE_LABELS } from './filters.ts';

export default function FilterFields({
  recent,
  size,
  onChange,
  close,
}: FilterChoice & { close: () => void }) {
  return (
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
  );
}
