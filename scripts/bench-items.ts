/**
 * The items benchmarks load, made by the repositories' own item functions so that a benchmark
 * reads exactly what the product stores. Import this after the environment is set (runBench's
 * measure does): the functions' modules read it when they load.
 */

import { eventItem } from '@clubs/functions/data/repositories/calendar-events';
import { clubItem } from '@clubs/functions/data/repositories/clubs';
import { membershipItem } from '@clubs/functions/data/repositories/memberships';
import type { StoredPost } from '@clubs/functions/data/repositories/posts';
import type { Club } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { ulid } from 'ulid';
import { DAY, MINUTE } from './bench-support.ts';

/**
 * An active club with its owner and its active members, named `Member {i}` on their membership
 * (the card the sidebar and leaderboard read).
 */
export function clubWithMembers(club: Club, memberIds: readonly string[]): Record<string, unknown>[] {
  const membership = (userId: string, role: 'club_owner' | 'club_member') =>
    membershipItem({ clubId: club.id, userId, role, status: 'active', createdAt: club.createdAt });
  return [
    { ...clubItem(club), indexVersion: 0 },
    membership(club.ownerId, 'club_owner'),
    ...memberIds.map((userId, i) => ({
      ...membership(userId, 'club_member'),
      memberCard: { name: `Member ${i}`, avatarUrl: null },
    })),
  ];
}

/**
 * clubWithMembers, and a profile for the owner and each member with an address to mail
 * (`member-{i}@clubs.bench`), as notifications read them.
 */
export function clubWithMailableMembers(club: Club, memberIds: readonly string[]): Record<string, unknown>[] {
  const profile = (id: string, i: number) => ({
    ...keys.profile(id),
    type: 'profile',
    id,
    email: `member-${i}@clubs.bench`,
    fullName: `Member ${i}`,
    bio: '',
    location: '',
    avatarUrl: null,
    createdAt: club.createdAt,
  });
  return [
    ...clubWithMembers(club, memberIds),
    profile(club.ownerId, -1),
    ...memberIds.map((id, i) => profile(id, i)),
  ];
}

/** Post `i` of a club: a text post by `authorId` (`Member {authorIndex}`), with its like count. */
export function textPost(
  club: Club,
  i: number,
  author: { id: string; index: number },
  likeCount: number,
  at: number,
): StoredPost {
  return {
    id: ulid(at),
    clubId: club.id,
    authorId: author.id,
    authorName: `Member ${author.index}`,
    authorAvatar: null,
    title: `Post ${i}`,
    content: `The text of post ${i}.`,
    type: 'text',
    media: [],
    isPinned: false,
    likeCount,
    commentCount: 0,
    createdAt: new Date(at).toISOString(),
  };
}

/** An hour-long online event a day apart for each of the next five days, made by the owner. */
export function upcomingEvents(club: Club, now: number): Record<string, unknown>[] {
  return [1, 2, 3, 4, 5].map((days) => {
    const start = new Date(now + days * DAY);
    return eventItem({
      id: ulid(),
      clubId: club.id,
      title: `Event in ${days} days`,
      description: '',
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 60 * MINUTE).toISOString(),
      location: 'Online',
      attendeeCount: 0,
      createdBy: club.ownerId,
      thumbnail: null,
    });
  });
}
