/**
 * The members area's cache: the members list by cursor for the search as typed and the filter
 * chosen (a short pause first, so typing a name is one request, not one a letter), the people
 * removed, the invitations still waiting, and how many requests to join wait for an owner's or
 * moderator's answer (the members page's Pending filter and the club's Members nav item show it;
 * only managers ask, others may not).
 */
import {
  type ClubRole,
  isClubManager,
  type MemberFilter,
  type MemberSearchField,
  type PendingCount,
} from '@clubs/shared';
import { useEffect, useState } from 'react';
import { useApiPages, useApiQuery } from '../../api/hooks.ts';
import { routeKey } from '../../api/queryKeys.ts';

export const MEMBERS_PAGE = 20;
const INVITATIONS_PAGE = 20;
const SEARCH_PAUSE_MS = 250;

/** Every cached members list of the club (all searches), for invalidation after a change. */
export const membersKey = (clubId: string) => routeKey('listClubMembers', { params: { clubId } });

/** Every cached list of the people removed from the club. */
export const removedKey = (clubId: string) => routeKey('listRemovedMembers', { params: { clubId } });

/** What every read of the club's waiting invitations is cached under (sending and revoking change it). */
export const pendingInvitationsKey = (clubId: string) =>
  routeKey('listPendingInvitations', { params: { clubId } });

/** Every cached count (of any club), read again after an approval or a removal. */
export const PENDING_COUNTS_KEY = routeKey('countPendingMembers');

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export function useMembers(
  clubId: string,
  search: string,
  filter: MemberFilter = 'all',
  searchIn: MemberSearchField = 'names',
) {
  const q = useSettled(search.trim());
  return useApiPages(
    'listClubMembers',
    {
      params: { clubId },
      query: {
        limit: MEMBERS_PAGE,
        ...(q ? { q } : {}),
        ...(filter === 'all' ? {} : { filter }),
        ...(q && searchIn === 'answers' ? { searchIn } : {}),
      },
    },
    { keepPrevious: true },
  );
}

export const useRemoved = (clubId: string) =>
  useApiPages('listRemovedMembers', { params: { clubId }, query: { limit: MEMBERS_PAGE } });

export const usePendingInvitations = (clubId: string) =>
  useApiPages('listPendingInvitations', { params: { clubId }, query: { limit: INVITATIONS_PAGE } });

export function usePendingCount(clubId: string, role: ClubRole | null) {
  return useApiQuery('countPendingMembers', { params: { clubId } }, { enabled: isClubManager(role) });
}

/** The count as shown: '3', or '99+' when there are more than counted; null when none wait. */
export const pendingLabel = (pending: PendingCount | undefined): string | null =>
  pending && pending.count > 0 ? `${pending.count}${pending.more ? '+' : ''}` : null;

/** The club's invite link, which the owner shares (the members' invite page and the feed's sidebar). */
export const inviteLinkKey = (clubId: string) => routeKey('getInviteLink', { params: { clubId } });
export const useInviteLink = (clubId: string) => useApiQuery('getInviteLink', { params: { clubId } });

/** Every cached invitation, read again after an acceptance failed (it may have been used or revoked). */
export const INVITATIONS_KEY = routeKey('getInvitation');

/** An invitation as its link shows it; not retried, as a dead link stays dead. */
export const useInvitation = (clubId: string, token: string) =>
  useApiQuery('getInvitation', { params: { clubId, token } }, { retry: false });

export const useMemberProfile = (userId: string) => useApiQuery('getMemberProfile', { params: { userId } });

/**
 * The membership a Stripe Checkout just paid for, as the server knows it: read once `enabled`,
 * then every `pollMs` while it is still pending (never, with `false`).
 */
export const useMembershipCheckout = (clubId: string, enabled: boolean, pollMs: number | false) =>
  useApiQuery(
    'getMembershipCheckout',
    { params: { clubId } },
    {
      enabled: enabled && Boolean(clubId),
      refetchInterval: (query) => (query.state.data?.status === 'pending' ? pollMs : false),
    },
  );

/** While its rows are checked or sent, an import is read again this often. */
const IMPORT_POLL_MS = 1000;
const IMPORT_BUSY = new Set(['checking', 'sending']);

/** What an invitation import is cached under (its upload and its send answer it too). */
export const invitationImportKey = (clubId: string, importId: string) =>
  routeKey('getInvitationImport', { params: { clubId, importId } });

/** An invitation import from a CSV file, read again while its rows are checked or sent. */
export const useInvitationImport = (clubId: string, importId: string | null) =>
  useApiQuery(
    'getInvitationImport',
    { params: { clubId, importId: importId ?? '' } },
    {
      enabled: importId !== null,
      refetchInterval: (query) => (IMPORT_BUSY.has(query.state.data?.status ?? '') ? IMPORT_POLL_MS : false),
    },
  );
