/**
 * The single DynamoDB table: its key names and indexes. CDK creates it from this, the local
 * stack and the test harness create it from this, and the repositories read their names from it.
 * Every GSI projects all attributes. What each index answers is listed with it; items put
 * their own values in the generic gsiNpk/gsiNsk attributes (see functions/src/data/keys.ts).
 */
export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  /** The sort key's DynamoDB type: a string unless 'number'. */
  readonly sortKeyType?: 'string' | 'number';
  readonly purpose: string;
}

export const TABLE = {
  /** Overridden by the TABLE_NAME environment variable wherever the table is used. */
  defaultName: 'clubs',
  partitionKey: 'pk',
  sortKey: 'sk',
  ttlAttribute: 'expiresAt',
  indexes: {
    byStatus: {
      name: 'gsi1',
      partitionKey: 'gsi1pk',
      sortKey: 'gsi1sk',
      purpose: 'clubs by status, newest first (the directory lists STATUS#active)',
    },
    byOwner: {
      name: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      purpose: "an owner's clubs by creation time; an author's posts by creation time",
    },
    byUser: {
      name: 'gsi3',
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
      purpose: "a user's memberships, by status then club",
    },
    byMemberOrder: {
      name: 'gsi5',
      partitionKey: 'gsi5pk',
      sortKey: 'gsi5sk',
      purpose:
        "a club's members as its members page lists them: pending requests, the owner, moderators, then members, each newest first",
    },
    byLikes: {
      name: 'gsi4',
      partitionKey: 'gsi4pk',
      sortKey: 'likeCount',
      sortKeyType: 'number',
      purpose:
        "a club's posts by like count (trending): the count itself is the sort key, so each like moves it",
    },
    byPoints: {
      name: 'gsi6',
      partitionKey: 'gsi6pk',
      sortKey: 'points',
      sortKeyType: 'number',
      purpose:
        "a club's members by points, all time or in the 7 or 30 days ending on a day (the leaderboard): each like moves its author",
    },
  },
} as const satisfies {
  defaultName: string;
  partitionKey: string;
  sortKey: string;
  ttlAttribute: string;
  indexes: Record<string, IndexDefinition>;
};

export type IndexKey = keyof typeof TABLE.indexes;
export const TABLE_INDEXES: readonly IndexDefinition[] = Object.values(TABLE.indexes);
