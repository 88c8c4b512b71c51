/**
 * The directory's filters as URL search parameters (q, tab, size, recent), so Back, reload and
 * shared links show the same list.
 */
import { DIRECTORY_SIZES, DIRECTORY_TABS, type DirectorySize, type DirectoryTab } from '@clubs/shared';

export interface DirectoryFilters {
  q: string;
  tab: DirectoryTab;
  size: DirectorySize;
  recent: boolean;
}

export const NO_FILTERS: DirectoryFilters = { q: '', tab: 'all', size: 'any', recent: false };

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function filtersFrom(params: URLSearchParams): DirectoryFilters {
  return {
    q: params.get('q') ?? '',
    tab: oneOf(DIRECTORY_TABS, params.get('tab'), 'all'),
    size: oneOf(DIRECTORY_SIZES, params.get('size'), 'any'),
    recent: params.get('recent') === 'true',
  };
}

export function paramsFrom(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q);
  if (filters.tab !== 'all') params.set('tab', filters.tab);
  if (filters.size !== 'any') params.set('size', filters.size);
  if (filters.recent) params.set('recent', 'true');
  return params;
}

export const SIZE_LABELS: Record<DirectorySize, string> = {
  any: 'Any size',
  small: 'Small (< 10 members)',
  medium: 'Medium (10-50 members)',
  large: 'Large (50+ members)',
};
