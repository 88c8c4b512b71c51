/**
 * Who may call a route, declared once on its manifest entry (route-definition.ts) in the
 * product's terms, and the one decision that reads that declaration. The API (the access step of
 * functions/src/http/route-handler.ts) enforces it, the gateways know from it whether a token is
 * needed, and the security suite predicts every identity's answer from it.
 */
import type { ApiKeyScope } from '../domain/api-key.ts';
import type { Membership } from '../domain/membership.ts';
import {
  type ClubRole,
  hasPermission,
  isClubManager,
  type Permission,
  SUPER_ADMIN_GROUP,
} from '../permissions.ts';

/**
 * A caller's standing in the club of the path: any active member (the owner and moderators
 * included), a manager (owner or moderator), the owner, or the holder of a named permission of
 * the permissions table (through the role of an active membership).
 */
export type ClubStanding = 'member' | 'manager' | 'owner' | Permission;

/**
 * Whether a super admin passes a club check without the standing: 'none' (only as any other
 * person would), 'read' (on GET routes: overseeing without acting) or 'act'.
 */
export type SuperAdminReach = 'none' | 'read' | 'act';

/** Things people write in a club, whose author may act on them (e.g. edit their own post). */
export const AUTHORED_RESOURCES = ['post', 'comment', 'event', 'course'] as const;
export type AuthoredResource = (typeof AUTHORED_RESOURCES)[number];

/** The path parameters (besides clubId) that name each authored resource. */
export const RESOURCE_PARAMS: Readonly<Record<AuthoredResource, readonly string[]>> = {
  post: ['postId'],
  comment: ['postId', 'commentId'],
  event: ['eventId'],
  course: ['courseId'],
};

export type Access =
  /** Anyone, signed in or not; the implementation decides what an anonymous caller sees. */
  | { readonly kind: 'public' }
  /** Any signed-in person, acting on their own things (their profile, their join request). */
  | { readonly kind: 'signed_in' }
  /** Only a super admin. */
  | { readonly kind: 'super_admin' }
  /** A standing in the club of the `{clubId}` path parameter. */
  | { readonly kind: 'club'; readonly who: ClubStanding; readonly superAdmin: SuperAdminReach }
  /**
   * The author of the resource named by the path (which must belong to the club of the path),
   * or anyone with the `or` standing (e.g. a manager deleting someone's post). The author must
   * still be an active member.
   */
  | {
      readonly kind: 'author';
      readonly resource: AuthoredResource;
      readonly or: ClubStanding | null;
      readonly superAdmin: SuperAdminReach;
    }
  /**
   * A club's API key (`Authorization: Bearer clubs_...`, never a person's token) holding the
   * scope, for the club of the `{clubId}` path: a key of another club learns nothing (404).
   */
  | { readonly kind: 'api_key'; readonly scope: ApiKeyScope };

/** Declarations whose check needs the club of the path. */
export type ClubAccess = Extract<Access, { kind: 'club' | 'author' }>;

export const isClubAccess = (access: Access): access is ClubAccess =>
  access.kind === 'club' || access.kind === 'author';

/**
 * Whether the route needs a verified Cognito token before anything else runs (API Gateway's
 * authorizer); a route for API keys passes the header on, and the function checks the key.
 */
export const needsToken = (access: Access): boolean => access.kind !== 'public' && access.kind !== 'api_key';

/**
 * The Cognito group the API itself requires before the route's function runs (API Gateway's group
 * authorizer, and the local gateway alike), or null: super-admin routes are refused at the edge to
 * anyone outside the group, and the function checks again.
 */
export const requiredGroup = (access: Access): typeof SUPER_ADMIN_GROUP | null =>
  access.kind === 'super_admin' ? SUPER_ADMIN_GROUP : null;

/** What the club check knows: the club as stored, the caller and their membership row. */
export interface ClubFacts {
  readonly method: string;
  readonly userId: string;
  readonly isSuperAdmin: boolean;
  readonly club: { readonly ownerId: string; readonly status: string } | null;
  readonly membership: Pick<Membership, 'role' | 'status'> | null;
}

/**
 * 'allow', or how a refusal answers: 404 when the caller may not learn that the club (or the
 * resource) exists, 403 when they may see it but not do this, and 403 with its own code
 * (CLUB_NOT_ACTIVE) when a member of a club that is not active may learn only that.
 */
export type AccessVerdict = 'allow' | 'forbidden' | 'not_found' | 'not_active';

/** The refusal a member of a club that is not active gets, so the club space can say why. */
export const CLUB_NOT_ACTIVE = { code: 'club_not_active', message: 'This club is not active.' } as const;

/**
 * Who learns that a club is not active (unpaid, pending payment, closed): a person with a
 * membership in it, active or pending ('not_active'), since it is their own club; anyone else
 * learns nothing ('not_found'). Its owner still enters it and is not asked here.
 */
export const inactiveClubVerdict = (facts: Pick<ClubFacts, 'membership'>): 'not_active' | 'not_found' =>
  facts.membership ? 'not_active' : 'not_found';

/** The caller's role in the club: the owner always, else an active membership's. */
export function activeRoleOf(facts: ClubFacts): ClubRole | null {
  if (!facts.club) return null;
  if (facts.club.ownerId === facts.userId) return 'club_owner';
  return facts.membership?.status === 'active' ? facts.membership.role : null;
}

export function hasStanding(role: ClubRole | null, who: ClubStanding): boolean {
  if (!role) return false;
  if (who === 'member') return true;
  if (who === 'manager') return isClubManager(role);
  if (who === 'owner') return role === 'club_owner';
  return hasPermission(role, who);
}

const superAdminPasses = (reach: SuperAdminReach, facts: ClubFacts) =>
  facts.isSuperAdmin && (reach === 'act' || (reach === 'read' && facts.method === 'GET'));

/**
 * The club part of a club or author declaration. A missing club is not found. A club that is not
 * active (unpaid, pending, closed) is open only to its owner (and a super admin with reach); its
 * members are told it is not active and everyone else that it is not found, so a refusal never
 * reveals a club that is not public. Owner-only routes answer 404 to everyone else too; other
 * standings answer 403 to people who can see the (active) club.
 */
export function decideClubAccess(access: ClubAccess, facts: ClubFacts): AccessVerdict {
  const { club } = facts;
  if (!club) return 'not_found';
  if (superAdminPasses(access.superAdmin, facts)) return 'allow';
  const role = activeRoleOf(facts);
  if (club.status !== 'active' && role !== 'club_owner') return inactiveClubVerdict(facts);
  const who = access.kind === 'club' ? access.who : 'member';
  if (hasStanding(role, who)) return 'allow';
  return who === 'owner' ? 'not_found' : 'forbidden';
}

/** The resource part of an author declaration, after the club part allowed. */
export function decideAuthorAccess(
  access: Extract<Access, { kind: 'author' }>,
  facts: ClubFacts,
  authorId: string | null,
): AccessVerdict {
  if (authorId === null) return 'not_found';
  if (superAdminPasses(access.superAdmin, facts)) return 'allow';
  if (authorId === facts.userId) return 'allow';
  return access.or && hasStanding(activeRoleOf(facts), access.or) ? 'allow' : 'forbidden';
}
