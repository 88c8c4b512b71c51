/**
 * The leaderboard. Points are kept per member and period in order on
 * the points index (data/repositories/points.ts), so a page is one query there plus one batch of
 * the rows' cards and all-time points (their level): the same few requests for 100 members or
 * 10,000. "The last 7 days" on UTC day T counts the likes of days T-6 to T, read from the window
 * item ending on T; at midnight UTC the next window, already summed by every like of the six days
 * before, takes over. Ranks are shared by equal points (1, 2, 2, 4).
 */
import {
  LEADERBOARD_RANK_BUDGET,
  type Leaderboard,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type LeaderboardStanding,
  levelOf,
  type Membership,
} from '@clubs/shared';
import * as z from 'zod';
import { InvalidCursorError } from '../data/errors.ts';
import { type PersonPoints, pointsAndCards } from '../data/repositories/leaderboard-rows.ts';
import { type MemberCard, memberCardOf } from '../data/repositories/member-cards.ts';
import { ALL_TIME, countAbove, periodKey, topPoints, utcDay } from '../data/repositories/points.ts';
import { getProfiles } from '../data/repositories/profiles.ts';
import { fillCards } from './member-cards.ts';

/**
 * The leaderboard's cursor: the points index's own cursor and where the page before ended (its
 * last row's position, rank and points), so a tie across pages keeps its shared rank. It is
 * parsed like any input; a forged position can only mislabel the ranks of the forger's own page.
 */
const rankedCursorSchema = z.strictObject({
  after: z.string().min(1).max(900),
  position: z.number().int().min(1).max(10_000_000),
  rank: z.number().int().min(1).max(10_000_000),
  points: z.number().int().min(0),
});
type RankedCursor = z.infer<typeof rankedCursorSchema>;

function decodeRankedCursor(cursor: string | undefined): RankedCursor | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed = rankedCursorSchema.safeParse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    if (parsed.success && parsed.data.rank <= parsed.data.position) return parsed.data;
  } catch {
    // Not JSON: refused below like any other malformed cursor.
  }
  throw new InvalidCursorError();
}

const encodeRankedCursor = (cursor: RankedCursor): string =>
  Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

/**
 * The cards of people whose card is missing: members' cards are filled from their profiles and
 * kept (once); someone who has left the club keeps their points and shows their profile's name.
 */
async function completeCards(
  clubId: string,
  people: Map<string, PersonPoints>,
): Promise<Map<string, MemberCard>> {
  const cards = new Map<string, MemberCard>();
  const unfilled: string[] = [];
  const departed: string[] = [];
  for (const [userId, person] of people) {
    if (person.card) cards.set(userId, person.card);
    else (person.isMember ? unfilled : departed).push(userId);
  }
  const [filled, profiles] = await Promise.all([
    fillCards(clubId, unfilled),
    departed.length > 0 ? getProfiles(departed) : new Map(),
  ]);
  for (const [userId, { card }] of filled) cards.set(userId, card);
  for (const userId of departed) cards.set(userId, memberCardOf(profiles.get(userId) ?? null));
  return cards;
}

function entryOf(
  rank: number,
  userId: string,
  points: number,
  allTime: number,
  card: MemberCard,
): LeaderboardEntry {
  const level = levelOf(allTime);
  return {
    rank,
    userId,
    name: card.name,
    avatar: card.avatarUrl,
    points,
    level,
    badges: [`Level ${level}`],
  };
}

/** A page of a period's rankings, most points first, by cursor. */
export async function leaderboardPage(
  clubId: string,
  query: { period: LeaderboardPeriod; limit: number; cursor?: string },
  now = new Date(),
): Promise<Leaderboard> {
  const period = periodKey(query.period, utcDay(now));
  const before = decodeRankedCursor(query.cursor);
  const read = await topPoints(clubId, period, { limit: query.limit, cursor: before?.after });
  const ids = read.items.map((item) => item.userId);
  const people = await pointsAndCards(clubId, ids, period === ALL_TIME ? [] : [ALL_TIME]);
  const cards = await completeCards(clubId, people);

  let last = before ?? { position: 0, rank: 1, points: Number.NaN };
  const items = read.items.map(({ userId, points }) => {
    const position = last.position + 1;
    const rank = points === last.points ? last.rank : position;
    last = { position, rank, points };
    const allTime = period === ALL_TIME ? points : (people.get(userId)?.points.get(ALL_TIME) ?? 0);
    return entryOf(rank, userId, points, allTime, cards.get(userId) ?? memberCardOf(null));
  });
  const nextCursor =
    read.nextCursor && items.length > 0 ? encodeRankedCursor({ after: read.nextCursor, ...last }) : null;
  return { period: query.period, items, nextCursor };
}

/**
 * The caller's own row: their points in the period and all time with their card (one batch),
 * and their rank from a count of the members above them, bounded by LEADERBOARD_RANK_BUDGET.
 */
export async function leaderboardStanding(
  clubId: string,
  userId: string,
  membership: Membership | null,
  periodName: LeaderboardPeriod,
  now = new Date(),
): Promise<LeaderboardStanding> {
  if (membership?.status !== 'active') return { period: periodName, me: null, rankBeyond: null };
  const period = periodKey(periodName, utcDay(now));
  const people = await pointsAndCards(clubId, [userId], [...new Set([period, ALL_TIME])]);
  const person = people.get(userId);
  const points = person?.points.get(period) ?? 0;
  const [above, cards] = await Promise.all([
    countAbove(clubId, period, points, LEADERBOARD_RANK_BUDGET),
    completeCards(clubId, people),
  ]);
  const allTime = person?.points.get(ALL_TIME) ?? 0;
  return {
    period: periodName,
    me: entryOf(above.count + 1, userId, points, allTime, cards.get(userId) ?? memberCardOf(null)),
    rankBeyond: above.more ? LEADERBOARD_RANK_BUDGET : null,
  };
}
