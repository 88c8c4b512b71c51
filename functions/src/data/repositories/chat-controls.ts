/**
 * A person's chat settings and the people they blocked, in the table under that person: one item
 * each, so whether a send or a start is refused is a key lookup (or a condition in the same
 * transaction as the message).
 */
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { CHAT_SETTINGS_DEFAULTS, type ChatSettings, chatSettingsSchema, TABLE } from '@clubs/shared';
import { indexKeys, keys } from '@clubs/shared/table-keys';
import { db, tableName } from '../client.ts';
import { writeIfConditionHolds } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { type Page, queryPage } from '../query.ts';

type Item = Record<string, unknown>;

/** The settings a stored item holds; anything missing or unreadable reads as the default. */
export function chatSettingsOf(item: Item | null | undefined): ChatSettings {
  const parsed = chatSettingsSchema.safeParse({
    whoCanStart: item?.whoCanStart ?? CHAT_SETTINGS_DEFAULTS.whoCanStart,
    emailUnread: item?.emailUnread ?? CHAT_SETTINGS_DEFAULTS.emailUnread,
  });
  return parsed.success ? parsed.data : CHAT_SETTINGS_DEFAULTS;
}

export async function getChatSettings(userId: string): Promise<ChatSettings> {
  return chatSettingsOf(await getItem(keys.chatSettings(userId)));
}

export async function putChatSettings(userId: string, settings: ChatSettings): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...keys.chatSettings(userId), type: 'chat_settings', userId, ...settings },
    }),
  );
}

export async function putBlock(userId: string, blockedId: string, at: string): Promise<void> {
  // Blocking again keeps the time of the first block.
  await writeIfConditionHolds(
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.chatBlock(userId, blockedId),
          ...indexKeys.chatBlockedAt(userId, at, blockedId),
          type: 'chat_block',
          userId,
          blockedId,
          blockedAt: at,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function deleteBlock(userId: string, blockedId: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.chatBlock(userId, blockedId) }));
}

export interface StoredBlock {
  blockedId: string;
  blockedAt: string;
}

/** A page of the people a person blocked, the newest block first: one query of the index. */
export function listBlocks(
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<StoredBlock>> {
  return queryPage(
    { index: TABLE.indexes.byOwner, partition: indexKeys.chatBlockedPartition(userId), order: 'descending' },
    page,
    (item) => ({ blockedId: String(item.blockedId), blockedAt: String(item.blockedAt) }),
  );
}
