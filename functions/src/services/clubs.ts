import {
  type Club,
  type DirectoryQuery,
  FEATURED_CLUB_COUNT,
  type PublicClub,
  RECENT_CLUB_DAYS,
  searchTerms,
  toPublicClub,
} from '@clubs/shared';
import { countPageView } from '../data/club-stats.ts';
import { searchWords } from '../data/directory-index.ts';
import type { Page } from '../data/query.ts';
import { getClub, sampleClubsByStatus } from '../data/repositories/clubs.ts';
import { listDirectory, searchDirectory } from '../data/repositories/directory.ts';
import { notFound } from '../errors.ts';
import { logger } from '../logger.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The directory: active clubs only, newest first, by tab, size, recency and
 * search words. Without words it is one list partition; with words, one term partition.
 */
export async function directory(query: DirectoryQuery, now: number = Date.now()): Promise<Page<PublicClub>> {
  const filter = {
    tab: query.tab,
    size: query.size,
    ...(query.recent ? { since: new Date(now - RECENT_CLUB_DAYS * DAY_MS).toISOString() } : {}),
  };
  const page = { limit: query.limit, ...(query.cursor ? { cursor: query.cursor } : {}) };
  const words = query.q ? searchWords(query.q) : [];
  const found = await (words.length === 0
    ? listDirectory(filter, page)
    : searchDirectory(words, searchTerms(query.q ?? ''), filter, page));
  return { ...found, items: found.items.map(toPublicClub) };
}

/**
 * A club's public page. Only active clubs are public: an unpaid, pending or inactive club
 * answers exactly like a missing one, so the route reveals nothing about it.
 */
/**
 * One active club. A read of its public page (`pageView`) also counts a visit in its analytics,
 * written beside the read rather than after it (the write is conditioned on the club being active,
 * so no id makes items appear), and never fails the read.
 */
export async function getPublicClub(clubId: string, pageView = false): Promise<PublicClub> {
  const [club] = await Promise.all([
    getClub(clubId),
    pageView
      ? countPageView(clubId, new Date()).catch((error: unknown) =>
          logger.error('club page view not counted', { clubId, error: String(error) }),
        )
      : null,
  ]);
  if (club?.status !== 'active') throw notFound('Club not found');
  return toPublicClub(club);
}

/** Clubs read per featured sample: the 3 shown are drawn from this many neighbours. */
const FEATURED_WINDOW = 12;

/** Three random active clubs. */
export async function featuredClubs(random: () => number = Math.random): Promise<PublicClub[]> {
  const candidates = await sampleClubsByStatus('active', FEATURED_WINDOW, random);
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [candidates[i], candidates[j]] = [candidates[j] as Club, candidates[i] as Club];
  }
  return candidates.slice(0, FEATURED_CLUB_COUNT).map(toPublicClub);
}
