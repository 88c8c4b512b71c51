/**
 * The directory's filter popover: its button shows how many filters are on; its fields
 * (FilterFields.tsx) are a chunk of their own, fetched when the pointer or focus comes to the
 * button and shown when it opens, so the directory's first load carries no Amplify component.
 */
import type { DirectorySize } from '@clubs/shared';
import { lazy, Suspense } from 'react';
import { Popover } from '../../../components/overlay/Popover.tsx';
import { PlainLoader } from '../../../components/public/amplify-look.tsx';

export type FilterChoice = {
  recent: boolean;
  size: DirectorySize;
  onChange: (next: { recent: boolean; size: DirectorySize }) => void;
};

const loadFields = () => import('./FilterFields.tsx');
const FilterFields = lazy(loadFields);

export function FilterPopover(choice: FilterChoice) {
  const active = (choice.recent ? 1 : 0) + (choice.size !== 'any' ? 1 : 0);
  return (
    <Popover
      label="Filters"
      buttonText={`Filters${active > 0 ? ` (${active})` : ''}`}
      onIntent={() => void loadFields()}
    >
      {(close) => (
        <Suspense fallback={<PlainLoader label="Loading filters" />}>
          <FilterFields {...choice} close={close} />
        </Suspense>
      )}
    </Popover>
  );
}
