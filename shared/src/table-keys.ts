/**
 * Key builders for every item of the single table, each with what the item is (the indexes
 * are in table.ts). Items never build keys by hand elsewhere. They live in `shared` because the data
 * layer builds items with them and infra grants IAM conditions on their prefixes: infra never
 * imports functions.
 */
import type { DigestCadence } from './bus/digests.ts';
import type { ClubStatus } from './domain/club.ts';
import type { MembershipStatus } from './domain/membership.ts';
import type { ClubRole } from './permissions.ts';

export interface Key {
  pk: string;
  sk: string;
}

const notificationPrefix = 'NOTIF#';

/** The partition of an invitation import's rows. */
export const invitationImportRowsPartition = (clubId: string, importId: string) =>
  `INVITE_IMPORT#${clubId}#${importId}`;

export const keys = {
  profile: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  club: (clubId: string): Key => ({ pk: `CLUB#${clubId}`, sk: 'META' }),
  /** A membership, carrying the member's card (name, photo, e-mail) so lists need no profile reads. */
  membership: (clubId: string, userId: string): Key => ({ pk: `CLUB#${clubId}`, sk: `MEMBER#${userId}` }),
  /** A post; its id is a ULID, so the club's `POST#` range is ordered by time. */
  post: (clubId: string, postId: string): Key => ({ pk: `CLUB#${clubId}`, sk: `POST#${postId}` }),
  /**
   * Which post of a club is pinned (one item, so one pinned post per club). Its sort key sorts
   * after every post id, so the newest-first feed query reads it first, in the same request.
   */
  pinnedPost: (clubId: string): Key => ({ pk: `CLUB#${clubId}`, sk: 'POST#~PINNED' }),
  comment: (postId: string, commentId: string): Key => ({ pk: `POST#${postId}`, sk: `COMMENT#${commentId}` }),
  like: (postId: string, userId: string): Key => ({ pk: `POST#${postId}`, sk: `LIKE#${userId}` }),
  /** A course, followed in the partition by its sections (section). */
  course: (clubId: string, courseId: string): Key => ({ pk: `CLUB#${clubId}`, sk: `COURSE#${courseId}` }),
  /**
   * A course's sections sit in the club's partition right after the course item, keyed by their
   * zero-padded sort order: one query of the range `COURSE#{courseId}` … returns the course and
   * its sections in order (courses are listed through gsi1, so the range never mixes into it).
   */
  section: (clubId: string, courseId: string, sortOrder: number): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `${sectionPrefixOf(courseId)}${String(sortOrder).padStart(6, '0')}`,
  }),
  /** A member's progress through a course (the sections they marked complete). */
  courseProgress: (clubId: string, userId: string, courseId: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `${progressPrefixOf(userId)}${courseId}`,
  }),
  /** A calendar event, with its attendee count and the first attendees' faces. */
  event: (clubId: string, eventId: string): Key => ({ pk: `CLUB#${clubId}`, sk: `EVENT#${eventId}` }),
  /** The claim of an event's one reminder: which start it was sent for (TTL). */
  eventReminderClaim: (eventId: string): Key => ({ pk: `EVENT#${eventId}`, sk: 'REMINDER' }),
  /** A person's attendance of an event, with their card. */
  attendance: (eventId: string, userId: string): Key => ({
    pk: `EVENT#${eventId}`,
    sk: `ATTENDEE#${userId}`,
  }),
  /**
   * A member's points in a club: all time ('ALL'), or within the 7 or 30 days ending on a UTC day
   * ('D7#2030-01-31'), one item per window a like counts in.
   */
  points: (clubId: string, userId: string, period: string): Key => ({
    pk: `POINTS#${clubId}#${userId}`,
    sk: period,
  }),
  /**
   * How many of one person's likes of an author's posts, given on one UTC day, stand: the author
   * holds one point for the pair and day while it is above zero (likes count once a day per pair).
   */
  likeDay: (clubId: string, authorId: string, likerId: string, day: string): Key => ({
    pk: `POINTS#${clubId}#${authorId}`,
    sk: `FROM#${likerId}#${day}`,
  }),
  /**
   * The highest level a member was told they reached in a club (and the notification that told
   * them): levels are announced only upwards, so dropping below one and reaching it again is quiet.
   */
  levelTold: (clubId: string, userId: string): Key => ({
    pk: `POINTS#${clubId}#${userId}`,
    sk: 'LEVEL_TOLD',
  }),
  /** One of the club's API keys as its owner lists it (name, scopes, when made and last used). */
  apiKey: (clubId: string, keyId: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `${API_KEY_ITEM_PREFIX}${keyId}`,
  }),
  /** How many API keys the club holds (MAX_API_KEYS_PER_CLUB), counted with each key made or revoked. */
  apiKeyCount: (clubId: string): Key => ({ pk: `CLUB#${clubId}`, sk: 'APIKEY_COUNT' }),
  /**
   * An API key found by the hash of its secret, naming its club, key and scopes: a call with a
   * key is checked with one GetItem. Deleted with the key, so a revoked secret finds nothing.
   */
  apiKeyByHash: (secretHash: string): Key => ({ pk: `APIKEY#${secretHash}`, sk: 'KEY' }),
  /**
   * One of the club's webhook endpoints (URL, event types, signing secret, whether it is failing):
   * what the owner lists and what the fan-out reads, one query of the club's partition.
   */
  webhook: (clubId: string, webhookId: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `${WEBHOOK_ITEM_PREFIX}${webhookId}`,
  }),
  /** How many webhook endpoints the club holds (MAX_WEBHOOKS_PER_CLUB), counted with each made or deleted. */
  webhookCount: (clubId: string): Key => ({ pk: `CLUB#${clubId}`, sk: 'WEBHOOK_COUNT' }),
  /**
   * One message to a webhook endpoint: its signed payload, status and attempts (the endpoint's
   * delivery log, newest first by the ULID). TTL: WEBHOOK_DELIVERY_KEPT_DAYS.
   */
  webhookDelivery: (webhookId: string, deliveryId: string): Key => ({
    pk: `WEBHOOK#${webhookId}`,
    sk: `${WEBHOOK_DELIVERY_PREFIX}${deliveryId}`,
  }),
  /** The club's shared invite link: its current token (regenerating replaces it). */
  inviteLink: (clubId: string): Key => ({ pk: `CLUB#${clubId}`, sk: 'INVITE_LINK' }),
  /** An e-mailed invitation, keyed by its single-use token. TTL. */
  invitation: (clubId: string, token: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `${INVITATION_PREFIX}${token}`,
  }),
  /** An e-mailed invitation still waiting: deleted once it is accepted, held or revoked. TTL. */
  invitationWaiting: (clubId: string, token: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `${INVITATION_WAITING_PREFIX}${token}`,
  }),
  /** A person removed from a club: invitations and join requests do not let them back in until lifted. */
  removal: (clubId: string, userId: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `${REMOVAL_PREFIX}${userId}`,
  }),
  /**
   * What a ban of the club knows of how the banned person pays: one of their e-mail addresses (in
   * lower case) or one of their cards' fingerprints, naming the person. A checkout paid with it
   * is refused, whichever account pays.
   */
  banMatch: (clubId: string, kind: BanMatchKind, value: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `${BAN_MATCH_PREFIX}${kind}#${kind === 'email' ? value.trim().toLowerCase() : value}`,
  }),
  /**
   * A removed person's account address, naming them (kept with their removal marker, deleted
   * with it): an invitation import finds removed people among its addresses by key.
   */
  removedAddress: (clubId: string, email: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `REMOVED_ADDRESS#${email.trim().toLowerCase()}`,
  }),
  /** An invitation import from a CSV file: its state, counts, message and sender. TTL. */
  invitationImport: (clubId: string, importId: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `INVITE_IMPORT#${importId}`,
  }),
  /**
   * One item of an import's rows (INVITATION_IMPORT_LIMITS.rowsPerItem each, by their zero-padded
   * place): one query of the partition reads them all in order. TTL.
   */
  invitationImportRows: (clubId: string, importId: string, index: number): Key => ({
    pk: invitationImportRowsPartition(clubId, importId),
    sk: `ROWS#${String(index).padStart(4, '0')}`,
  }),
  /** When an address was last invited to a club (repeats within a day are skipped). TTL. */
  invitedAddress: (clubId: string, email: string): Key => ({ pk: `CLUB#${clubId}`, sk: `INVITED#${email}` }),
  /** How much of a membership payment's charge the club's analytics have counted refunded (charge-refunds.ts). */
  chargeRefunds: (chargeId: string): Key => ({ pk: `CHARGE#${chargeId}`, sk: 'REFUNDS' }),
  /** A person's Stripe ids: their customer, their Connect account and its onboarding state. */
  userBilling: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'BILLING' }),
  /** How many of a person's clubs are unpaid now (UNPAID_CLUBS_PER_ACCOUNT). */
  unpaidClubs: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'UNPAID_CLUBS' }),
  /** How many bytes of uploads a club holds, as signed (CLUB_STORAGE_QUOTA_BYTES). */
  clubStorage: (clubId: string): Key => ({ pk: `CLUB#${clubId}`, sk: 'STORAGE' }),
  /** One signed club upload's reservation of storage, by its media key (club-storage.ts). */
  storageReservation: (clubId: string, mediaKey: string): Key => ({
    pk: `STORAGE#${clubId}`,
    sk: `RESERVED#${mediaKey}`,
  }),
  /** The same reservation in the order it lapses, while it is open (what a reclaim queries). */
  storageLapse: (clubId: string, lapsesAt: string, mediaKey: string): Key => ({
    pk: `STORAGE#${clubId}`,
    sk: `${STORAGE_LAPSE_PREFIX}${lapsesAt}#${mediaKey}`,
  }),
  /** A club's creator-plan subscription. */
  clubPlan: (clubId: string): Key => ({ pk: `CLUB#${clubId}`, sk: 'PLAN' }),
  /** The Stripe Price new members of a paid club subscribe at (subscriptions keep theirs). */
  membershipPrice: (clubId: string): Key => ({ pk: `CLUB#${clubId}`, sk: 'MEMBERSHIP_PRICE' }),
  /** A member's subscription to a paid club (beside the membership it pays for). */
  memberSubscription: (clubId: string, userId: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `SUBSCRIPTION#${userId}`,
  }),
  /** Contact-form messages, one partition per UTC month, in arrival order (a support inbox reads them). */
  contactMessage: (receivedAt: string, messageId: string): Key => ({
    pk: `CONTACT#${receivedAt.slice(0, 7)}`,
    sk: `MESSAGE#${receivedAt}#${messageId}`,
  }),
  /**
   * One notification of a person, keyed by the change it tells of (its time-ordered id), so a
   * change notifies each person once however often it is delivered; newest first by sort key.
   */
  notification: (userId: string, notificationId: string): Key => ({
    pk: `USER#${userId}`,
    sk: `${notificationPrefix}${notificationId}`,
  }),
  /**
   * The e-mail of one notification to one person: claimed just before SES is called and marked
   * sent once SES took it, so a repeated queue message never mails the same notification twice.
   */
  notificationEmail: (userId: string, notificationId: string): Key => ({
    pk: `USER#${userId}`,
    sk: `NOTIFMAIL#${notificationId}`,
  }),
  /** A person's unread notification count and the id below which everything counts as read. */
  notificationState: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'NOTIFICATIONS' }),
  /**
   * A person's notification preference: account-wide (no club) or for one club, which overrides
   * the account's.
   */
  notificationPreference: (userId: string, clubId: string | null): Key => ({
    pk: `USER#${userId}`,
    sk: clubId ? `NOTIFYPREF#CLUB#${clubId}` : 'NOTIFYPREF#ACCOUNT',
  }),
  /**
   * A member's last digest of a club: the cadence and period it was for and the time up to which
   * it looked, so the next one lists only posts written since and a repeated run sends nothing.
   */
  digestMarker: (userId: string, clubId: string): Key => ({
    pk: `USER#${userId}`,
    sk: `DIGESTED#${clubId}`,
  }),
  /**
   * An e-mail address SES reported as hard-bouncing or complaining: nothing more is sent to it
   * until its owner confirms it (or another one) as their address again. Keyed by the address in
   * lower case, so every sender checks it with one GetItem.
   */
  suppressedAddress: (email: string): Key => ({
    pk: `EMAIL#${email.trim().toLowerCase()}`,
    sk: 'SUPPRESSED',
  }),
  /**
   * A change event's outbox item (bus/change-stream.ts), written in the transaction of the change
   * it announces: a club's changes share a partition, in the order of their time-ordered ids. TTL.
   */
  changeOutbox: (clubId: string, changeId: string): Key => ({
    pk: `CHANGES#${clubId}`,
    sk: `CHANGE#${changeId}`,
  }),
  /** A live WebSocket connection: who opened it and the clubs it follows. TTL. */
  liveConnection: (connectionId: string): Key => ({ pk: `LIVE#${connectionId}`, sk: 'CONNECTION' }),
  /** One connection following one club: the club's partition is what a fan-out queries. TTL. */
  liveSubscription: (clubId: string, connectionId: string): Key => ({
    pk: liveClubPartition(clubId),
    sk: `CONN#${connectionId}`,
  }),
  /** One connection of a person, so a removal can stop everything they have open. TTL. */
  liveUserConnection: (userId: string, connectionId: string): Key => ({
    pk: liveUserPartition(userId),
    sk: `CONN#${connectionId}`,
  }),
  /**
   * A person's open connections as one set beside those items, so the people a notification
   * reaches are looked up a hundred to a BatchGetItem rather than one Query each. TTL: that of
   * the newest connection added.
   */
  liveUserSockets: (userId: string): Key => ({ pk: liveUserPartition(userId), sk: 'SOCKETS' }),
  /**
   * A live socket's ticket (single use: $connect deletes it conditionally), with the person it
   * was issued to. TTL about a minute after issue.
   */
  liveTicket: (ticket: string): Key => ({ pk: `LIVE_TICKET#${ticket}`, sk: 'TICKET' }),
  /** One member's report of one post or comment (at most one each: the put is conditional). */
  report: (clubId: string, itemId: string, userId: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `REPORT#${itemId}#${userId}`,
  }),
  /**
   * A reported (or held) post or comment as the moderators' queue shows it: its counts by
   * reason, open in the queue (gsi1) until a moderator decides.
   */
  moderationCase: (clubId: string, itemId: string): Key => ({
    pk: `CLUB#${clubId}`,
    sk: `MODCASE#${itemId}`,
  }),
  /** One entry of a club's audit trail (moderation decisions, bans), in time order (ULIDs). */
  clubAudit: (clubId: string, id: string): Key => ({ pk: clubAuditPartition(clubId), sk: `AUDIT#${id}` }),
  /** A person's chat settings (absent: CHAT_SETTINGS_DEFAULTS). */
  chatSettings: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'CHAT_SETTINGS' }),
  /**
   * How many of a person's conversations are unread (`conversations`, once counted) and how many
   * times an entry of theirs went from read to unread or back (`version`): one GetItem reads the count.
   */
  chatUnreadCount: (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'CHAT_UNREAD' }),
  /** `userId` blocked `blockedId`: one GetItem tells whether a send or a start is refused. */
  chatBlock: (userId: string, blockedId: string): Key => ({
    pk: `USER#${userId}`,
    sk: `${CHAT_BLOCK_PREFIX}${blockedId}`,
  }),
  /** A conversation reported to the super admins, with its copy of the newest messages. */
  chatReport: (reportId: string): Key => ({ pk: `CHAT_REPORT#${reportId}`, sk: 'META' }),
  /** A fixed-window counter (rate limits): `scope` names what is limited, `subject` who. TTL. */
  /** A chat conversation: its two people and the club they knew each other from. */
  conversation: (conversationId: string): Key => ({ pk: chatPartition(conversationId), sk: 'META' }),
  /** A message of a conversation (ULIDs: the partition's messages in the order they were sent). */
  chatMessage: (conversationId: string, messageId: string): Key => ({
    pk: chatPartition(conversationId),
    sk: `${CHAT_MESSAGE_PREFIX}${messageId}`,
  }),
  /**
   * One person's side of a conversation (their inbox's entry): the other person, the last
   * message, what they have read. Listed newest first through byOwner; unread ones through byUser.
   */
  chatEntry: (userId: string, conversationId: string): Key => ({
    pk: `USER#${userId}`,
    sk: `${CHAT_ENTRY_PREFIX}${conversationId}`,
  }),
  rateWindow: (scope: string, subject: string, windowStart: string): Key => ({
    pk: `RATE#${scope}#${subject}`,
    sk: `WINDOW#${windowStart}`,
  }),
  /** An item nobody writes: health reads it only to learn that the table answers. */
  healthProbe: { pk: 'HEALTH', sk: 'CHECK' } as Key,
} as const;

const chatPartition = (conversationId: string) => `CHAT#${conversationId}`;
/** The sort-key prefix of a person's chat entries, under that person. */
export const CHAT_ENTRY_PREFIX = 'CHAT#';
/** The sort-key prefix of a conversation's messages. */
export const CHAT_MESSAGE_PREFIX = 'MSG#';
/** The sort-key prefix of the people a person blocked, under that person. */
export const CHAT_BLOCK_PREFIX = 'CHAT_BLOCK#';

/** The sort-key prefix of a club's open upload reservations, in the order they lapse. */
export const STORAGE_LAPSE_PREFIX = 'LAPSES#';

/** The sort-key prefix of a club's removal markers. */
export const REMOVAL_PREFIX = 'REMOVED#';
const INVITATION_IMPORTS_WAITING = 'INVITE_IMPORTS_WAITING';
/** The sort-key prefix of a club's ban list (banMatch). */
export const BAN_MATCH_PREFIX = 'BAN_MATCH#';
/** What a ban is matched on: the payer's e-mail address, or their card's fingerprint. */
export type BanMatchKind = 'email' | 'card';

/** The sort-key prefix of a club's e-mailed invitations (one item per token). */
export const INVITATION_PREFIX = 'INVITATION#';
/** The sort-key prefix of a club's invitations still waiting (what the pending list queries). */
export const INVITATION_WAITING_PREFIX = 'INVITE_WAITING#';
/** The club's webhook endpoints' items, listed by one query of the club's partition. */
export const WEBHOOK_ITEM_PREFIX = 'WEBHOOK#';
/** The sort-key prefix of an endpoint's deliveries (its log). */
export const WEBHOOK_DELIVERY_PREFIX = 'DELIVERY#';
/** The club's API keys' items, listed by one query of the club's partition. */
export const API_KEY_ITEM_PREFIX = 'APIKEY#';

const chatInboxPartition = (userId: string) => `CHATS#${userId}`;
const chatUnreadPartition = (userId: string) => `CHAT_UNREAD#${userId}`;
export const clubAuditPartition = (clubId: string) => `CLUB#${clubId}#AUDIT`;
export const liveClubPartition = (clubId: string) => `LIVE_CLUB#${clubId}`;
export const liveUserPartition = (userId: string) => `LIVE_USER#${userId}`;
export const sectionPrefixOf = (courseId: string) => `COURSE#${courseId}#SECTION#`;
const clubCoursePartition = (clubId: string) => `COURSES#${clubId}`;
export const progressPrefixOf = (userId: string) => `PROGRESS#${userId}#`;

/** Sort-key prefixes for queries within a partition. */
export const prefixes = {
  member: 'MEMBER#',
  post: 'POST#',
  comment: 'COMMENT#',
  like: 'LIKE#',
  course: 'COURSE#',
  event: 'EVENT#',
  attendee: 'ATTENDEE#',
  subscription: 'SUBSCRIPTION#',
  notification: notificationPrefix,
  liveConnection: 'CONN#',
} as const;

/**
 * The records of work done once (Powertools' Idempotency utility, functions/src/data/idempotency.ts).
 * The utility keeps one kind of work's records in one partition, each under its own sort key: the
 * kind's prefix and a hash of what identifies one piece of work (a Stripe event's id). TTL.
 */
export const idempotencyKeys = {
  partition: (work: string) => `IDEMPOTENCY#${work}`,
  /** A record, by the key the utility gave it (`{work}#{hash}`). */
  record: (work: string, recordKey: string): Key => ({ pk: idempotencyKeys.partition(work), sk: recordKey }),
} as const;

/** Values of the generic GSI attributes (shared/src/table.ts names the indexes). */
export const indexKeys = {
  /**
   * byOwner, overloaded: a person's conversations by their last activity, newest first (the
   * inbox). The conversation id keeps two at the same instant apart.
   */
  chatInbox: (userId: string, lastActivityAt: string, conversationId: string) => ({
    gsi2pk: chatInboxPartition(userId),
    gsi2sk: `${lastActivityAt}#${conversationId}`,
  }),
  chatInboxPartition: (userId: string) => chatInboxPartition(userId),
  /**
   * byOwner, overloaded: the people a person blocked, by when, newest first (Settings → Chat);
   * the blocked person's id keeps two blocks of the same instant apart.
   */
  chatBlockedAt: (userId: string, blockedAt: string, blockedId: string) => ({
    gsi2pk: `CHAT_BLOCKS#${userId}`,
    gsi2sk: `${blockedAt}#${blockedId}`,
  }),
  chatBlockedPartition: (userId: string) => `CHAT_BLOCKS#${userId}`,
  /**
   * byUser, overloaded and sparse: a person's conversations with a message they have not read,
   * newest first; an entry is in it exactly while it is unread, so its size is the unread count.
   */
  chatUnread: (userId: string, lastActivityAt: string, conversationId: string) => ({
    gsi3pk: chatUnreadPartition(userId),
    gsi3sk: `${lastActivityAt}#${conversationId}`,
  }),
  chatUnreadPartition: (userId: string) => chatUnreadPartition(userId),
  /**
   * byStatus, overloaded and sparse: the chat entries whose unread e-mail check is armed, by when
   * it falls due, spread over CHAT_UNREAD_MAIL.shards partitions.
   */
  chatMailDue: (shard: number, dueAt: string, userId: string, conversationId: string) => ({
    gsi1pk: `CHAT_MAIL_DUE#${shard}`,
    gsi1sk: `${dueAt}#${userId}#${conversationId}`,
  }),
  chatMailDuePartition: (shard: number) => `CHAT_MAIL_DUE#${shard}`,
  /** byStatus, overloaded: the chat reports of one status, newest first. */
  chatReportStatus: (status: string, createdAt: string, reportId: string) => ({
    gsi1pk: `CHAT_REPORTS#${status}`,
    gsi1sk: `${createdAt}#${reportId}`,
  }),
  chatReportStatusPartition: (status: string) => `CHAT_REPORTS#${status}`,
  /** byStatus: clubs of one status, newest first. */
  clubStatus: (status: ClubStatus, createdAt: string, clubId: string) => ({
    gsi1pk: `CLUB_STATUS#${status}`,
    gsi1sk: `${createdAt}#${clubId}`,
  }),
  clubStatusPartition: (status: ClubStatus) => `CLUB_STATUS#${status}`,
  /** byOwner: an owner's clubs by creation time. */
  clubOwner: (ownerId: string, createdAt: string, clubId: string) => ({
    gsi2pk: `OWNER#${ownerId}`,
    gsi2sk: `${createdAt}#${clubId}`,
  }),
  clubOwnerPartition: (ownerId: string) => `OWNER#${ownerId}`,
  /** byUser: a user's memberships by status, then club. */
  userMembership: (userId: string, status: MembershipStatus, clubId: string) => ({
    gsi3pk: `USER#${userId}`,
    gsi3sk: `MEMBERSHIP#${status}#${clubId}`,
  }),
  userMembershipPartition: (userId: string) => `USER#${userId}`,
  /** byOwner, overloaded: an author's posts by creation time (the member profile's recent posts). */
  authorPost: (authorId: string, createdAt: string, postId: string) => ({
    gsi2pk: `AUTHOR#${authorId}`,
    gsi2sk: `${createdAt}#${postId}`,
  }),
  authorPostPartition: (authorId: string) => `AUTHOR#${authorId}`,
  /** byStatus, overloaded: a club's courses (ULIDs: by creation time), without their sections. */
  clubCourse: (clubId: string, courseId: string) => ({
    gsi1pk: clubCoursePartition(clubId),
    gsi1sk: courseId,
  }),
  clubCoursePartition: (clubId: string) => clubCoursePartition(clubId),
  /** byStatus, overloaded: a club's events by start (UTC), so upcoming and past are key ranges. */
  clubEventStart: (clubId: string, startIso: string, eventId: string) => ({
    gsi1pk: `EVENTS#${clubId}`,
    gsi1sk: `${startIso}#${eventId}`,
  }),
  clubEventsPartition: (clubId: string) => `EVENTS#${clubId}`,
  /** byPoints: a club's leaderboard for one period ('ALL' or a window); points is the sort key. */
  leaderboardPartition: (clubId: string, period: string) => `LEADERBOARD#${clubId}#${period}`,
  /** byLikes: a club's posts; the post's likeCount is the index's sort key. */
  trendingPartition: (clubId: string) => ({ gsi4pk: `TRENDING#${clubId}` }),
  userMembershipPrefix: (status?: MembershipStatus) => (status ? `MEMBERSHIP#${status}#` : 'MEMBERSHIP#'),
  /**
   * byStatus, overloaded: a club's members by name (the members page's search). The name is the
   * card's name, normalized; the user id keeps entries of people with the same name apart.
   */
  memberName: (clubId: string, searchName: string, userId: string) => ({
    gsi1pk: `MEMBER_NAME#${clubId}`,
    gsi1sk: `${searchName}#${userId}`,
  }),
  memberNamePartition: (clubId: string) => `MEMBER_NAME#${clubId}`,
  /** byOwner, overloaded: a club's members by e-mail address (searched by owners and moderators). */
  memberEmail: (clubId: string, email: string, userId: string) => ({
    gsi2pk: `MEMBER_EMAIL#${clubId}`,
    gsi2sk: `${email}#${userId}`,
  }),
  memberEmailPartition: (clubId: string) => `MEMBER_EMAIL#${clubId}`,
  /**
   * byStatus, overloaded and sparse: an invitation import waiting for the next day's allowance,
   * by when it may go on (the daily sweep reads the range up to now).
   */
  invitationImportWaiting: (resumeAt: string, clubId: string, importId: string) => ({
    gsi1pk: INVITATION_IMPORTS_WAITING,
    gsi1sk: `${resumeAt}#${clubId}#${importId}`,
  }),
  invitationImportsWaitingPartition: () => INVITATION_IMPORTS_WAITING,
  /**
   * byMemberOrder: a club's members in the members page's order, read newest first. The sort key
   * starts with the rank of the membership (memberRank) and goes on with when the person joined,
   * so each rank is a key range listed newest first.
   */
  memberOrder: (clubId: string, rank: string, since: string, userId: string) => ({
    gsi5pk: memberOrderPartition(clubId),
    gsi5sk: `${rank}#${since}#${userId}`,
  }),
  memberOrderPartition: (clubId: string) => memberOrderPartition(clubId),
  /**
   * byStatus, overloaded: a club's moderation cases, open ones newest first (the queue) and
   * decided ones apart, so a decided case never reopens.
   */
  moderationCase: (clubId: string, state: 'open' | 'decided', openedAt: string, itemId: string) => ({
    gsi1pk: moderationPartition(clubId, state),
    gsi1sk: `${openedAt}#${itemId}`,
  }),
  moderationPartition: (clubId: string, state: 'open' | 'decided') => moderationPartition(clubId, state),
  /**
   * byStatus, overloaded and sparse: a preference item that chose a digest is listed under its
   * cadence, the account's choices apart from the clubs' (a club's grouped by club), and leaves
   * it in the same write that changes the choice.
   */
  digestSubscriber: (cadence: DigestCadence, clubId: string | null, userId: string) => ({
    gsi1pk: digestPartition(cadence),
    gsi1sk: clubId ? `${DIGEST_CLUB_PREFIX}${clubId}#${userId}` : `${DIGEST_ACCOUNT_PREFIX}${userId}`,
  }),
  digestPartition: (cadence: DigestCadence) => digestPartition(cadence),
} as const;

const digestPartition = (cadence: DigestCadence) => `DIGEST#${cadence}`;
/** The sort-key prefixes of a digest partition: the account's choices, and the clubs'. */
export const DIGEST_ACCOUNT_PREFIX = 'ACCOUNT#';
export const DIGEST_CLUB_PREFIX = 'CLUB#';

const moderationPartition = (clubId: string, state: 'open' | 'decided') => `MODERATION#${state}#${clubId}`;

const memberOrderPartition = (clubId: string) => `MEMBER_ORDER#${clubId}`;

/**
 * The rank a membership lists at on the members page, read in descending order: pending
 * requests first, then the owner, the moderators and the members. Active members are every
 * rank below `pending`.
 */
export const MEMBER_RANK = { pending: '4', owner: '3', moderator: '2', member: '1' } as const;

export function memberRank(membership: { role: ClubRole; status: MembershipStatus }): string {
  if (membership.status === 'pending') return MEMBER_RANK.pending;
  if (membership.role === 'club_owner') return MEMBER_RANK.owner;
  return membership.role === 'club_moderator' ? MEMBER_RANK.moderator : MEMBER_RANK.member;
}

/**
 * The club directory index (functions/src/data/directory-index.ts): items of the base table.
 * List partitions hold one tab/size combination newest first; term partitions hold the words
 * that start with the same three letters, so a word prefix is one begins_with query.
 */
export const directoryKeys = {
  list: (tab: string, size: string, createdAt: string, clubId: string): Key => ({
    pk: directoryKeys.listPartition(tab, size),
    sk: `${createdAt}#${clubId}`,
  }),
  listPartition: (tab: string, size: string) => `DIR#list#${tab}#${size}`,
  term: (word: string, clubId: string): Key => ({
    pk: directoryKeys.termPartition(word),
    sk: `${word}#${clubId}`,
  }),
  termPartition: (word: string) => `DIR#term#${Array.from(word).slice(0, 3).join('')}`,
} as const;

/**
 * A club's search index (functions/src/data/word-index.ts): one posting per term and document.
 * A partition holds a club's terms that start with the same three letters, so a whole term is a
 * begins_with `{term}#` and a word prefix a begins_with `{prefix}`; within a term the inverted
 * time puts the newest document first.
 */
export const searchKeys = {
  posting: (clubId: string, term: string, at: string, kind: string, id: string): Key => ({
    pk: searchKeys.partition(clubId, term),
    sk: `${term}#${invertedTime(at)}#${kind}#${id}`,
  }),
  partition: (clubId: string, term: string) => `SEARCH#${clubId}#${Array.from(term).slice(0, 3).join('')}`,
  /**
   * The manifest of one indexed document: the terms its postings were last written for. A
   * comment's sits under its post (`comment#{postId}#{commentId}`), so a post's are one begins_with.
   */
  manifest: (clubId: string, doc: { kind: string; id: string; parentId?: string }): Key => ({
    pk: searchKeys.manifestPartition(clubId),
    sk: doc.parentId ? `${doc.kind}#${doc.parentId}#${doc.id}` : `${doc.kind}#${doc.id}`,
  }),
  manifestPartition: (clubId: string) => `SEARCHDOC#${clubId}`,
  /** The sort key prefix of the manifests of a post's comments. */
  commentManifestPrefix: (postId: string) => `comment#${postId}#`,
} as const;

/** Milliseconds left until the year 2286, zero-padded: an ascending sort key that reads newest first. */
const invertedTime = (at: string) => String(9_999_999_999_999 - Date.parse(at)).padStart(13, '0');

/**
 * The super-admin index (functions/src/data/repositories/admin-clubs.ts): items of the base
 * table. One entry per club, every status, newest first in one partition, carrying the owner's
 * name and e-mail; term items for the words of the club's name, its owner's name and the owner's
 * e-mail, partitioned by their first two letters, so a word prefix is one begins_with query.
 */
export const adminKeys = {
  entry: (createdAt: string, clubId: string): Key => ({
    pk: adminKeys.entryPartition,
    sk: `${createdAt}#${clubId}`,
  }),
  entryPartition: 'ADMIN#clubs',
  term: (term: string, clubId: string): Key => ({
    pk: adminKeys.termPartition(term),
    sk: `${term}#${clubId}`,
  }),
  termPartition: (term: string) => `ADMIN#term#${Array.from(term).slice(0, 2).join('')}`,
  /** The audit log of super-admin actions: one partition, in time order (ids are ULIDs). */
  audit: (id: string): Key => ({ pk: adminKeys.auditPartition, sk: `AUDIT#${id}` }),
  auditPartition: 'ADMIN#audit',
  /** One shard of the platform figures' counters (functions/src/data/platform-figures.ts). */
  figures: (shard: number): Key => ({
    pk: adminKeys.figuresPartition,
    sk: `${adminKeys.figuresShardPrefix}${shard}`,
  }),
  figuresShardPrefix: 'SHARD#',
  /**
   * The platform figures' changes of one UTC day ('D#2030-01-31') and one month ('M#2030-01'),
   * on the same shards (shard n > 0 adds '#n'). They share the figures' partition and sort before
   * its 'SHARD#' items, so one query from a day onwards reads those days, every month and the
   * figures now.
   */
  figuresDay: (day: string, shard = 0): Key => ({
    pk: adminKeys.figuresPartition,
    sk: `${statsKeys.dayPrefix}${day}${shard ? `#${shard}` : ''}`,
  }),
  figuresMonth: (month: string, shard = 0): Key => ({
    pk: adminKeys.figuresPartition,
    sk: `${statsKeys.monthPrefix}${month}${shard ? `#${shard}` : ''}`,
  }),
  figuresPartition: 'ADMIN#figures',
  /** The Billing Portal configuration the platform made at Stripe (data/repositories/portal-configuration.ts). */
  portalConfiguration: { pk: 'ADMIN#stripe', sk: 'PORTAL_CONFIGURATION' } as Key,
} as const;

/**
 * A club's analytics roll-ups (functions/src/data/club-stats.ts), in one partition: a counters
 * item per UTC day ('D#2030-01-31'), one per month ('M#2030-01'), each spread over shards (shard
 * n > 0 adds '#n', sorting right after shard 0), and after them ('~' sorts after letters) the
 * running figures and one item per course. So one query from a day onwards reads those days,
 * every month and the running items together.
 */
export const statsKeys = {
  partition: (clubId: string) => `CLUB#${clubId}#STATS`,
  day: (clubId: string, day: string, shard = 0): Key => ({
    pk: statsKeys.partition(clubId),
    sk: `D#${day}${shard ? `#${shard}` : ''}`,
  }),
  month: (clubId: string, month: string, shard = 0): Key => ({
    pk: statsKeys.partition(clubId),
    sk: `M#${month}${shard ? `#${shard}` : ''}`,
  }),
  dayPrefix: 'D#',
  monthPrefix: 'M#',
  running: (clubId: string): Key => ({ pk: statsKeys.partition(clubId), sk: '~RUNNING' }),
  course: (clubId: string, courseId: string): Key => ({
    pk: statsKeys.partition(clubId),
    sk: `${statsKeys.coursePrefix}${courseId}`,
  }),
  coursePrefix: '~COURSE#',
  /** That a member was active in a club on a UTC day (written once, so the day counts them once). TTL. */
  activeMarker: (clubId: string, day: string, userId: string): Key => ({
    pk: `CLUB#${clubId}#ACTIVE#${day}`,
    sk: `USER#${userId}`,
  }),
} as const;

/** Strips key and index attributes so an item can be parsed as its entity. */
export function withoutKeys<T extends Record<string, unknown>>(item: T): Omit<T, 'pk' | 'sk' | 'type'> {
  const copy: Record<string, unknown> = { ...item };
  for (const name of Object.keys(copy)) {
    if (name === 'pk' || name === 'sk' || name === 'type' || /^gsi\d+(pk|sk)$/.test(name)) delete copy[name];
  }
  return copy as Omit<T, 'pk' | 'sk' | 'type'>;
}
