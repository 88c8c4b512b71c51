/**
 * How the security suite calls every route: the path filled from the fixture world, a valid
 * query and body, and the answer each identity must get, predicted from the route's access
 * declaration alone (written here in terms of the fixture people, independently of the checker
 * in shared/src/api/access.ts). A route whose path names a parameter the fixtures cannot fill,
 * or whose body has no valid example, fails the suite: it must be planned before it ships.
 */
import {
  type Access,
  buildPath,
  CLUB_UPLOAD_LIMITS,
  type ClubRole,
  type ClubStanding,
  type Permission,
  ROLE_PERMISSIONS,
  ROUTES,
  type RouteId,
} from '@clubs/shared';
import type * as z from 'zod';
import type { ClubWorld, Identity } from './world.ts';

/** Which club the path points at: the fixture club, the suspended one, or the fixture club with another club's resource ids. */
export type Target = 'club' | 'suspended' | 'foreign';

/**
 * Routes with a club in the path that anyone (signed in) may call because they act on the
 * caller's own relation to the club or show only what is public: the club page, joining, the
 * caller's membership and its checkout. Any other club route must declare a club standing,
 * so a route cannot open a club's insides by being declared too loosely.
 */
export const SELF_SERVICE_CLUB_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>([
  'getClub',
  'getClubMembership',
  'requestMembership',
  'createMembershipCheckout',
  'getMembershipCheckout',
  'leaveClub',
  // An invitation's token is the caller's key to the club: opening and accepting it is theirs.
  'getInvitation',
  'acceptInvitation',
]);

/** The security world's webhook endpoint (startWorld sets it), or a loopback port nobody listens on. */
const hookUrl = () => process.env.SECURITY_HOOK_URL ?? 'http://127.0.0.1:9/hook';

/** Valid bodies (and queries) where a generated one would not do; keyed by route id. */
export const EXAMPLES: Partial<Record<RouteId, { body?: unknown; query?: Record<string, string> }>> = {
  createClub: { body: { name: 'Example club', description: 'An example club.' } },
  createApiKey: { body: { name: 'Example key', scopes: ['members:read'] } },
  // The world's loopback endpoint (the local stack allows loopback endpoints), which answers at once.
  createWebhook: {
    get body() {
      return { url: hookUrl(), eventTypes: ['post.created'] };
    },
  },
  createHookWithKey: {
    get body() {
      return { url: hookUrl(), eventTypes: ['post.created'] };
    },
  },
  updateWebhook: { body: { eventTypes: ['post.created', 'comment.created'] } },
  // Nobody shares a club with a person of this id: every caller is told there is no such member.
  startConversation: { body: { userId: '01JZZZZZZZZZZZZZZZZZZZZZZZ', clubId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } },
  // Nobody shares this club with the caller: every caller is told there is nobody to message.
  listStartableConversations: {
    query: { userIds: '01JZZZZZZZZZZZZZZZZZZZZZZZ', clubIds: '01JZZZZZZZZZZZZZZZZZZZZZZZ' },
  },
  markConversationRead: { body: { messageId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } },
  // Nobody has a conversation with a person of this id: every caller is told there is no such person.
  blockPerson: { body: { userId: '01JZZZZZZZZZZZZZZZZZZZZZZZ' } },
  reportConversation: { body: { reason: 'spam' } },
  decideChatReport: { body: { outcome: 'dismissed' } },
  // A token nobody signed: every caller is refused alike (400), and nothing changes.
  unsubscribe: { query: { token: 'eyJ1IjoieCJ9.forged' } },
  openUnsubscribe: { query: { token: 'eyJ1IjoieCJ9.forged' } },
  createPost: { body: { title: 'Example post', content: 'Example content', type: 'text' } },
  createPostWithKey: { body: { title: 'Example post', content: 'Written with a key' } },
  reportPost: { body: { reason: 'spam' } },
  reportComment: { body: { reason: 'other', text: 'Not kind' } },
  decideReport: { body: { action: 'keep' } },
  saveModerationSettings: { body: { reportThreshold: 3, holdFirstPosts: false } },
  updateMembershipPricing: { body: { model: 'free', monthlyPrice: 0, freeTrial: false } },
  createClubCheckout: { body: { plan: 'monthly' } },
  updateMe: { body: { fullName: 'Example Person', bio: 'Hello.' } },
  createAvatarUpload: { body: { contentType: 'image/png', size: 1000 } },
  createChatImageUpload: { body: { contentType: 'image/png', size: 1000 } },
  sendMessage: { body: { text: 'Hello there' } },
  updateCourse: { body: { title: 'Example course' } },
  moveSection: { body: { direction: 'down' } },
  sendContactMessage: {
    body: { name: 'Example', email: 'example@clubs.test', subject: 'Hello', message: 'A message.' },
  },
  createEvent: {
    body: {
      title: 'Example event',
      date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      timeZone: 'Europe/Paris',
    },
  },
  updateEvent: { body: { title: 'Example event, edited' } },
  sendInvitations: {
    body: { rows: [{ name: 'Example', email: 'invitee@clubs.test' }], message: 'Join us.' },
  },
  sendInvitationsWithKey: {
    body: { rows: [{ name: 'Example', email: 'key-invitee@clubs.test' }], message: 'Join us.' },
  },
  revokeInvitations: { body: { email: 'invitee@clubs.test' } },
  createInvitationImport: { body: { fileName: 'people.csv', csv: 'email\ninvitee@clubs.test' } },
  sendInvitationImport: { body: { message: 'Join us.' } },
  exportMembers: { query: {} },
  searchClub: { query: { q: 'example' } },
  stripeWebhook: { body: { id: 'evt_unsigned', type: 'checkout.session.completed' } },
};

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * A plausible value for a zod schema (strings of letters, the smallest numbers, first enum
 * values, optional fields left out); good enough for the many simple schemas, checked by the
 * schema itself before use.
 */
export function exampleOf(schema: unknown): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = (def.shape ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [name, field] of Object.entries(shape)) {
        const type = defOf(field).type;
        if (type === 'optional' || type === 'default') continue;
        out[name] = exampleOf(field);
      }
      return out;
    }
    case 'string':
      return 'Example text';
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [];
    case 'nullable':
    case 'optional':
    case 'default':
    case 'readonly':
    case 'nonoptional':
      return exampleOf(def.innerType);
    case 'pipe':
      return exampleOf(def.in);
    case 'union':
      return exampleOf((def.options as unknown[])[0]);
    default:
      return undefined;
  }
}

/** The route's valid body and query, or an explanation of what is missing. */
export function validInput(id: RouteId): { body?: unknown; query?: Record<string, string> } | string {
  const route = ROUTES[id] as { body?: z.ZodType; query?: z.ZodType; rawBody?: boolean };
  const example = EXAMPLES[id] ?? {};
  const body = example.body ?? (route.body ? exampleOf(route.body) : undefined);
  if (route.body && !route.body.safeParse(body).success) {
    return `route ${id}: no valid body example (add one to EXAMPLES in tests/security/support/plan.ts)`;
  }
  const query = example.query ?? {};
  if (route.query && !route.query.safeParse(query).success) {
    return `route ${id}: no valid query example (add one to EXAMPLES)`;
  }
  return { body, query };
}

const PARAM_SOURCES: Record<string, (club: ClubWorld, foreign: ClubWorld, target: Target) => string> = {
  clubId: (club) => club.clubId,
  postId: (club, foreign, target) => (target === 'foreign' ? foreign : club).postId,
  commentId: (club, foreign, target) => (target === 'foreign' ? foreign : club).commentId,
  // The fixture post is in the Reports queue (the owner reported it).
  itemId: (club, foreign, target) => (target === 'foreign' ? foreign : club).postId,
  eventId: (club, foreign, target) => (target === 'foreign' ? foreign : club).eventId,
  courseId: (club, foreign, target) => (target === 'foreign' ? foreign : club).courseId,
  sectionId: (club, foreign, target) => (target === 'foreign' ? foreign : club).sectionId,
  // A notification is the caller's own (keyed under their id): an id of anyone else's is not
  // found, as is this one, which nobody has.
  notificationId: () => '01JZZZZZZZZZZZZZZZZZZZZZZZ',
  // A conversation is its two people's own: one the caller is not in is not found, as is this one.
  conversationId: () => 'NoSuchConversationAnywhere',
  messageId: () => '01JZZZZZZZZZZZZZZZZZZZZZZZ',
  // No report has this id: a super admin is told so, anyone else is refused before looking.
  reportId: () => '01JZZZZZZZZZZZZZZZZZZZZZZZ',
  keyId: (club, foreign, target) => (target === 'foreign' ? foreign : club).apiKeyId,
  importId: (club, foreign, target) => (target === 'foreign' ? foreign : club).invitationImportId,
  webhookId: (club, foreign, target) => (target === 'foreign' ? foreign : club).webhookId,
  deliveryId: (club, foreign, target) => (target === 'foreign' ? foreign : club).deliveryId,
};

/** Member ids in paths point at the fixture member (e.g. approving, removing, a profile). */
const PERSON_PARAMS = new Set(['userId', 'memberId']);

/**
 * Secrets in paths are the club's own (its invite link token): a token is not a resource of
 * another club that could be mixed in, since it only works with the club it was made for.
 */
const SECRET_PARAMS: Record<string, (club: ClubWorld) => string> = { token: (club) => club.inviteToken };

export function pathParamsOf(id: RouteId): string[] {
  return [...ROUTES[id].path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

export function unplannedParams(id: RouteId): string[] {
  return pathParamsOf(id).filter(
    (name) => !PARAM_SOURCES[name] && !PERSON_PARAMS.has(name) && !SECRET_PARAMS[name],
  );
}

export function pathFor(
  id: RouteId,
  club: ClubWorld,
  foreign: ClubWorld,
  target: Target,
  personId: string,
): string {
  const params: Record<string, string> = {};
  for (const name of pathParamsOf(id)) {
    params[name] = PERSON_PARAMS.has(name)
      ? personId
      : (SECRET_PARAMS[name]?.(club) ?? PARAM_SOURCES[name]?.(club, foreign, target) ?? '');
  }
  return buildPath(ROUTES[id].path, params);
}

/** Which targets a route is called on: club routes also on the suspended club and with another club's ids. */
export function targetsOf(id: RouteId): Target[] {
  const names = pathParamsOf(id);
  if (!names.includes('clubId')) return ['club'];
  const resource = names.some((name) => name !== 'clubId' && PARAM_SOURCES[name]);
  return resource ? ['club', 'suspended', 'foreign'] : ['club', 'suspended'];
}

/** The fixture people's roles in the fixture clubs (the suspended club has the same staff). */
const ROLE: Partial<Record<Identity, ClubRole>> = {
  owner: 'club_owner',
  moderator: 'club_moderator',
  member: 'club_member',
};

/** Who has a membership item in the fixture clubs (the removed member's was deleted). */
const HAS_MEMBERSHIP: ReadonlySet<Identity> = new Set(['owner', 'moderator', 'member', 'pending']);

/**
 * Who is told that the suspended club is not active (403 club_not_active) wherever a route reads
 * it, self-service routes included: the people with a membership in it, except its owner, who
 * still enters it.
 */
export const learnsNotActive = (identity: Identity): boolean =>
  identity !== 'owner' && HAS_MEMBERSHIP.has(identity);

function holds(identity: Identity, who: ClubStanding): boolean {
  const role = ROLE[identity];
  if (!role) return false;
  if (who === 'member') return true;
  if (who === 'manager') return role !== 'club_member';
  if (who === 'owner') return role === 'club_owner';
  return (ROLE_PERMISSIONS[role] as readonly Permission[]).includes(who);
}

export type Prediction = 'allow' | 401 | 403 | 404;

/** What the declaration says this identity gets on this target. */
export function predict(access: Access, method: string, identity: Identity, target: Target): Prediction {
  if (access.kind === 'public') return 'allow';
  // No person's token opens a route for API keys: only a club's key does (tests/integration/api-v1.test.ts).
  if (access.kind === 'api_key') return 401;
  if (identity === 'anonymous') return 401;
  if (access.kind === 'signed_in') return 'allow';
  if (access.kind === 'super_admin') return identity === 'superAdmin' ? 'allow' : 403;
  const reach =
    identity === 'superAdmin' &&
    (access.superAdmin === 'act' || (access.superAdmin === 'read' && method === 'GET'));
  const who = access.kind === 'club' ? access.who : 'member';
  let club: Prediction;
  if (reach) club = 'allow';
  // A club that is not active tells the people with a membership in it (active or pending) that
  // it is not active (403 club_not_active) and hides itself from everyone else.
  else if (target === 'suspended' && identity !== 'owner') club = learnsNotActive(identity) ? 403 : 404;
  else if (holds(identity, who)) club = 'allow';
  else club = who === 'owner' ? 404 : 403;
  if (club !== 'allow' || access.kind === 'club') return club;
  if (target === 'foreign') return 404;
  if (reach || identity === 'member') return 'allow';
  return access.or && holds(identity, access.or) ? 'allow' : 403;
}

/** People who may see other members' e-mail addresses in the fixture club. */
export const SEES_EMAILS: ReadonlySet<Identity> = new Set(['owner', 'moderator', 'superAdmin']);

/**
 * Refusals that follow from the state of the club or its post, or from the caller's recent use,
 * rather than from access: each is called through the gateway as `identity` on a fresh fixture
 * club in `club`'s state (named `clubName`, its post hidden when `post` says so), after `before`
 * identical calls that are allowed, and must answer `status` with the error JSON and write nothing.
 */
export interface StateRefusal {
  name: string;
  route: RouteId;
  identity: Identity;
  club: 'active' | 'inactive' | 'unpaid';
  clubName?: string;
  post?: 'hidden';
  body: unknown;
  before?: number;
  /** The caller's e-mail address is on the club's ban list (a ban of another account of theirs). */
  addressBanned?: true;
  status: 400 | 403 | 404 | 409 | 429;
}

/**
 * Text a mail client would turn into a link, or a line break that would start a header: every
 * user-chosen text that reaches an e-mail (an invitation's message, its invitees' names, the
 * club's name) refuses it. The fuzzer tries each in every field.
 */
export const LINK_SHAPED_TEXTS = [
  'claim it at prize.tk',
  'ask claude.ai',
  'open 203.0.113.7/login',
  'mailto:win@prize.example',
  'Line\r\nBcc: x@evil.test',
] as const;

/**
 * Bodies a route's schema lets through that its service refuses with a 4xx, writing nothing: the
 * fuzzer sends each as it is. An invitation's rows are judged one by one (a bad row is answered
 * on its row), so a send whose only invitee is named like a link is refused as a whole.
 */
export const REFUSED_BEYOND_SCHEMA: Partial<Record<RouteId, readonly unknown[]>> = {
  sendInvitations: LINK_SHAPED_TEXTS.map((name) => ({
    rows: [{ name, email: 'invitee@clubs.test' }],
    message: 'Join us.',
  })),
};

/** The route's valid example body (validInput). */
function exampleBody(id: RouteId): unknown {
  const input = validInput(id);
  if (typeof input === 'string') throw new Error(input);
  return input.body;
}

const ANNOUNCEMENT = {
  title: 'Everyone read this',
  content: 'An announcement.',
  type: 'text',
  announce: true,
};

export const STATE_REFUSALS: readonly StateRefusal[] = [
  // A club not in service mails nobody in its name, its owner included.
  {
    name: 'an announcement from an unpaid club',
    route: 'createPost',
    identity: 'owner',
    club: 'unpaid',
    body: ANNOUNCEMENT,
    status: 409,
  },
  {
    name: 'an announcement from a suspended club',
    route: 'createPost',
    identity: 'owner',
    club: 'inactive',
    body: ANNOUNCEMENT,
    status: 409,
  },
  // Signed uploads reserve a club's storage: each person signs only so many an hour.
  {
    name: 'an upload signed past the hourly limit',
    route: 'createPostMediaUpload',
    identity: 'member',
    club: 'active',
    body: { postType: 'image', contentType: 'image/png', size: 10 },
    before: CLUB_UPLOAD_LIMITS.signsPerMemberPerHour,
    status: 429,
  },
  // A hidden post takes no likes or comments: its author (the member) is told so, anyone else
  // finds no post.
  ...(['likePost', 'addComment'] as const).flatMap((route): StateRefusal[] => [
    {
      name: `${route} on their own hidden post`,
      route,
      identity: 'member',
      club: 'active',
      post: 'hidden',
      body: exampleBody(route),
      status: 409,
    },
    {
      name: `${route} on someone else's hidden post`,
      route,
      identity: 'moderator',
      club: 'active',
      post: 'hidden',
      body: exampleBody(route),
      status: 404,
    },
  ]),
  // Nothing a mail client would make a link reaches an invitation e-mail: not in the message, not
  // in an invitee's name (the send of that one row alone is refused), not in the club's name.
  {
    name: 'an invitation whose message holds a link',
    route: 'sendInvitations',
    identity: 'owner',
    club: 'active',
    body: { ...(exampleBody('sendInvitations') as object), message: `Join us, then ${LINK_SHAPED_TEXTS[0]}` },
    status: 400,
  },
  {
    name: 'an invitation to one invitee named like a link',
    route: 'sendInvitations',
    identity: 'owner',
    club: 'active',
    body: REFUSED_BEYOND_SCHEMA.sendInvitations?.[2],
    status: 400,
  },
  // A ban follows the person's address: another account of theirs starts no membership checkout.
  {
    name: 'a membership checkout by an account whose address the club banned',
    route: 'createMembershipCheckout',
    identity: 'stranger',
    club: 'active',
    addressBanned: true,
    body: undefined,
    status: 403,
  },
  {
    name: 'an invitation from a club named like a link',
    route: 'sendInvitations',
    identity: 'owner',
    club: 'active',
    clubName: 'Free money at cash.win',
    body: exampleBody('sendInvitations'),
    status: 409,
  },
];
