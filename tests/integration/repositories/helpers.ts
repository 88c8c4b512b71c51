/** Fixtures shared by the repository tests: a club with its owner, and a post in it. */
import { createClubWithOwner } from '@clubs/functions/data/repositories/clubs';
import { createPost, type NewPost } from '@clubs/functions/data/repositories/posts';
import type { Course } from '@clubs/shared';
import { ulid } from 'ulid';
import { clubFixture } from '../../support/fixtures.ts';

export async function newClub() {
  const { club } = await createClubWithOwner(clubFixture());
  return club;
}

export function postFixture(clubId: string, overrides: Partial<NewPost> = {}): NewPost {
  return {
    id: ulid(),
    clubId,
    authorId: ulid(),
    authorName: 'Ada Author',
    authorAvatar: null,
    title: 'Hello',
    content: 'First post',
    type: 'text',
    media: [],
    isPinned: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

export async function newPost(clubId: string, overrides: Partial<NewPost> = {}) {
  const result = await createPost(postFixture(clubId, overrides));
  if (!result.created) throw new Error(`post not created: ${result.reason}`);
  return result.post;
}

export const courseFixture = (clubId: string, overrides: Partial<Course> = {}): Course => ({
  id: ulid(),
  clubId,
  creatorId: ulid(),
  title: 'Yoga basics',
  description: 'Start here',
  level: 'beginner',
  mainTopic: 'yoga',
  targetAudience: 'everyone',
  learningGoals: 'breathe',
  outline: '',
  unlockLevel: null,
  sectionCount: 0,
  createdAt: new Date().toISOString(),
  ...overrides,
});
