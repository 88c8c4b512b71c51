/**
 * A club's search: the results of a query by cursor, never cached for a later visit (the index
 * follows writes, so an old answer may already be out of date).
 */
import { useApiPages } from '../../api/hooks.ts';

export const useClubSearch = (clubId: string, q: string, enabled = true) =>
  useApiPages('searchClub', { params: { clubId }, query: { q } }, { gcTime: 0, enabled });
