/**
 * Posts announced live that the reader's feed does not show yet, per club: the feed offers them
 * in its "N new posts" pill instead of inserting them under the reader's eyes.
 */
import { useSyncExternalStore } from 'react';

const pending = new Map<string, readonly string[]>();
const listeners = new Set<() => void>();
const EMPTY: readonly string[] = [];

const changed = () => {
  for (const listener of [...listeners]) listener();
};

export function addNewPost(clubId: string, postId: string): void {
  const current = pending.get(clubId) ?? EMPTY;
  if (current.includes(postId)) return;
  pending.set(clubId, [...current, postId]);
  changed();
}

/** Forgets a club's new posts (shown, or the feed was read again anyway). */
export function clearNewPosts(clubId: string): void {
  if (!pending.has(clubId)) return;
  pending.delete(clubId);
  changed();
}

/** Forgets one (deleted before it was shown). */
export function dropNewPost(clubId: string, postId: string): void {
  const current = pending.get(clubId);
  if (!current?.includes(postId)) return;
  const rest = current.filter((id) => id !== postId);
  if (rest.length > 0) pending.set(clubId, rest);
  else pending.delete(clubId);
  changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The ids of the club's posts announced but not shown yet. */
export function useNewPosts(clubId: string): readonly string[] {
  return useSyncExternalStore(
    subscribe,
    () => pending.get(clubId) ?? EMPTY,
    () => EMPTY,
  );
}
