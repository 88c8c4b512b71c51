/**
 * The traffic the bill in docs/COST.md is worked out for: 1,000 clubs, 50,000 members and
 * 30,000 of them active in a month. Every figure is stated here once, with the reasoning, so a
 * reader can disagree with one number and re-run `npm run cost`.
 */
export const ASSUMPTIONS = {
  clubs: 1_000,
  members: 50_000,
  monthlyActives: 30_000,
  /** Visits per active member per month, and what one visit does. */
  sessionsPerActive: 8,
  /** API calls per visit: the feed, a few posts and comments, likes, events, a course section. */
  apiCallsPerSession: 40,
  /** Calls to Cognito's API per visit (a token refresh or a sign-in; sign-ups and resets are rare). */
  cognitoCallsPerSession: 2,
  /** Page documents, scripts and styles per visit that reach CloudFront (most from its cache). */
  siteRequestsPerSession: 12,
  /**
   * Pages drawn with their data per visit that reach the site-pages function: a club's page on
   * every request, the landing page and the directory when the edge's copy has run out (counted
   * as if it always had), and its duration drawing one with React.
   */
  drawnPagesPerSession: 1,
  drawnPageDurationMs: 80,
  /** Public images (club logos, covers, avatars) per visit under /media. */
  mediaRequestsPerSession: 25,
  /** Bytes out per visit: the app (compressed, mostly cached by the browser), images, API answers. */
  siteBytesPerSession: 400_000,
  mediaBytesPerSession: 2_500_000,
  apiBytesPerCall: 4_000,
  /** Members-only media read through presigned URLs on the bucket (not through CloudFront). */
  presignedMediaBytesPerSession: 1_500_000,
  /** Share of API calls that write, and the items one write touches on average. */
  writeShare: 0.12,
  itemsPerWrite: 2,
  /** Index entries one item write also rewrites on average (its global secondary indexes' copies). */
  indexCopiesPerItemWrite: 1.5,
  /** Read request units one API call consumes on average (queries of small items, eventually consistent). */
  readUnitsPerCall: 4,
  /** Average function duration per API call, in milliseconds. */
  apiDurationMs: 90,
  /** Stored data: table items and media objects. */
  tableGb: 6,
  mediaGb: 400,
  /** Log bytes per API call: the function's request line and the API's access log line. */
  functionLogBytesPerCall: 700,
  accessLogBytesPerCall: 600,
  /** E-mail per month besides the fan-out's: invitations, Cognito's codes and resets, billing notices. */
  emailsPerMonth: 40_000,
  /** Stripe events on the bus per month (subscriptions, invoices, checkouts). */
  busEventsPerMonth: 60_000,
  /**
   * The fan-out: every write is a change event on the bus, which this many rules hand to a
   * function on average (notifications, live updates, and search for posts, comments, events,
   * courses and member cards).
   */
  rulesPerChange: 2.5,
  /** Club-wide notifications a club makes a month (each reaches every member, in batches). */
  announcementsPerClubMonth: 4,
  eventsPerClubMonth: 4,
  /** Members who take an announcement, or an event's reminder, by e-mail too. */
  announcementEmailShare: 0.5,
  reminderEmailShare: 0.3,
  /** Members subscribed to the daily digest (07:00 UTC) and to the weekly one (Mondays). */
  dailyDigestShare: 0.1,
  weeklyDigestShare: 0.3,
  /** Milliseconds a fan-out invocation (a change, a batch of recipients) runs on average. */
  eventDurationMs: 150,
  /** Secrets Manager reads per month (cold starts read the Stripe key once each). */
  secretReadsPerMonth: 200_000,
  /** Share of requests X-Ray records beyond its one-a-second reservoir (its default rule). */
  xraySampleShare: 0.05,
  /** WAF log records kept (blocked or counted requests), and bytes per record. */
  wafLoggedShare: 0.02,
  wafLogBytesPerRecord: 1_500,
  /** Search: documents a word index holds (clubs, members), words per document, searches per active. */
  searchDocuments: 51_000,
  wordsPerDocument: 12,
  documentChangesPerMonth: 20_000,
  searchesPerActive: 10,
  /** Live updates over a WebSocket API: minutes connected per visit, messages per connected minute. */
  websocketMinutesPerSession: 20,
  websocketMessagesPerMinute: 2,
} as const;
