/**
 * The one access check: it reads the route's declaration (shared/src/api/access.ts), loads what
 * the decision needs (the club of the path and the caller's membership, read together; the
 * authored resource when the declaration names one) and hands them to the implementation, which
 * then does not read them again.
 */
import {
  type Access,
  type AccessVerdict,
  type ApiKeyScope,
  type AuthoredResource,
  activeRoleOf,
  type Club,
  type ClubEvent,
  type ClubFacts,
  type Course,
  decideAuthorAccess,
  decideClubAccess,
  isClubAccess,
  type Membership,
} from '@clubs/shared';
import type { Caller, Viewer } from '../caller.ts';
import type { KeyHolder } from '../data/repositories/api-keys.ts';
import { getEvent } from '../data/repositories/calendar-events.ts';
import { getClub } from '../data/repositories/clubs.ts';
import { getComment, type StoredComment } from '../data/repositories/comments.ts';
import { getCourse } from '../data/repositories/courses.ts';
import { getClubWithMembership } from '../data/repositories/member-faces.ts';
import { getPost, type StoredPost } from '../data/repositories/posts.ts';
import { AppError, clubNotActive, forbidden, notFound, unauthorized } from '../errors.ts';
import { identifyApiKey, meterApiKeyCall } from '../services/api-key-auth.ts';

export interface ResourceTypes {
  post: StoredPost;
  comment: StoredComment;
  event: ClubEvent;
  course: Course;
}

/** What the check read, for the implementation. */
export interface Grant {
  club: Club | null;
  /** The caller's membership row in that club as stored (null when none, or no club check). */
  membership: Membership | null;
  resource: ResourceTypes[AuthoredResource] | null;
  /** On club and author routes: the caller as the club sees them, from that membership. */
  viewer: Viewer | null;
  /** On API-key routes: the key of the call, to be metered once the input is read. */
  apiKey: KeyHolder | null;
}

const NOTHING: Grant = { club: null, membership: null, resource: null, viewer: null, apiKey: null };

/**
 * A key reads the club as its owner would (e-mail addresses, event locations) but is nobody in
 * it: its id likes nothing and wrote nothing, so it sees no hidden post or comment.
 */
export const keyViewer = (key: KeyHolder): Viewer => ({ userId: key.keyId, role: 'club_owner' });

type Params = Record<string, unknown>;

const param = (params: Params, name: string): string => {
  const value = params[name];
  // The manifest test guarantees the parameter; a route that lacks it is a programming error.
  if (typeof value !== 'string') throw new Error(`access check: path parameter ${name} missing`);
  return value;
};

const LABELS: Record<AuthoredResource, string> = {
  post: 'Post',
  comment: 'Comment',
  event: 'Event',
  course: 'Course',
};

/** Each resource read within the club of the path, so another club's id is simply not found. */
const LOADERS: {
  [R in AuthoredResource]: (clubId: string, params: Params) => Promise<ResourceTypes[R] | null>;
} = {
  post: (clubId, params) => getPost(clubId, param(params, 'postId')),
  comment: async (clubId, params) => {
    const postId = param(params, 'postId');
    const [post, comment] = await Promise.all([
      getPost(clubId, postId),
      getComment(postId, param(params, 'commentId')),
    ]);
    return post ? comment : null;
  },
  event: (clubId, params) => getEvent(clubId, param(params, 'eventId')),
  course: (clubId, params) => getCourse(clubId, param(params, 'courseId')),
};

const AUTHOR_OF: { [R in AuthoredResource]: (resource: ResourceTypes[R]) => string } = {
  post: (post) => post.authorId,
  comment: (comment) => comment.authorId,
  event: (event) => event.createdBy,
  course: (course) => course.creatorId,
};

function refuse(verdict: Exclude<AccessVerdict, 'allow'>, what: string): never {
  if (verdict === 'not_found') throw notFound(`${what} not found`);
  throw verdict === 'not_active' ? clubNotActive() : forbidden();
}

async function loadResource<R extends AuthoredResource>(
  resource: R,
  clubId: string,
  params: Params,
): Promise<{ value: ResourceTypes[R]; authorId: string } | null> {
  const value = await LOADERS[resource](clubId, params);
  return value ? { value, authorId: AUTHOR_OF[resource](value) } : null;
}

/**
 * A call with a club's API key: the key (401 without one, 403 without the scope; its rate is
 * counted once the input is read, route-handler.ts) and then the club of the path, which must be the key's own and active; any other club is
 * not found, so a key learns nothing of clubs not its own.
 */
async function checkApiKey(scope: ApiKeyScope, authorization: string | undefined, params: Params) {
  const key = await identifyApiKey(authorization, scope);
  const clubId = param(params, 'clubId');
  if (key.clubId !== clubId) throw notFound('Club not found');
  const club = await getClub(clubId);
  if (club?.status !== 'active') throw notFound('Club not found');
  return { ...NOTHING, club, viewer: keyViewer(key), apiKey: key };
}

/**
 * Counts a key's call in its minute (429 once it is used up), after the call's input was read;
 * nothing for a call without a key.
 */
export async function meterGrant(grant: Grant): Promise<void> {
  if (grant.apiKey) await meterApiKeyCall(grant.apiKey);
}

export async function checkAccess(
  access: Access,
  method: string,
  auth: Caller | null,
  params: Params,
  authorization?: string,
): Promise<Grant> {
  if (access.kind === 'public') return NOTHING;
  if (access.kind === 'api_key') return checkApiKey(access.scope, authorization, params);
  if (!auth) throw unauthorized();
  if (access.kind === 'signed_in') return NOTHING;
  if (access.kind === 'super_admin') {
    if (!auth.isSuperAdmin) throw forbidden();
    return NOTHING;
  }
  if (!isClubAccess(access)) throw new AppError('internal', 'Unknown access declaration');

  const clubId = param(params, 'clubId');
  const { club, membership } = await getClubWithMembership(clubId, auth.userId);
  const facts: ClubFacts = {
    method,
    userId: auth.userId,
    isSuperAdmin: auth.isSuperAdmin,
    club,
    membership,
  };
  const verdict = decideClubAccess(access, facts);
  if (verdict !== 'allow') refuse(verdict, 'Club');
  const viewer: Viewer = { userId: auth.userId, role: activeRoleOf(facts) };
  if (access.kind === 'club') return { club, membership, resource: null, viewer, apiKey: null };

  const loaded = await loadResource(access.resource, clubId, params);
  const authorVerdict = decideAuthorAccess(access, facts, loaded?.authorId ?? null);
  if (authorVerdict !== 'allow') refuse(authorVerdict, LABELS[access.resource]);
  return { club, membership, resource: loaded?.value ?? null, viewer, apiKey: null };
}
