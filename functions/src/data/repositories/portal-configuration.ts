/**
 * The id of the Billing Portal configuration the platform made at Stripe, kept in one admin item
 * (adminKeys.portalConfiguration). Of two instances that made one at once, the first stored wins
 * and both use it.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { adminKeys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { isConditionFailed } from '../errors.ts';
import { getItem } from '../get-item.ts';

export async function storedPortalConfigurationId(): Promise<string | null> {
  const item = await getItem(adminKeys.portalConfiguration, { consistent: true });
  return typeof item?.configurationId === 'string' ? item.configurationId : null;
}

/** Stores `made` unless an id is stored already; answers the id stored (`made` or the earlier one). */
export async function storePortalConfigurationId(made: string): Promise<string> {
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...adminKeys.portalConfiguration, type: 'portal_configuration', configurationId: made },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return made;
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    return (await storedPortalConfigurationId()) ?? made;
  }
}
