import { SearchField } from '@aws-amplify/ui-react';

/** The clubs search box of the directory and the dashboards: filters as the person types. */
export function ClubSearch({
  value,
  onChange,
  grow = false,
}: {
  value: string;
  onChange: (value: string) => void;
  /** Take the row's free width (beside the directory's filters). */
  grow?: boolean;
}) {
  return (
    <SearchField
      label="Search clubs"
      labelHidden
      placeholder="Search clubs..."
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onClear={() => onChange('')}
      hasSearchButton={false}
      {...(grow ? { flex: '1', minWidth: '14rem' } : {})}
    />
  );
}
