/**
 * Who is looking at the club space and what they may do there, from what the access check read
 * (the club and the caller's membership row), plus the one mapping of a stored post to what the
 * caller sees (signed media URLs, their like, their actions).
 */
import { isClubManager, type Post, type Profile, publicName } from '@clubs/shared';
import type { Caller, Viewer } from '../../caller.ts';
import type { StoredPost } from '../../data/repositories/posts.ts';
import { signMemberMediaRead } from '../../media/member-media.ts';

export type { Viewer } from '../../caller.ts';

/** Authors delete their own posts and comments; owners and moderators anyone's. */
export const mayDelete = (viewer: Viewer, authorId: string) =>
  authorId === viewer.userId || isClubManager(viewer.role);

/**
 * A hidden post or comment (reported, hidden by a moderator, held for approval) is shown only to
 * its author, marked; everyone else, moderators included, meets it only in the Reports queue.
 */
export const seesItem = (item: { hidden?: unknown; authorId: string }, viewer: Pick<Viewer, 'userId'>) =>
  !item.hidden || item.authorId === viewer.userId;

/** The name and avatar stored with what a person writes (the token's name if no profile yet). */
export function authorFields(auth: Caller, profile: Profile | null) {
  return {
    authorId: auth.userId,
    authorName: publicName(profile ?? { fullName: auth.name }),
    authorAvatar: profile?.avatarUrl ?? null,
  };
}

export async function toPostView(
  post: StoredPost,
  viewer: Viewer,
  liked: boolean,
  now = new Date(),
  level?: number,
): Promise<Post> {
  return {
    id: post.id,
    clubId: post.clubId,
    author: {
      id: post.authorId,
      name: post.authorName,
      avatarUrl: post.authorAvatar,
      ...(level === undefined ? {} : { level }),
    },
    title: post.title,
    content: post.content,
    type: post.type,
    media: await Promise.all(post.media.map((key) => signMemberMediaRead(key, now))),
    isPinned: post.isPinned,
    likeCount: post.likeCount,
    commentCount: post.commentCount,
    likedByMe: liked,
    createdAt: post.createdAt,
    updatedAt: post.updatedAt ?? null,
    actions: {
      canEdit: post.authorId === viewer.userId,
      canDelete: mayDelete(viewer, post.authorId),
      canPin: viewer.role === 'club_owner',
    },
    ...(post.hidden ? { hidden: post.hidden } : {}),
    ...(post.viaApi ? { viaApi: true as const } : {}),
  };
}
