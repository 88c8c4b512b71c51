/**
 * Moderation cases: one per reported or held post or comment (keys.moderationCase), open in the
 * club's queue (gsi1) until a moderator decides. A report is put only where none is, in the same
 * transaction as its count on the case, so counts stay exact and a repeat is refused; only
 * reports of members with tenure count toward hiding the item. Each write is conditioned on the
 * case's state, so an item is hidden by reports once and a case decided once; a report after the
 * decision, or an edit of the post, puts it back in the queue counting only the reports since.
 */
import {
  type HiddenReason,
  hiddenReasonSchema,
  idSchema,
  isoDateTime,
  type ModerationAction,
  REPORT_REASONS,
  type ReportCase,
  type ReportInput,
  type ReportReason,
  TABLE,
} from '@clubs/shared';
import { indexKeys, type Key, keys } from '@clubs/shared/table-keys';
import * as z from 'zod';
import { tableName } from '../client.ts';
import { sendRetryingConflicts, type TransactItem } from '../counted-write.ts';
import { transactionConditionFailures } from '../errors.ts';
import { getEntity } from '../get-item.ts';
import { countUpTo, type Page, queryPage } from '../query.ts';
import { type RateWindow, rateWindowCount } from '../rate-windows.ts';
import type { StoredPost } from './posts.ts';

/** The post or comment a case is about, as the service read it. */
export interface ModeratedItem {
  kind: 'post' | 'comment';
  clubId: string;
  postId: string;
  commentId: string | null;
  authorId: string;
  authorName: string;
  excerpt: string;
}

export const itemIdOf = (item: Pick<ModeratedItem, 'postId' | 'commentId'>) => item.commentId ?? item.postId;

/** The stored post or comment item of a case. */
export const itemKeyOf = (item: Pick<ModeratedItem, 'clubId' | 'postId' | 'commentId'>): Key =>
  item.commentId ? keys.comment(item.postId, item.commentId) : keys.post(item.clubId, item.postId);

const reasonAttribute = (reason: ReportReason) => `reason_${reason}`;

const storedCaseSchema = z.object({
  kind: z.enum(['post', 'comment']),
  clubId: idSchema,
  postId: idSchema,
  commentId: idSchema.nullable(),
  authorId: idSchema,
  authorName: z.string(),
  excerpt: z.string(),
  reportCount: z.number().int().default(0),
  note: z.string().nullable().default(null),
  hidden: hiddenReasonSchema.nullable().default(null),
  openedAt: isoDateTime,
  decision: z.string().optional(),
});
export type StoredCase = z.infer<typeof storedCaseSchema> & { reasons: Record<ReportReason, number> };

function toCase(item: Record<string, unknown>): StoredCase {
  const parsed = storedCaseSchema.parse(item);
  const reasons = Object.fromEntries(
    REPORT_REASONS.map((reason) => [reason, Number(item[reasonAttribute(reason)] ?? 0)]),
  ) as Record<ReportReason, number>;
  return { ...parsed, reasons };
}

export const toReportCase = (stored: StoredCase): ReportCase => ({
  id: itemIdOf(stored),
  kind: stored.kind,
  postId: stored.postId,
  commentId: stored.commentId,
  author: { id: stored.authorId, name: stored.authorName },
  excerpt: stored.excerpt,
  reportCount: stored.reportCount,
  reasons: stored.reasons,
  note: stored.note,
  hidden: stored.hidden,
  firstReportedAt: stored.openedAt,
});

const OPEN = 'open';

/** A new case's own attributes, open in the queue. */
function caseFields(item: ModeratedItem, now: Date): Record<string, unknown> {
  return {
    ...indexKeys.moderationCase(item.clubId, OPEN, now.toISOString(), itemIdOf(item)),
    type: 'moderation-case',
    kind: item.kind,
    clubId: item.clubId,
    postId: item.postId,
    commentId: item.commentId,
    authorId: item.authorId,
    authorName: item.authorName,
    excerpt: item.excerpt,
    openedAt: now.toISOString(),
  };
}

/** The case's own attributes, written by whichever write opens it first. */
function openingUpdate(item: ModeratedItem, now: Date) {
  const fields = caseFields(item, now);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([name, value], i) => {
    names[`#o${i}`] = name;
    values[`:o${i}`] = value;
    return `#o${i} = if_not_exists(#o${i}, :o${i})`;
  });
  return { sets, names, values };
}

export type ReportOutcome = 'reported' | 'already_reported' | 'gone' | 'decided' | 'rate_limited';

/** How a report counts: toward hiding the item (a reporter with tenure), and in the reporter's daily limit. */
export interface ReportCounting {
  towardHiding: boolean;
  rate?: RateWindow;
}

/**
 * The case's count of reports that may hide its item (from reporters with tenure); reportCount
 * counts them all.
 */
const HIDING_COUNT = 'hidingReportCount';

/**
 * Puts the member's report and counts it on the item's case (opened by the first report), while
 * the item still exists, and in the reporter's rate window when given: 'already_reported' for a
 * second report of the same member, 'rate_limited' when the window is full (nothing counted).
 */
export async function addReport(
  item: ModeratedItem,
  reporterId: string,
  input: ReportInput,
  counting: ReportCounting = { towardHiding: true },
  now = new Date(),
): Promise<ReportOutcome> {
  const itemId = itemIdOf(item);
  const opening = openingUpdate(item, now);
  const noteSet = input.text ? ', #note = :note' : '';
  const actions: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...keys.report(item.clubId, itemId, reporterId),
          type: 'report',
          reporterId,
          reason: input.reason,
          text: input.text,
          reportedAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: tableName(),
        Key: keys.moderationCase(item.clubId, itemId),
        UpdateExpression: `SET ${opening.sets.join(', ')}${noteSet} ADD #count :one, #reason :one, #hiding :hiding`,
        // A decided case is reopened first (reopenDecidedCase), so the report counts in the open one.
        ConditionExpression: 'attribute_not_exists(#decision)',
        ExpressionAttributeNames: {
          ...opening.names,
          '#decision': 'decision',
          '#count': 'reportCount',
          '#hiding': HIDING_COUNT,
          '#reason': reasonAttribute(input.reason),
          ...(input.text ? { '#note': 'note' } : {}),
        },
        ExpressionAttributeValues: {
          ...opening.values,
          ':one': 1,
          ':hiding': counting.towardHiding ? 1 : 0,
          ...(input.text ? { ':note': input.text } : {}),
        },
      },
    },
    {
      ConditionCheck: {
        TableName: tableName(),
        Key: itemKeyOf(item),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    ...(counting.rate ? [rateWindowCount(counting.rate, now)] : []),
  ];
  try {
    await sendRetryingConflicts({ TransactItems: actions });
    return 'reported';
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    if (failed.includes(0)) return 'already_reported';
    if (failed.includes(1)) return 'decided';
    return failed.includes(2) ? 'gone' : 'rate_limited';
  }
}

/**
 * Hides an open case's item by its reports once those from reporters with tenure reach
 * `threshold`, with `alsoPut` (the audit entry) and `also` (the outbox item announcing it), in one
 * transaction: true for exactly one caller (the case's condition holds once).
 */
export async function claimAutoHide(
  item: ModeratedItem,
  threshold: number,
  alsoPut: Record<string, unknown>[],
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  const reports: HiddenReason = 'reports';
  try {
    await sendRetryingConflicts({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.moderationCase(item.clubId, itemIdOf(item)),
            UpdateExpression: 'SET #hidden = :reports',
            ConditionExpression:
              '#count >= :threshold AND attribute_not_exists(#hidden) AND #queue = :open AND attribute_not_exists(#decision)',
            ExpressionAttributeNames: {
              '#hidden': 'hidden',
              '#count': HIDING_COUNT,
              '#queue': TABLE.indexes.byStatus.partitionKey,
              '#decision': 'decision',
            },
            ExpressionAttributeValues: {
              ':reports': reports,
              ':threshold': threshold,
              ':open': indexKeys.moderationPartition(item.clubId, OPEN),
            },
          },
        },
        { Update: { TableName: tableName(), Key: itemKeyOf(item), ...hiddenUpdate(reports) } },
        ...alsoPut.map((entry) => ({ Put: { TableName: tableName(), Item: entry } })),
        ...also,
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)) return false;
    throw error;
  }
}

function hiddenUpdate(hidden: HiddenReason | null) {
  return hidden
    ? {
        UpdateExpression: 'SET #hidden = :hidden',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#hidden': 'hidden' },
        ExpressionAttributeValues: { ':hidden': hidden },
      }
    : {
        UpdateExpression: 'REMOVE #hidden',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#hidden': 'hidden' },
      };
}

/** Characters of an item's text the queue shows. */
const EXCERPT_LENGTH = 200;

export const excerptOf = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;

/** A post as the queue knows it. */
export const postAsModerated = (
  post: Pick<StoredPost, 'clubId' | 'id' | 'authorId' | 'authorName' | 'title' | 'content'>,
): ModeratedItem => ({
  kind: 'post',
  clubId: post.clubId,
  postId: post.id,
  commentId: null,
  authorId: post.authorId,
  authorName: post.authorName,
  excerpt: excerptOf(post.title || post.content),
});

/**
 * Opens a case for a post held for approval (no reports yet): the queue shows it until a
 * moderator publishes (keep) or removes it. Put in the post's own transaction.
 */
export function heldCasePut(post: Parameters<typeof postAsModerated>[0], now: Date): TransactItem {
  return { Put: { TableName: tableName(), Item: heldCaseItem(postAsModerated(post), now) } };
}

function heldCaseItem(item: ModeratedItem, now: Date): Record<string, unknown> {
  return {
    ...keys.moderationCase(item.clubId, itemIdOf(item)),
    ...caseFields(item, now),
    reportCount: 0,
    hidden: 'held' satisfies HiddenReason,
  };
}

export const getCase = (clubId: string, itemId: string): Promise<StoredCase | null> =>
  getEntity(keys.moderationCase(clubId, itemId), toCase, { consistent: true });

/** What a decision leaves the item as: hidden (and why), shown, or untouched (deleted after). */
export type ItemAfter = { hidden: HiddenReason | null } | 'untouched';

/**
 * Closes an open case with the decision, changes the item's visibility and puts `alsoPut` (the
 * audit entry) and `also` (the outbox item announcing it) in one transaction: false when the case
 * was not open (decided meanwhile: nothing changes) or the item is gone.
 */
export async function decideCase(
  stored: StoredCase,
  action: ModerationAction,
  itemAfter: ItemAfter,
  alsoPut: Record<string, unknown>[],
  now: Date,
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  const itemId = itemIdOf(stored);
  const decided = indexKeys.moderationCase(stored.clubId, 'decided', now.toISOString(), itemId);
  const hiddenAfter = itemAfter === 'untouched' ? stored.hidden : itemAfter.hidden;
  const actions: TransactItem[] = [
    {
      Update: {
        TableName: tableName(),
        Key: keys.moderationCase(stored.clubId, itemId),
        // The reports it decided are remembered, so a reopened case counts only the ones after.
        UpdateExpression: `SET #decision = :decision, #decidedAt = :now, #gpk = :gpk, #gsk = :gsk, #decidedCount = #count, #decidedHiding = if_not_exists(#hiding, :zero)${
          hiddenAfter ? ', #hidden = :hidden' : ''
        }${hiddenAfter ? '' : ' REMOVE #hidden'}`,
        ConditionExpression: '#gpk = :open',
        ExpressionAttributeNames: {
          '#decision': 'decision',
          '#decidedAt': 'decidedAt',
          '#decidedCount': DECIDED_COUNT,
          '#count': 'reportCount',
          '#decidedHiding': DECIDED_HIDING_COUNT,
          '#hiding': HIDING_COUNT,
          '#gpk': TABLE.indexes.byStatus.partitionKey,
          '#gsk': TABLE.indexes.byStatus.sortKey,
          '#hidden': 'hidden',
        },
        ExpressionAttributeValues: {
          ':zero': 0,
          ':decision': action,
          ':now': now.toISOString(),
          ':gpk': decided.gsi1pk,
          ':gsk': decided.gsi1sk,
          ':open': indexKeys.moderationPartition(stored.clubId, OPEN),
          ...(hiddenAfter ? { ':hidden': hiddenAfter } : {}),
        },
      },
    },
    ...(itemAfter === 'untouched'
      ? []
      : [{ Update: { TableName: tableName(), Key: itemKeyOf(stored), ...hiddenUpdate(itemAfter.hidden) } }]),
    ...alsoPut.map((item) => ({ Put: { TableName: tableName(), Item: item } })),
    ...also,
  ];
  try {
    await sendRetryingConflicts({ TransactItems: actions });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)) return false;
    throw error;
  }
}

/** The reports a decision covered (reportCount when it was made). */
const DECIDED_COUNT = 'decidedReportCount';
/** The reports toward hiding a decision covered (hidingReportCount when it was made). */
const DECIDED_HIDING_COUNT = 'decidedHidingReportCount';

/**
 * Puts a decided case back in the queue, as new as `now`, showing the item's text as it is now: a
 * report after the decision, or an edit of the item, needs a moderator's look again (a kept post edited into spam, a report of a
 * post kept before). It counts only the reports since the decision, so the earlier ones do not
 * hide the item at the next report. One conditional update: a case never decided, or reopened
 * meanwhile (by a concurrent report, whose count it already holds), is left as it is.
 */
export async function reopenDecidedCase(
  item: Pick<ModeratedItem, 'clubId' | 'postId' | 'commentId' | 'excerpt'>,
  now: Date,
): Promise<boolean> {
  const itemId = itemIdOf(item);
  const open = indexKeys.moderationCase(item.clubId, OPEN, now.toISOString(), itemId);
  try {
    await sendRetryingConflicts({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keys.moderationCase(item.clubId, itemId),
            UpdateExpression:
              'SET #gpk = :gpk, #gsk = :gsk, #openedAt = :now, #excerpt = :excerpt, #count = #count - if_not_exists(#decidedCount, :zero), #hiding = if_not_exists(#hiding, :zero) - if_not_exists(#decidedHiding, :zero) REMOVE #decision, #decidedAt, #decidedCount, #decidedHiding',
            ConditionExpression: 'attribute_exists(#decision)',
            ExpressionAttributeNames: {
              '#gpk': TABLE.indexes.byStatus.partitionKey,
              '#gsk': TABLE.indexes.byStatus.sortKey,
              '#openedAt': 'openedAt',
              '#excerpt': 'excerpt',
              '#count': 'reportCount',
              '#decidedCount': DECIDED_COUNT,
              '#hiding': HIDING_COUNT,
              '#decidedHiding': DECIDED_HIDING_COUNT,
              '#decision': 'decision',
              '#decidedAt': 'decidedAt',
            },
            ExpressionAttributeValues: {
              ':gpk': open.gsi1pk,
              ':gsk': open.gsi1sk,
              ':now': now.toISOString(),
              ':excerpt': item.excerpt,
              ':zero': 0,
            },
          },
        },
      ],
    });
    return true;
  } catch (error) {
    if (transactionConditionFailures(error)) return false;
    throw error;
  }
}

const openQuery = (clubId: string) => ({
  index: TABLE.indexes.byStatus,
  partition: indexKeys.moderationPartition(clubId, OPEN),
});

/** The open cases, newest first, by cursor: one query. */
export function listOpenCases(
  clubId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<StoredCase>> {
  return queryPage({ ...openQuery(clubId), order: 'descending' }, page, toCase);
}

/** How many cases are open, up to `atMost`: one query. */
export const countOpenCases = (clubId: string, atMost: number) => countUpTo(openQuery(clubId), atMost);
