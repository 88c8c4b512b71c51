/**
 * The single DynamoDB table: its key names and indexes. CDK creates it from this, the local
 * stack and the test harness create it from this, and the repositories read their names from it.
 * What each index answers is listed with it; items put their own values in the generic
 * gsiNpk/gsiNsk attributes (see shared/src/table-keys.ts).
 *
 * Each index also declares what it projects. An index copies an item's projected attributes, so
 * a write that changes one of them rewrites the copy (a changed sort key twice: out and back
 * in), and a write changing none of them costs the index nothing. An index whose readers need a
 * few attributes projects exactly those (INCLUDE); one read as whole items projects ALL. Changing
 * a projection in AWS means deleting and recreating the index (docs/DEPLOY.md).
 */
export type IndexProjection =
  | { readonly type: 'ALL' }
  | { readonly type: 'KEYS_ONLY' }
  /** The keys and these attributes. */
  | { readonly type: 'INCLUDE'; readonly attributes: readonly string[] };

export interface IndexDefinition {
  readonly name: string;
  readonly partitionKey: string;
  readonly sortKey: string;
  /** The sort key's DynamoDB type: a string unless 'number'. */
  readonly sortKeyType?: 'string' | 'number';
  readonly purpose: string;
  readonly projection: IndexProjection;
}

const ALL = { type: 'ALL' } as const;

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
      purpose:
        'clubs by status, newest first (the directory lists STATUS#active); overloaded: digest subscribers by cadence, a sparse partition of the preference items that chose a daily or weekly digest; the chat reports of one status; sparse: the chat entries whose unread e-mail falls due, by when',
      projection: ALL,
    },
    byOwner: {
      name: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      purpose:
        "an owner's clubs by creation time; an author's posts by creation time; a person's chat conversations by last activity; the people a person blocked, newest first",
      projection: ALL,
    },
    byUser: {
      name: 'gsi3',
      partitionKey: 'gsi3pk',
      sortKey: 'gsi3sk',
      purpose:
        "a user's memberships, by status then club; overloaded, sparse: a person's unread chat conversations",
      projection: ALL,
    },
    byMemberOrder: {
      name: 'gsi5',
      partitionKey: 'gsi5pk',
      sortKey: 'gsi5sk',
      purpose:
        "a club's members as its members page lists them: pending requests, the owner, moderators, then members, each newest first",
      projection: ALL,
    },
    byLikes: {
      name: 'gsi4',
      partitionKey: 'gsi4pk',
      sortKey: 'likeCount',
      sortKeyType: 'number',
      purpose:
        "a club's posts by like count (trending): the count itself is the sort key, so each like moves it",
      projection: {
        // The trending list shows a post's title, author and count (the sort key) and leaves
        // hidden posts out: a like rewrites these few attributes here, not the whole post.
        type: 'INCLUDE',
        attributes: ['id', 'title', 'authorName', 'hidden'],
      },
    },
    byPoints: {
      name: 'gsi6',
      partitionKey: 'gsi6pk',
      sortKey: 'points',
      sortKeyType: 'number',
      purpose:
        "a club's members by points, all time or in the 7 or 30 days ending on a day (the leaderboard): each like moves its author",
      projection: {
        // A leaderboard row is the member and their points (the sort key).
        type: 'INCLUDE',
        attributes: ['userId'],
      },
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

/**
 * The attributes an index holds of an item: the table's and the index's keys and the included
 * ones, or 'all'.
 */
export function projectedAttributes(index: IndexDefinition): ReadonlySet<string> | 'all' {
  const { projection } = index;
  if (projection.type === 'ALL') return 'all';
  const keys = [TABLE.partitionKey, TABLE.sortKey, index.partitionKey, index.sortKey];
  return new Set(projection.type === 'INCLUDE' ? [...keys, ...projection.attributes] : keys);
}
