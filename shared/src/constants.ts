/** Business constants and limits. */

/**
 * How long CloudFront serves an anonymous directory answer, and the landing page and directory
 * drawn with their data (shared/src/site-documents.ts), before asking again. A club's own page is
 * not cached: its read counts the visit. Nothing is invalidated when a club changes (its editors
 * are signed in and always read fresh answers), so lengthen this only together with an
 * invalidation of /api/clubs, /api/featured-clubs, / and /clubs where clubs change.
 */
export const PUBLIC_READ_CACHE_SECONDS = 30;

export const CREATOR_PLAN = {
  monthlyPrice: 88,
  annualMonthlyPrice: 71,
  annualPrice: 852,
  annualSavingPercent: 20,
  trialDays: 7,
  currency: 'USD',
} as const;

/** Platform fee on member charges, in percent. */
export const TRANSACTION_FEE_PERCENT = 2.9;

export const NEW_CLUB_DEFAULTS = {
  price: 0,
  currency: 'USD',
  trialPeriod: 7,
  status: 'unpaid',
} as const;

export const DEFAULT_TRIAL_DAYS = 7;
export const FEATURED_CLUB_COUNT = 3;
export const DASHBOARD_DISCOVER_COUNT = 3;
export const DESCRIPTION_TRUNCATE_LENGTH = 150;
export const RECENT_CLUB_DAYS = 30;

/** Size buckets: small under 10 members, medium 10 to under 50, large 50 or more. */
export const SIZE_BUCKETS = { mediumFrom: 10, largeFrom: 50 } as const;

export const CATEGORIES = ['wellness', 'sports', 'business', 'arts', 'lifestyle'] as const;

/** The directory's tabs, in the order shown: All Clubs, Free, Premium, then each category. */
export const DIRECTORY_TABS = ['all', 'free', 'premium', ...CATEGORIES] as const;

/** Club size filter: any, or one of the size buckets (SIZE_BUCKETS). */
export const DIRECTORY_SIZES = ['any', 'small', 'medium', 'large'] as const;

export const SETUP_CALLBACK = {
  initialWaitMs: 2000,
  initialWaitWithoutClubIdMs: 3000,
  polls: 10,
  pollIntervalMs: 2000,
  loginWaitMs: 3000,
} as const;

export const TOKEN_REFRESH = { checkEveryMs: 30_000, expiringWithinMs: 90_000 } as const;
export const TOAST = { durationMs: 4000, maxVisible: 3 } as const;
export const CONTACT_FORM_DELAY_MS = 1500;

export const SIDEBAR = {
  width: '16rem',
  widthMobile: '18rem',
  widthCollapsed: '3rem',
  mobileBreakpointPx: 768,
  cookieName: 'sidebar:state',
  cookieMaxAgeDays: 7,
} as const;

export const CLUB_HOME = {
  upcomingEvents: 3,
  trendingPosts: 3,
  memberAvatars: 5,
  loadingTimeoutMs: 10_000,
} as const;

export const UPLOAD = {
  maxBytes: 10 * 1024 * 1024,
  allowedContentTypes: ['image/jpeg', 'image/png', 'image/gif', 'video/mp4', 'video/webm'],
  cacheControl: 'max-age=3600',
} as const;

/**
 * Every signed upload is stored tagged `upload=staged`, and the media bucket deletes staged
 * objects after `stagedDays`: a file signed but never used by a post, section, club or profile
 * does not stay. Using one (the API checks it first) tags it `upload=attached`.
 */
export const UPLOAD_TAG = { key: 'upload', staged: 'staged', attached: 'attached', stagedDays: 1 } as const;

/**
 * Profile photos: images only (no SVG: it can carry script), under the general 10 MB limit. The
 * presigned POST that uploads one expires after a few minutes.
 */
export const AVATAR_UPLOAD = {
  contentTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
  maxBytes: UPLOAD.maxBytes,
  expiresInSeconds: 300,
} as const;

/**
 * Club logos and covers (Edit club, Appearance): the profile photos' rule, images only (no SVG:
 * it can carry script) of at most 10 MB, uploaded by a presigned POST that expires after a few
 * minutes into the club's public folder `clubs/{clubId}/{logo|cover}`.
 */
export const CLUB_IMAGE_UPLOAD = AVATAR_UPLOAD;
export const CLUB_IMAGE_KINDS = ['logo', 'cover'] as const;

/**
 * Post media: images and videos, at most 10 MB, uploaded straight to
 * the club's members-only prefix by a presigned POST that expires after a few minutes.
 */
export const POST_MEDIA_UPLOAD = {
  contentTypes: ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'video/mp4', 'video/webm'],
  maxBytes: UPLOAD.maxBytes,
  expiresInSeconds: 300,
} as const;

/**
 * Course media: JPG, PNG, GIF, MP4 and WebM, at most
 * 10 MB, cached for an hour, uploaded under the course's members-only prefix by a presigned POST
 * that expires after a few minutes.
 */
export const COURSE_MEDIA_UPLOAD = {
  contentTypes: UPLOAD.allowedContentTypes,
  maxBytes: UPLOAD.maxBytes,
  cacheControl: UPLOAD.cacheControl,
  expiresInSeconds: 300,
} as const;

/**
 * What one club may store in uploads (logo and cover, post and course files) on the creator plan,
 * the only plan: every upload signed into a club's folders counts its declared size against it,
 * and a removed file gives its stored size back.
 */
export const CLUB_STORAGE_QUOTA_BYTES = 5 * 1024 * 1024 * 1024;

/**
 * A signed upload's declared size is reserved, not spent: the reservation lapses
 * `reservationGraceSeconds` after its presigned POST does, and a file that was never used then
 * gives its bytes back (the next sign that finds the club full reclaims lapsed ones); using the
 * file settles it. Each person signs at most `signsPerMemberPerHour` uploads into one club's
 * folders, so nobody holds much of a club's quota at once.
 */
export const CLUB_UPLOAD_LIMITS = { reservationGraceSeconds: 3600, signsPerMemberPerHour: 30 } as const;

/**
 * Members-only media (club post and course files) is read through signed URLs that the API
 * issues after the membership check; a removed member's old URLs stop working this soon.
 */
export const MEMBER_MEDIA_READ = { expiresInSeconds: 600 } as const;

/**
 * Which media keys the public same-origin path `/media/{key}` serves (CloudFront in AWS, the dev
 * server's proxy locally): only club logos and covers (`clubs/`) and profile photos (`avatars/`),
 * public and cacheable. Everything else, members-only media under `club-media/` above all, is
 * refused there and read only through the presigned GET URLs the API signs after the membership
 * check.
 */
export const MEDIA_PATHS = {
  publicPrefixes: ['avatars', 'clubs'],
  membersOnlyRoot: 'club-media',
  /** Chat images: read only through URLs signed for the conversation's two people. */
  chatRoot: 'chat-media',
  /** Copies of reported chat images, kept for the super admins whatever the sender deletes. */
  chatReportsRoot: 'chat-reports',
} as const;

/** Where one person's files for posts of one club are uploaded. */
export const postMediaPrefixOf = (clubId: string, uploaderId: string): string =>
  `${MEDIA_PATHS.membersOnlyRoot}/${clubId}/posts/${uploaderId}`;

/** Where one person's images for one conversation are uploaded. */
export const chatImagePrefixOf = (conversationId: string, uploaderId: string): string =>
  `${MEDIA_PATHS.chatRoot}/${conversationId}/${uploaderId}`;

/** Where a course's files are uploaded (images and videos its sections show). */
export const courseMediaPrefixOf = (clubId: string, courseId: string): string =>
  `${MEDIA_PATHS.membersOnlyRoot}/${clubId}/courses/${courseId}`;

/**
 * A public media key: a public prefix, then segments of letters, digits, '.', '_' and '-' that do
 * not start with a dot. Nothing encoded ('%'), no '.' or '..' segment, so no spelling of a key
 * reaches another prefix. Its source is also the pattern CloudFront's viewer function tests.
 */
export const PUBLIC_MEDIA_KEY = new RegExp(
  `^(?:${MEDIA_PATHS.publicPrefixes.join('|')})(?:/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$`,
);

/** The member profile page lists at most this many of the person's recent posts. */
export const MEMBER_PROFILE_RECENT_POSTS = 10;

/**
 * The contact form is real, not the mock of the original product: messages are stored, and in each fixed window
 * of `windowSeconds` at most `perSource` come from one network source (the viewer's IPv4
 * address or IPv6 /64), at most `allSenders` from everyone together (what a flood can cost is
 * bounded), and at most `perAddress` name one e-mail address. The typed address is only the
 * second check, and it allows more than one source may send, so nobody is silenced by another
 * sender typing their address.
 */
export const CONTACT_RATE_LIMIT = {
  perSource: 3,
  perAddress: 5,
  allSenders: 100,
  windowSeconds: 3600,
} as const;

/**
 * Chat between members: a message holds at most `messageLength` characters; one person starts at
 * most `newConversationsPerDay` conversations a UTC day and sends at most `messagesPerMinute`
 * messages a minute across all their conversations, so the platform cannot be used to spam
 * members; the inbox's preview of the last message is cut at `previewLength`.
 */
/**
 * Membership questions a club asks whoever requests to join: how many, and how long a question
 * and an answer may be.
 */
export const MEMBERSHIP_QUESTIONS = {
  max: 3,
  questionLength: 200,
  answerLength: 1000,
  consentLength: 300,
} as const;

export const CHAT_LIMITS = {
  messageLength: 2000,
  newConversationsPerDay: 20,
  messagesPerMinute: 20,
  previewLength: 140,
  /** Images one person may sign for upload into conversations a minute (each is a stored file). */
  imageUploadsPerMinute: 10,
  /** Conversations one person reports to the super admins a UTC day. */
  reportsPerDay: 10,
} as const;

/** What the inbox and the unread e-mail show for a message that is an image without text. */
export const CHAT_IMAGE_PREVIEW = 'Photo';

/**
 * Invitations: so the platform cannot be used to send mass mail, only an active club that is not
 * suspended sends them, a club sends at most `perClubPerDay` e-mails a UTC day, one account at most
 * `perAccountPerDay` across all its clubs, at most `rowsPerSend` in one send, and an address
 * invited to the club within `repeatAfterSeconds` is skipped. An e-mailed invitation's own token
 * works once, for `emailTokenDays`; the club's shared link works until the owner regenerates it.
 */
export const INVITATION_LIMITS = {
  perClubPerDay: 100,
  perAccountPerDay: 150,
  rowsPerSend: 20,
  repeatAfterSeconds: 24 * 3600,
  emailTokenDays: 14,
} as const;

/**
 * Invitations imported from a CSV file: at most `rows` rows from a file of at most `csvChars`
 * characters, checked and then sent off the request path through the invitation path and its
 * limits (INVITATION_LIMITS), `rowsPerItem` rows stored per item; rows beyond today's allowance
 * wait for the next UTC day's. A club starts at most `perClubPerDay` imports a UTC day, and an
 * import is kept `keepDays`.
 */
export const INVITATION_IMPORT_LIMITS = {
  rows: 1000,
  csvChars: 200_000,
  rowsPerItem: 100,
  perClubPerDay: 20,
  keepDays: 14,
} as const;

/**
 * AI outline drafts cost a model call each: only an active club that is not suspended drafts, at
 * most `perClubPerDay` a UTC day per club and `perAccountPerDay` per person across their clubs
 * (counted whether the model or the built-in template answers).
 */
export const OUTLINE_DRAFT_LIMITS = {
  perClubPerDay: 30,
  perAccountPerDay: 50,
  windowSeconds: 24 * 3600,
} as const;

/**
 * Announcements: the owner may e-mail a post to every member (those whose preferences allow it)
 * once per window of `windowHours` per club; another in the same window is refused until it ends.
 */
export const ANNOUNCEMENT_LIMITS = { perClub: 1, windowHours: 72 } as const;

/**
 * Clubs one account may hold unpaid (created, their creator plan not paid) at once: a new club
 * beyond it is refused until one is paid for or deleted.
 */
export const UNPAID_CLUBS_PER_ACCOUNT = 3;

export const DEFAULT_MEMBERSHIP_PRICE = 9.99;
export const SUPER_ADMIN_PAGE_SIZE = 10;
export const EVENT_DEFAULT_TIME = '18:00';
export const EVENT_DURATION_MINUTES = 60;
export const EVENT_MAX_AVATARS = 5;
export const LEADERBOARD_SIZE = 10;
export const COURSE_CARD_SECTIONS = 3;
export const DEFAULT_COURSE_LEVEL = 'beginner';
/** The stock images a section made from an outline starts with (served with the site, web/public/stock). */
export const COURSE_STOCK_IMAGES = [1, 2, 3, 4, 5].map((n) => `/stock/course-${n}.svg`);
export const isCourseStockImage = (path: string | null | undefined): path is string =>
  !!path && COURSE_STOCK_IMAGES.includes(path);

/**
 * At least 8 characters, on purpose more than the original product's 6: NIST SP 800-63B asks
 * for 8 and advises against composition rules. Cognito enforces the same minimum.
 */
export const PASSWORD_MIN_LENGTH = 8;

/** Input bounds, so that every stored item stays small and bounded. */
export const LIMITS = {
  clubName: 100,
  clubDescription: 2000,
  personName: 100,
  email: 254,
  password: 256,
  bio: 1000,
  location: 100,
  url: 2048,
  postTitle: 200,
  postContent: 10_000,
  postMedia: 10,
  comment: 2000,
  courseTitle: 200,
  courseText: 2000,
  courseOutline: 20_000,
  sectionTitle: 200,
  sectionHtml: 100_000,
  eventTitle: 200,
  eventDescription: 5000,
  eventLocation: 500,
  /** A week: longer gatherings are several events. */
  eventDurationMinutes: 7 * 24 * 60,
  contactSubject: 200,
  contactMessage: 5000,
  inviteMessage: 2000,
  maxPrice: 10_000,
  maxTrialDays: 365,
  pageSizeDefault: 20,
  pageSizeMax: 100,
  cursor: 1024,
  /** What a member adds to a report whose reason is 'other'. */
  reportText: 500,
} as const;

/**
 * Moderation: an item is hidden by itself once this many different members have reported it
 * (a club setting within `reportThreshold`), until a moderator decides; the moderators' queue
 * counts open items up to `countLimit` (more show as 'N+').
 */
export const MODERATION = {
  reportThreshold: { default: 3, min: 1, max: 100 },
  countLimit: 99,
  /**
   * Only members of at least this many days count toward hiding an item by reports (every report
   * still reaches the queue): accounts made for the purpose hide nothing.
   */
  reporterTenureDays: 7,
  /** Reports one person may file in a day, across clubs (then 429). */
  reportsPerPersonPerDay: 20,
} as const;

/**
 * Lambda time limits in seconds, by what a function does: the CDK's function presets read them,
 * and the Stripe client's limits below are held against them.
 */
export const FUNCTION_TIMEOUT_SECONDS = { api: 10, webhook: 10, consumer: 30, trigger: 5 } as const;

/**
 * A queued event route's SQS event source: messages handed to one invocation and invocations
 * working on the queue at once (which bounds the table's write rate from one club's fan-out). The
 * CDK's event source and the local bus (which runs at most their product at once) read them.
 */
export const EVENT_QUEUE_LIMITS = { batchSize: 10, maxConcurrency: 10 } as const;

/**
 * E-mail at SES's pace. SES refuses a send over the account's rate (a new production account may
 * send 14 messages a second: `aws sesv2 get-account`, SendQuota.MaxSendRate), and a refused
 * message is retried and then parked in the dead-letter queue. So the e-mail queue (one
 * notification or digest e-mail a message) is consumed by at most `consumers` invocations at
 * once (SQS's smallest maximum concurrency), each sending at most `sendRate / consumers` messages
 * a second: together never above `sendRate`, however much a 07:00 digest run queues. `sendRate`
 * is a stage's `sesSendRate` once SES grants more.
 */
export const EMAIL_SENDING = { sendRate: 14, consumers: 2 } as const;

/**
 * Each Stripe API call: at most `timeoutMs` a try and `maxNetworkRetries` more tries. The worst
 * case (about 8 s) stays inside an API function's limit and well inside stripe-events', so a slow
 * Stripe fails the call (the event is given back and retried), not the whole invocation.
 */
export const STRIPE_REQUEST_LIMITS = { timeoutMs: 4_000, maxNetworkRetries: 1 } as const;

/**
 * The header CloudFront adds to every request it sends to the API, holding a secret the API's
 * functions check first (functions/src/http/origin-verify.ts), and the functions' variable that
 * holds the same secret. Without it the execute-api endpoint would be a way around CloudFront,
 * its web ACL, and the CloudFront-Viewer-Address the per-source limits trust.
 */
export const ORIGIN_VERIFY = { header: 'x-clubs-origin-verify', env: 'ORIGIN_VERIFY_SECRET' } as const;
