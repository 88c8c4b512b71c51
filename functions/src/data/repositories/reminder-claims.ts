/**
 * An event's reminder is claimed as its schedule fires, in one transaction with the club's count
 * of reminders for the day: the claim (one item per event, naming the start it was sent for)
 * makes it the event's only reminder, however often the event is moved afterwards, and the count
 * caps the club's reminders per day (EVENT_REMINDER_LIMITS). Nothing is written when either
 * refuses. A repeat of the same firing (a retried delivery) finds its own claim and may go on:
 * its notifications are written once anyway.
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { EVENT_REMINDER_LIMITS, type EventReminderDue, TABLE } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { transactionConditionFailures } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { type RateWindow, rateWindowCount, retryOnConflict } from '../rate-windows.ts';

export type ReminderClaim = 'claimed' | 'claimed-before' | 'reminded-before' | 'club-capped';

/** How long a claim outlives the start it was sent for: past it, nothing can fire for it. */
const CLAIM_KEPT_S = 7 * 24 * 3600;

const clubReminderRate = (clubId: string): RateWindow => ({
  scope: 'event-reminder',
  subject: clubId,
  limit: EVENT_REMINDER_LIMITS.perClubPerDay,
  windowSeconds: 24 * 3600,
});

export async function claimReminder(due: EventReminderDue, now: Date): Promise<ReminderClaim> {
  const key = keys.eventReminderClaim(due.eventId);
  try {
    await retryOnConflict(() =>
      db().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: tableName(),
                Item: {
                  ...key,
                  type: 'event_reminder_claim',
                  clubId: due.clubId,
                  startsAt: due.startsAt,
                  claimedAt: now.toISOString(),
                  [TABLE.ttlAttribute]: Math.floor(Date.parse(due.startsAt) / 1000) + CLAIM_KEPT_S,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            rateWindowCount(clubReminderRate(due.clubId), now),
          ],
        }),
      ),
    );
    return 'claimed';
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    if (failed.includes(0)) {
      const claim = await getItem(key, { consistent: true });
      return claim?.startsAt === due.startsAt ? 'claimed-before' : 'reminded-before';
    }
    return 'club-capped';
  }
}
