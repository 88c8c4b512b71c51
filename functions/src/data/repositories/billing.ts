/**
 * What the app remembers of Stripe, so that it never has to search Stripe:
 * - per person (USER#{userId} / BILLING): their Stripe customer, their Connect Express account
 *   and that account's onboarding state as the last account.updated (or read) reported it;
 * - per club (CLUB#{clubId} / PLAN): the creator-plan subscription;
 * - per member of a paid club (CLUB#{clubId} / SUBSCRIPTION#{userId}): their subscription.
 *
 * Subscription records hold Stripe's subscription status. A subscription that ended (canceled,
 * incomplete_expired) cannot come back, so once stored that status is never overwritten with a
 * live one for the same subscription: a slow handler that read Stripe before the end cannot
 * revive it.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ClubStatus, CreatorPlanInterval } from '@clubs/shared';
import { type Key, keys, prefixes } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import { statsActions } from '../club-stats.ts';
import { type SubscriptionBefore, subscriptionStatsActions } from '../club-subscription-stats.ts';
import { sendRetryingConflicts } from '../counted-write.ts';
import { transactionConditionFailures, writeIfConditionHolds } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { addSteps, type FigureSteps, figure, figuresAction } from '../platform-figures.ts';
import { queryAll } from '../query.ts';

/** Stripe subscription statuses after which a subscription never charges again. */
export const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired'] as const;
export const isEndedStatus = (status: string | null | undefined): boolean =>
  status !== null &&
  status !== undefined &&
  (ENDED_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
/** Statuses of a subscription that grants access: paid up or in its trial. */
export const isLiveStatus = (status: string | null | undefined): boolean =>
  status === 'active' || status === 'trialing';

/** The club status a creator-plan subscription status stands for. */
export function clubStatusFor(subscriptionStatus: string): ClubStatus {
  if (isLiveStatus(subscriptionStatus)) return 'active';
  if (isEndedStatus(subscriptionStatus)) return 'inactive';
  return 'unpaid';
}

export interface ConnectState {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

export interface UserBilling {
  userId: string;
  stripeCustomerId: string | null;
  connectAccountId: string | null;
  connect: ConnectState & { updatedAt: string | null };
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export async function getUserBilling(userId: string): Promise<UserBilling> {
  const item = await getItem(keys.userBilling(userId), { consistent: true });
  return {
    userId,
    stripeCustomerId: text(item?.stripeCustomerId),
    connectAccountId: text(item?.connectAccountId),
    connect: {
      detailsSubmitted: item?.connectDetailsSubmitted === true,
      chargesEnabled: item?.connectChargesEnabled === true,
      payoutsEnabled: item?.connectPayoutsEnabled === true,
      updatedAt: text(item?.connectUpdatedAt),
    },
  };
}

/**
 * Stores an id on the person's billing item unless one is already there; returns the stored
 * one. Two concurrent first checkouts thus agree on one customer (the loser's is left unused).
 */
async function keepFirst(userId: string, attribute: string, value: string): Promise<string> {
  const { Attributes } = await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.userBilling(userId),
      UpdateExpression: 'SET #attr = if_not_exists(#attr, :value), #type = :type, userId = :userId',
      ExpressionAttributeNames: { '#attr': attribute, '#type': 'type' },
      ExpressionAttributeValues: { ':value': value, ':type': 'user_billing', ':userId': userId },
      ReturnValues: 'ALL_NEW',
    }),
  );
  const stored = text(Attributes?.[attribute]);
  if (!stored) throw new Error(`${attribute} was not stored`);
  return stored;
}

export const saveStripeCustomer = (userId: string, customerId: string) =>
  keepFirst(userId, 'stripeCustomerId', customerId);

export const saveConnectAccount = (userId: string, accountId: string) =>
  keepFirst(userId, 'connectAccountId', accountId);

/** Records a connected account's onboarding state; false unless it is this person's account. */
export async function saveConnectState(
  userId: string,
  accountId: string,
  state: ConnectState,
  now = new Date(),
): Promise<boolean> {
  return writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.userBilling(userId),
        UpdateExpression:
          'SET connectDetailsSubmitted = :details, connectChargesEnabled = :charges, connectPayoutsEnabled = :payouts, connectUpdatedAt = :now',
        ConditionExpression: 'connectAccountId = :account',
        ExpressionAttributeValues: {
          ':details': state.detailsSubmitted,
          ':charges': state.chargesEnabled,
          ':payouts': state.payoutsEnabled,
          ':now': now.toISOString(),
          ':account': accountId,
        },
      }),
    ),
  );
}

/** Which subscription record: a club's creator plan, or one member's subscription to a club. */
export type SubscriptionTarget =
  | { kind: 'club_plan'; clubId: string }
  | { kind: 'membership'; clubId: string; userId: string };

export interface SubscriptionRecord {
  clubId: string;
  /** The payer: the club's owner (plan) or the member. */
  userId: string | null;
  subscriptionId: string | null;
  customerId: string | null;
  /** Stripe's subscription status as last stored. */
  status: string | null;
  /** The last Checkout Session opened for this target, reused while it is open. */
  checkoutSessionId: string | null;
  checkoutPlan: CreatorPlanInterval | null;
  /**
   * When a subscription of this target first began with a free trial. Kept through every later
   * subscription: a person gets a club's trial once, however their subscriptions end.
   */
  trialUsedAt: string | null;
  updatedAt: string | null;
}

const keyOf = (target: SubscriptionTarget): Key =>
  target.kind === 'club_plan'
    ? keys.clubPlan(target.clubId)
    : keys.memberSubscription(target.clubId, target.userId);

const itemType = (target: SubscriptionTarget) =>
  target.kind === 'club_plan' ? 'club_plan' : 'member_subscription';

function toRecord(clubId: string, Item: Record<string, unknown>): SubscriptionRecord {
  const plan = Item.checkoutPlan;
  return {
    clubId,
    userId: text(Item.userId),
    subscriptionId: text(Item.subscriptionId),
    customerId: text(Item.customerId),
    status: text(Item.status),
    checkoutSessionId: text(Item.checkoutSessionId),
    checkoutPlan: plan === 'monthly' || plan === 'annual' ? plan : null,
    trialUsedAt: text(Item.trialUsedAt),
    updatedAt: text(Item.updatedAt),
  };
}

/** Which of these people pay the club through a live subscription: one batch of key lookups. */
export async function payingMembers(clubId: string, userIds: readonly string[]): Promise<Set<string>> {
  const found = await batchGet(
    userIds.map((userId) => keys.memberSubscription(clubId, userId)),
    ['status'],
  );
  return new Set(
    userIds.filter((userId) =>
      isLiveStatus(text(found.get(keyId(keys.memberSubscription(clubId, userId)))?.status)),
    ),
  );
}

export async function getSubscriptionRecord(target: SubscriptionTarget): Promise<SubscriptionRecord | null> {
  const item = await getItem(keyOf(target), { consistent: true });
  return item ? toRecord(target.clubId, item) : null;
}

/** Every member subscription record of a club: queries of the club's partition only. */
export function listMemberSubscriptions(clubId: string): Promise<SubscriptionRecord[]> {
  return queryAll(
    { partition: keys.club(clubId).pk, sortKey: { beginsWith: prefixes.subscription }, consistentRead: true },
    (item) => toRecord(clubId, item),
  );
}

/**
 * Sets attributes on a target's record, creating it with its type, club and first payer when
 * it does not exist yet.
 */
function recordUpdate(
  target: SubscriptionTarget,
  userId: string,
  set: string,
  values: Record<string, unknown>,
) {
  return {
    TableName: tableName(),
    Key: keyOf(target),
    UpdateExpression: `SET #type = :type, clubId = :clubId, userId = if_not_exists(userId, :userId), ${set}`,
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: {
      ':type': itemType(target),
      ':clubId': target.clubId,
      ':userId': userId,
      ...values,
    },
  };
}

async function updateRecord(
  target: SubscriptionTarget,
  userId: string,
  set: string,
  values: Record<string, unknown>,
): Promise<void> {
  await db().send(new UpdateCommand(recordUpdate(target, userId, set, values)));
}

/**
 * Remembers the Checkout Session just opened, so a second click reuses it while it is open; a
 * membership's counts as a checkout started in the club's analytics, in the same transaction.
 */
export async function saveCheckoutSession(
  target: SubscriptionTarget,
  userId: string,
  sessionId: string,
  plan: CreatorPlanInterval | null,
  now = new Date(),
): Promise<void> {
  const update = recordUpdate(
    target,
    userId,
    'checkoutSessionId = :session, checkoutPlan = :plan, updatedAt = :now',
    {
      ':session': sessionId,
      ':plan': plan,
      ':now': now.toISOString(),
    },
  );
  const stats = target.kind === 'membership' ? statsActions(target.clubId, now, { checkoutsStarted: 1 }) : [];
  await sendRetryingConflicts({ TransactItems: [{ Update: update }, ...stats] });
}

/** What a subscription charges a month, in minor units of its currency (payments/revenue.ts). */
export interface SubscriptionRevenue {
  currency: string;
  monthly: number;
}

export interface SubscriptionState {
  subscriptionId: string;
  customerId: string | null;
  status: string;
  userId: string;
  /** The subscription began with a free trial (Stripe's trial_start is set). */
  hadTrial?: boolean;
  /** What it charges; unknown, it is counted without revenue. */
  revenue?: SubscriptionRevenue | null;
}

/**
 * The platform figures count a subscription while its status is active (paid up; a trial has
 * not paid yet), with its monthly revenue. The record keeps what it counts (`countedRevenue`,
 * "currency:monthly"), so each change of the record moves the figures by the difference, in the
 * same transaction, conditioned on the record still counting what was read.
 */
const COUNTED = 'countedRevenue';

const countedOf = (state: SubscriptionState): string | null =>
  state.status === 'active' ? `${state.revenue?.currency ?? ''}:${state.revenue?.monthly ?? 0}` : null;

function countedSteps(kind: SubscriptionTarget['kind'], counted: string | null, sign: 1 | -1): FigureSteps {
  if (counted === null) return {};
  const [currency = '', monthly = '0'] = counted.split(':');
  const steps: FigureSteps = { [figure.subscriptions(kind)]: sign };
  if (currency) steps[figure.mrr(kind, currency)] = sign * Number(monthly);
  return steps;
}

/** What the record counted and said before a change: its counted revenue, status and subscription. */
async function readBefore(target: SubscriptionTarget): Promise<SubscriptionBefore> {
  const { Item } = await db().send(
    new GetCommand({
      TableName: tableName(),
      Key: keyOf(target),
      ConsistentRead: true,
      ProjectionExpression: '#counted, #status, subscriptionId',
      ExpressionAttributeNames: { '#counted': COUNTED, '#status': 'status' },
    }),
  );
  return {
    counted: text(Item?.[COUNTED]),
    status: text(Item?.status),
    subscriptionId: text(Item?.subscriptionId),
  };
}

export type SaveSubscriptionResult =
  /** Stored; `status` is what the record now says. */
  | { saved: true; status: string }
  /** The record names another subscription than `expected`: read again and decide again. */
  | { saved: false; reason: 'changed' }
  /** This subscription already ended; the record keeps that. */
  | { saved: false; reason: 'ended'; status: string };

/**
 * Stores a subscription's state on its record, replacing the subscription named there only if
 * it is still `expected` (null: none yet). An ended subscription is never stored as live again.
 * The platform figures follow the record in the same transaction.
 */
export async function saveSubscriptionState(
  target: SubscriptionTarget,
  state: SubscriptionState,
  expected: string | null,
  now = new Date(),
): Promise<SaveSubscriptionResult> {
  const live = !isEndedStatus(state.status);
  const sameSubscription = expected === state.subscriptionId;
  const previous = await readBefore(target);
  const before = previous.counted;
  const after = countedOf(state);
  const conditions = [
    expected === null ? 'attribute_not_exists(subscriptionId)' : 'subscriptionId = :expected',
    before === null ? 'attribute_not_exists(#counted)' : '#counted = :before',
    // The club's analytics count trials by the status read (club-stats.ts).
    previous.status === null ? 'attribute_not_exists(#status)' : '#status = :statusBefore',
  ];
  if (live && sameSubscription) conditions.push('NOT (#status IN (:canceled, :expired))');
  const steps = addSteps(countedSteps(target.kind, before, -1), countedSteps(target.kind, after, 1));
  try {
    await sendRetryingConflicts({
      TransactItems: [
        {
          Update: {
            TableName: tableName(),
            Key: keyOf(target),
            UpdateExpression:
              'SET #type = :type, clubId = :clubId, userId = :userId, subscriptionId = :subscription, customerId = :customer, #status = :status, updatedAt = :now' +
              (state.hadTrial ? ', trialUsedAt = if_not_exists(trialUsedAt, :now)' : '') +
              (after === null ? ' REMOVE #counted' : ', #counted = :after'),
            ConditionExpression: conditions.join(' AND '),
            ExpressionAttributeNames: { '#type': 'type', '#status': 'status', '#counted': COUNTED },
            ExpressionAttributeValues: {
              ':type': itemType(target),
              ':clubId': target.clubId,
              ':userId': state.userId,
              ':subscription': state.subscriptionId,
              ':customer': state.customerId,
              ':status': state.status,
              ':now': now.toISOString(),
              ...(expected === null ? {} : { ':expected': expected }),
              ...(before === null ? {} : { ':before': before }),
              ...(previous.status === null ? {} : { ':statusBefore': previous.status }),
              ...(after === null ? {} : { ':after': after }),
              ...(live && sameSubscription
                ? { ':canceled': 'canceled', ':expired': 'incomplete_expired' }
                : {}),
            },
          },
        },
        ...figuresAction(target.clubId, steps),
        ...(target.kind === 'membership'
          ? subscriptionStatsActions(target.clubId, previous, state, after, now)
          : []),
      ],
    });
    return { saved: true, status: state.status };
  } catch (error) {
    if (!transactionConditionFailures(error)) throw error;
    const current = await getSubscriptionRecord(target);
    if (current?.subscriptionId === state.subscriptionId && isEndedStatus(current.status)) {
      return { saved: false, reason: 'ended', status: current.status as string };
    }
    return { saved: false, reason: 'changed' };
  }
}

/**
 * Remembers that a target's free trial was used, when Stripe knew it and the record did not
 * (a subscription older than the record's trial mark). Never moves an earlier mark.
 */
export function markTrialUsed(target: SubscriptionTarget, userId: string, now = new Date()): Promise<void> {
  return updateRecord(target, userId, 'trialUsedAt = if_not_exists(trialUsedAt, :now)', {
    ':now': now.toISOString(),
  });
}
