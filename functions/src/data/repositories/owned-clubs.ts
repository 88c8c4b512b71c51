/** A person's own clubs, read through the owner index (gsi2: OWNER#{ownerId}, newest first). */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { type Club, type ClubStatus, clubSchema, TABLE } from '@clubs/shared';
import { db, tableName } from '../client.ts';
import { indexKeys, withoutKeys } from '../keys.ts';

const OWNER_INDEX = TABLE.indexes.byOwner;
/** Clubs read per query while looking for the newest one of a status. */
const PAGE = 25;
/** An owner with more clubs than this in other statuses is not searched further. */
const MAX_PAGES = 8;

/** The owner's newest club of a status, or null: queries of the owner's partition only. */
export async function newestOwnedClubWithStatus(ownerId: string, status: ClubStatus): Promise<Club | null> {
  let startKey: Record<string, unknown> | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { Items = [], LastEvaluatedKey } = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: OWNER_INDEX.name,
        KeyConditionExpression: '#pk = :pk',
        FilterExpression: '#status = :status',
        ExpressionAttributeNames: { '#pk': OWNER_INDEX.partitionKey, '#status': 'status' },
        ExpressionAttributeValues: { ':pk': indexKeys.clubOwnerPartition(ownerId), ':status': status },
        ScanIndexForward: false,
        Limit: PAGE,
        ExclusiveStartKey: startKey,
      }),
    );
    const first = Items[0];
    if (first) return clubSchema.parse(withoutKeys(first));
    if (!LastEvaluatedKey) return null;
    startKey = LastEvaluatedKey;
  }
  return null;
}
