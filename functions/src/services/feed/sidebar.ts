/**
 * The club home's sidebar (part 2 section 2): the about text and member count come from the club
 * the access check read; upcoming events, trending posts (by like count, from the likes index:
 * never loading every post) and a few members are three bounded queries run together, then one
 * batch reads those members' profiles.
 */
import { CLUB_HOME, type Club, type ClubSidebar, userName } from '@clubs/shared';
import { listEvents } from '../../data/repositories/events.ts';
import { someActiveMembers } from '../../data/repositories/memberships.ts';
import { trendingPosts } from '../../data/repositories/posts.ts';
import { getProfiles } from '../../data/repositories/profiles.ts';

export async function clubSidebar(club: Club, now = new Date()): Promise<ClubSidebar> {
  const [events, trending, members] = await Promise.all([
    listEvents(club.id, { window: 'upcoming', now, limit: CLUB_HOME.upcomingEvents }),
    trendingPosts(club.id, CLUB_HOME.trendingPosts),
    someActiveMembers(club.id, CLUB_HOME.memberAvatars),
  ]);
  const profiles = members.length > 0 ? await getProfiles(members.map((m) => m.userId)) : new Map();
  return {
    clubId: club.id,
    about: club.description,
    memberCount: club.memberCount,
    upcomingEvents: events.items.map((event) => ({
      id: event.id,
      title: event.title,
      startDate: event.startDate,
      location: event.location,
      thumbnail: event.thumbnail,
    })),
    trendingPosts: trending.map((post) => ({
      id: post.id,
      title: post.title,
      authorName: post.authorName,
      likeCount: post.likeCount,
    })),
    members: members.map((membership) => {
      const profile = profiles.get(membership.userId);
      return {
        id: membership.userId,
        name: profile ? userName(profile) : 'Member',
        avatarUrl: profile?.avatarUrl ?? null,
      };
    }),
  };
}
