/**
 * The club home's sidebar: the about text, member count and member faces come
 * from the club item the access check read; upcoming events (from the events' start-time index) and trending posts (by like count,
 * from the likes index: never loading every post) are two bounded queries run together. When the
 * faces kept on the club are out of date (someone joined, left or changed their card), a third
 * query reads a few members with the name and photo stored on their memberships and keeps them on
 * the club for the next visits; only members whose card is not filled yet (a new membership)
 * cost a profile batch and a write, once.
 */
import { CLUB_HOME, type Club, type ClubSidebar } from '@clubs/shared';
import { listEvents } from '../../data/repositories/calendar-events.ts';
import { someActiveMembers } from '../../data/repositories/club-members.ts';
import { memberCardOf } from '../../data/repositories/member-cards.ts';
import { type ClubFaces, facesReadWithClub, keepClubFaces } from '../../data/repositories/member-faces.ts';
import { trendingPosts } from '../../data/repositories/posts.ts';
import { fillCards } from '../member-cards.ts';

/** The faces kept on the club when still valid; otherwise read from the memberships and kept. */
async function memberFaces(clubId: string, kept: ClubFaces | null): Promise<ClubSidebar['members']> {
  if (kept?.faces) return kept.faces;
  const members = await someActiveMembers(clubId, CLUB_HOME.memberAvatars);
  const filled = await fillCards(
    clubId,
    members.flatMap(({ membership, card }) => (card ? [] : [membership.userId])),
  );
  const faces = members.map(({ membership, card }) => ({
    id: membership.userId,
    ...(card ?? filled.get(membership.userId)?.card ?? memberCardOf(null)),
  }));
  if (kept) await keepClubFaces(clubId, { version: kept.version, faces });
  return faces;
}

export async function clubSidebar(club: Club, now = new Date()): Promise<ClubSidebar> {
  const kept = facesReadWithClub(club);
  const [events, trending, members] = await Promise.all([
    listEvents(club.id, { window: 'upcoming', now, limit: CLUB_HOME.upcomingEvents }),
    trendingPosts(club.id, CLUB_HOME.trendingPosts),
    memberFaces(club.id, kept),
  ]);
  return {
    clubId: club.id,
    about: club.description,
    memberCount: club.memberCount,
    upcomingEvents: events.items.map(({ event }) => ({
      id: event.id,
      title: event.title,
      startDate: event.startDate,
      location: event.location,
      thumbnail: event.thumbnail,
    })),
    trendingPosts: trending
      .filter((post) => !post.hidden)
      .map((post) => ({
        id: post.id,
        title: post.title,
        authorName: post.authorName,
        likeCount: post.likeCount,
      })),
    members,
  };
}
