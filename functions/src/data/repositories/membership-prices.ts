/**
 * The Stripe Price of a paid club's memberships: new checkouts subscribe at it, and a price change
 * makes a new one (Stripe Prices cannot change), so existing subscriptions keep the Price, and the
 * amount, they began with. One item beside the club; the amount and currency it was made for are
 * kept with it, so a reader uses it only while it still matches the club.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { getItem } from '../get-item.ts';

export interface MembershipPrice {
  clubId: string;
  productId: string;
  priceId: string;
  /** Minor units, as Stripe counts them. */
  unitAmount: number;
  /** Upper-case ISO code, as the club stores it. */
  currency: string;
  createdAt: string;
}

export async function getMembershipPrice(clubId: string): Promise<MembershipPrice | null> {
  const item = await getItem(keys.membershipPrice(clubId), { consistent: true });
  if (!item) return null;
  const { clubId: id, productId, priceId, unitAmount, currency, createdAt } = item;
  return { clubId: id, productId, priceId, unitAmount, currency, createdAt } as MembershipPrice;
}

/** Stores the club's current Price; a later writer wins (readers check it still matches the club). */
export async function saveMembershipPrice(price: MembershipPrice): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.membershipPrice(price.clubId), type: 'membership_price', ...price },
    }),
  );
}
