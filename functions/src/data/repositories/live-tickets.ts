/**
 * The live socket's tickets: one item per ticket, naming the person it was issued to, with a TTL
 * a little past the moment it stops working. $connect deletes it conditionally, so a ticket opens
 * at most one socket however many connect with it at once.
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '@clubs/shared';
import { keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { isConditionFailed } from '../errors.ts';

export interface TicketHolder {
  userId: string;
  isSuperAdmin: boolean;
}

/** Stores a new ticket for the person, good until `validUntil`. */
export async function putTicket(ticket: string, holder: TicketHolder, validUntil: Date): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.liveTicket(ticket),
        type: 'LiveTicket',
        userId: holder.userId,
        isSuperAdmin: holder.isSuperAdmin,
        validUntil: validUntil.getTime(),
        [TABLE.ttlAttribute]: Math.ceil(validUntil.getTime() / 1000) + 60,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Deletes the ticket if it exists and is still good, and says whose it was; null when it was
 * never issued, already used or expired (an expired one is left to its TTL).
 */
export async function takeTicket(ticket: string, now = new Date()): Promise<TicketHolder | null> {
  try {
    const result = await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: keys.liveTicket(ticket),
        ConditionExpression: 'attribute_exists(pk) AND validUntil > :now',
        ExpressionAttributeValues: { ':now': now.getTime() },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const item = result.Attributes;
    if (!item || typeof item.userId !== 'string') return null;
    return { userId: item.userId, isSuperAdmin: item.isSuperAdmin === true };
  } catch (error) {
    if (isConditionFailed(error)) return null;
    throw error;
  }
}
