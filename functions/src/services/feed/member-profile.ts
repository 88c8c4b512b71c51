/**
 * A member's profile page (`/members/{userId}`): shown only to a signed-in person who shares an
 * active club with them (both active members; an owner always is one), with those clubs and
 * their recent posts there. Anyone else learns nothing: 'not found', as for nobody.
 */
import { MEMBER_PROFILE_RECENT_POSTS, type MemberProfile, type Membership, publicName } from '@clubs/shared';
import { getClubs } from '../../data/repositories/clubs.ts';
import { listMembershipsOfUser } from '../../data/repositories/memberships.ts';
import { recentPostsByAuthor } from '../../data/repositories/posts.ts';
import { getProfiles } from '../../data/repositories/profiles.ts';
import { notFound } from '../../errors.ts';
import { seesItem } from './viewer.ts';

/** Posts read from the author index to find the recent ones in shared clubs. */
const RECENT_POSTS_READ = 50;

const memberNotFound = () => notFound('Member not found');

export async function memberProfile(viewerId: string, userId: string): Promise<MemberProfile> {
  const [theirs, mine] = await Promise.all([
    listMembershipsOfUser(userId, 'active'),
    viewerId === userId ? Promise.resolve([] as Membership[]) : listMembershipsOfUser(viewerId, 'active'),
  ]);
  const mineIds = new Set((viewerId === userId ? theirs : mine).map((m) => m.clubId));
  const candidates = theirs.filter((m) => mineIds.has(m.clubId));
  if (candidates.length === 0) throw memberNotFound();
  const [clubs, profiles, posts] = await Promise.all([
    getClubs(candidates.map((m) => m.clubId)),
    getProfiles([userId]),
    recentPostsByAuthor(userId, RECENT_POSTS_READ),
  ]);
  const shared = clubs.filter((club) => club.status === 'active');
  const profile = profiles.get(userId);
  if (shared.length === 0) throw memberNotFound();
  const roles = new Map(candidates.map((m) => [m.clubId, m.role]));
  const clubNames = new Map(shared.map((club) => [club.id, club.name]));
  return {
    id: userId,
    // A member always has a profile once signed in; a bare name covers one that was never made.
    name: profile ? publicName(profile) : 'Member',
    avatarUrl: profile?.avatarUrl ?? null,
    bio: profile?.bio ?? '',
    location: profile?.location ?? '',
    sharedClubs: shared.map((club) => ({
      id: club.id,
      name: club.name,
      logoUrl: club.logoUrl,
      role: roles.get(club.id) ?? 'club_member',
    })),
    recentPosts: posts
      .filter((post) => clubNames.has(post.clubId) && seesItem(post, { userId: viewerId }))
      .slice(0, MEMBER_PROFILE_RECENT_POSTS)
      .map((post) => ({
        id: post.id,
        clubId: post.clubId,
        clubName: clubNames.get(post.clubId) ?? '',
        title: post.title,
        content: post.content,
        type: post.type,
        likeCount: post.likeCount,
        commentCount: post.commentCount,
        createdAt: post.createdAt,
      })),
  };
}
