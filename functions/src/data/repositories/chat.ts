/**
 * Chat conversations in the table. A conversation is one item (its two people and the club they
 * knew each other from) with its messages in the same partition, and one entry per person under
 * that person (the inbox: the other person, the last message, what they have read). An entry is
 * in its person's unread index exactly while a message of the other's came after what they read;
 * the person's unread count moves with each entry going in or out of it (chat-unread-count.ts),
 * exact however many messages and reads arrive at once.
 *
 * An entry's last message only moves forward (a message's id is a ULID, so a later one sorts
 * after): of two messages recorded out of order, the older one changes nothing. Marking read
 * holds only if nothing came after the message the reader saw.
 */
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { CHAT_IMAGE_PREVIEW, CHAT_LIMITS, CHAT_UNREAD_MAIL, type ChatMessage, TABLE } from '@clubs/shared';
import { CHAT_MESSAGE_PREFIX, indexKeys, keys } from '@clubs/shared/table-keys';
import { batchGet, keyId } from '../batch-get.ts';
import { db, tableName } from '../client.ts';
import type { TransactItem } from '../counted-write.ts';
import { transactionConditionFailures, writeIfConditionHolds } from '../errors.ts';
import { getItem } from '../get-item.ts';
import { type Page, queryPage } from '../query.ts';
import {
  type RateWindow,
  rateWindowCount,
  retryOnConflict,
  type WindowsFull,
  windowsFullIn,
} from '../rate-windows.ts';
import { chatSettingsOf } from './chat-controls.ts';
import { ARM, DISARMED, mailCheckDue } from './chat-mail-checks.ts';
import { writeEntry } from './chat-unread-count.ts';

type Item = Record<string, unknown>;

export interface Conversation {
  id: string;
  /** Its two people. */
  userIds: readonly [string, string];
  clubId: string;
  createdAt: string;
}

/** One person's side of a conversation. */
export interface ChatEntry {
  conversationId: string;
  userId: string;
  otherUserId: string;
  clubId: string;
  lastActivityAt: string;
  lastMessageId: string | null;
  lastMessagePreview: string;
  lastSenderId: string | null;
  /** The newest message this person has read (null: none yet). */
  readUpTo: string | null;
  unread: boolean;
}

/** A message as the table holds it: its image by key (signed for each reader by the service). */
export type StoredMessage = Omit<ChatMessage, 'image'> & { imageKey?: string };

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toConversation(item: Item): Conversation {
  const [a, b] = item.userIds as string[];
  return {
    id: String(item.id),
    userIds: [String(a), String(b)],
    clubId: String(item.clubId),
    createdAt: String(item.createdAt),
  };
}

function toEntry(item: Item): ChatEntry {
  return {
    conversationId: String(item.conversationId),
    userId: String(item.userId),
    otherUserId: String(item.otherUserId),
    clubId: String(item.clubId),
    lastActivityAt: String(item.lastActivityAt),
    lastMessageId: str(item.lastMessageId),
    lastMessagePreview: str(item.lastMessagePreview) ?? '',
    lastSenderId: str(item.lastSenderId),
    readUpTo: str(item.readUpTo),
    unread: item.gsi3pk !== undefined,
  };
}

function toMessage(item: Item): StoredMessage {
  const imageKey = item.deleted === true ? null : str(item.imageKey);
  return {
    id: String(item.id),
    senderId: String(item.senderId),
    text: item.deleted === true ? '' : String(item.text ?? ''),
    deleted: item.deleted === true,
    createdAt: String(item.createdAt),
    ...(imageKey ? { imageKey } : {}),
  };
}

/** What the inbox shows of a message: its text, cut to the preview's length, or that it is an image. */
export function previewOf(message: Pick<StoredMessage, 'text' | 'imageKey' | 'deleted'>): string {
  if (message.deleted) return '';
  const { text } = message;
  if (!text) return message.imageKey ? CHAT_IMAGE_PREVIEW : '';
  return text.length > CHAT_LIMITS.previewLength ? `${text.slice(0, CHAT_LIMITS.previewLength - 1)}…` : text;
}

export async function getConversation(conversationId: string): Promise<Conversation | null> {
  const item = await getItem(keys.conversation(conversationId));
  return item ? toConversation(item) : null;
}

/** The entries of these people in one conversation, by user id (absent: not theirs); `consistent` reads them strongly. */
export async function getEntries(
  conversationId: string,
  userIds: readonly string[],
  consistent = false,
): Promise<Map<string, ChatEntry>> {
  const found = await batchGet(
    userIds.map((userId) => keys.chatEntry(userId, conversationId)),
    undefined,
    consistent,
  );
  const entries = new Map<string, ChatEntry>();
  for (const userId of userIds) {
    const item = found.get(keyId(keys.chatEntry(userId, conversationId)));
    if (item) entries.set(userId, toEntry(item));
  }
  return entries;
}

const conversationItem = (conversation: Conversation) => ({
  ...keys.conversation(conversation.id),
  type: 'conversation',
  ...conversation,
  userIds: [...conversation.userIds],
});

const messageItem = (conversationId: string, message: StoredMessage) => ({
  ...keys.chatMessage(conversationId, message.id),
  type: 'chat_message',
  conversationId,
  id: message.id,
  senderId: message.senderId,
  text: message.text,
  deleted: message.deleted,
  createdAt: message.createdAt,
  ...(message.imageKey ? { imageKey: message.imageKey } : {}),
});

function entryItem(conversation: Conversation, userId: string, otherUserId: string) {
  return {
    ...keys.chatEntry(userId, conversation.id),
    ...indexKeys.chatInbox(userId, conversation.createdAt, conversation.id),
    type: 'chat_entry',
    conversationId: conversation.id,
    userId,
    otherUserId,
    clubId: conversation.clubId,
    lastActivityAt: conversation.createdAt,
    lastMessagePreview: '',
  };
}

/**
 * The items of a conversation and its messages (oldest first) as sending them leaves the table:
 * each person's entry at the last message, read up to it by its sender, and by the other person
 * up to `readUpTo` (unread, in their unread index, when that is before it). For loading a whole
 * conversation in batches (the demo seed); no unread e-mail check is armed, and no unread count
 * is moved (a person's first read of it counts their entries, chat-unread-count.ts).
 */
export function conversationItems(
  conversation: Conversation,
  messages: readonly StoredMessage[],
  readUpTo: ReadonlyMap<string, string>,
): Record<string, unknown>[] {
  const [a, b] = conversation.userIds;
  const last = messages.at(-1);
  const entries = [entryItem(conversation, a, b), entryItem(conversation, b, a)].map((entry) => {
    if (!last) return entry;
    const read = last.senderId === entry.userId ? last.id : (readUpTo.get(entry.userId) ?? null);
    const unread = read === null || read < last.id;
    return {
      ...entry,
      ...indexKeys.chatInbox(entry.userId, last.createdAt, conversation.id),
      ...(unread ? indexKeys.chatUnread(entry.userId, last.createdAt, conversation.id) : {}),
      lastMessageId: last.id,
      lastMessagePreview: previewOf(last),
      lastSenderId: last.senderId,
      lastActivityAt: last.createdAt,
      ...(read ? { readUpTo: read } : {}),
    };
  });
  return [
    conversationItem(conversation),
    ...entries,
    ...messages.map((message) => messageItem(conversation.id, message)),
  ];
}

export type CreateOutcome =
  | { created: true }
  | { created: false; exists: true }
  | ({ created: false; exists: false } & WindowsFull);

/**
 * Stores a new conversation and both people's entries at once, the starter's daily count moved in
 * the same transaction; nothing is written (and nothing counted) when it exists already.
 */
export async function createConversation(
  conversation: Conversation,
  starterLimit: RateWindow,
  now: Date,
): Promise<CreateOutcome> {
  const [a, b] = conversation.userIds;
  const transaction = [
    rateWindowCount(starterLimit, now),
    {
      Put: {
        TableName: tableName(),
        Item: conversationItem(conversation),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: entryItem(conversation, a, b),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: entryItem(conversation, b, a),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  try {
    await retryOnConflict(() => db().send(new TransactWriteCommand({ TransactItems: transaction })));
    return { created: true };
  } catch (error) {
    const failed = transactionConditionFailures(error);
    if (!failed) throw error;
    if (failed.some((index) => index > 0)) return { created: false, exists: true };
    const full = windowsFullIn(error, [starterLimit], now);
    if (full) return { created: false, exists: false, ...full };
    throw error;
  }
}

/**
 * Stores a message, the sender's per-minute count moved with it, unless either person blocked the
 * other (checked in the same transaction): 'blocked', the full window, or null once stored.
 */
export async function putMessage(
  conversationId: string,
  message: StoredMessage,
  recipientId: string,
  senderLimit: RateWindow,
  now: Date,
): Promise<WindowsFull | 'blocked' | null> {
  const transaction = [
    rateWindowCount(senderLimit, now),
    {
      Put: {
        TableName: tableName(),
        Item: messageItem(conversationId, message),
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...[keys.chatBlock(recipientId, message.senderId), keys.chatBlock(message.senderId, recipientId)].map(
      (Key) => ({
        ConditionCheck: { TableName: tableName(), Key, ConditionExpression: 'attribute_not_exists(pk)' },
      }),
    ),
  ];
  try {
    await retryOnConflict(() => db().send(new TransactWriteCommand({ TransactItems: transaction })));
    return null;
  } catch (error) {
    if (transactionConditionFailures(error)?.some((index) => index >= 2)) return 'blocked';
    const full = windowsFullIn(error, [senderLimit], now);
    if (full) return full;
    throw error;
  }
}

/** One conditional update: true when it was made, false when its condition did not hold. */
function updateIf(
  key: { pk: string; sk: string },
  update: { set: string; condition: string; names: Record<string, string>; values: Record<string, unknown> },
): Promise<boolean> {
  return writeIfConditionHolds(
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: update.set,
        ConditionExpression: update.condition,
        ExpressionAttributeNames: update.names,
        ExpressionAttributeValues: update.values,
      }),
    ),
  );
}

/**
 * Moves one person's entry to a new last message, if it is newer than the one it holds: the
 * sender's entry counts it as read (out of the unread index, its unread e-mail check disarmed),
 * the other's becomes unread (into the unread index) and arms its unread e-mail check, unless one
 * is armed already. The person's unread count moves with the entry when its unread state changes;
 * `also` (the outbox item announcing the message) is written with the entry, only if it moves.
 */
export async function recordLastMessage(
  userId: string,
  conversationId: string,
  message: StoredMessage,
  side: 'sender' | 'recipient',
  also: readonly TransactItem[] = [],
): Promise<boolean> {
  const inbox = indexKeys.chatInbox(userId, message.createdAt, conversationId);
  const unread = indexKeys.chatUnread(userId, message.createdAt, conversationId);
  const due = mailCheckDue(
    userId,
    conversationId,
    new Date(Date.parse(message.createdAt) + CHAT_UNREAD_MAIL.delayMs),
  );
  const common =
    'SET #lastId = :id, #preview = :preview, #sender = :sender, #at = :at, gsi2pk = :g2pk, gsi2sk = :g2sk';
  const written = await writeEntry({
    userId,
    conversationId,
    expression:
      side === 'sender'
        ? `${common}, #readUpTo = :id REMOVE gsi3pk, gsi3sk, ${DISARMED}`
        : `${common}, gsi3pk = :g3pk, gsi3sk = :g3sk, ${ARM}`,
    condition: 'attribute_exists(pk) AND (attribute_not_exists(#lastId) OR #lastId < :id)',
    names: {
      '#lastId': 'lastMessageId',
      '#preview': 'lastMessagePreview',
      '#sender': 'lastSenderId',
      '#at': 'lastActivityAt',
      ...(side === 'sender' ? { '#readUpTo': 'readUpTo' } : {}),
    },
    values: {
      ':id': message.id,
      ':preview': previewOf(message),
      ':sender': message.senderId,
      ':at': message.createdAt,
      ':g2pk': inbox.gsi2pk,
      ':g2sk': inbox.gsi2sk,
      ...(side === 'recipient'
        ? {
            ':g3pk': unread.gsi3pk,
            ':g3sk': unread.gsi3sk,
            ':due': due.mailDueAt,
            ':g1pk': due.gsi1pk,
            ':g1sk': due.gsi1sk,
          }
        : {}),
    },
    // A sender has usually read what came before; a reply usually finds its reader's side read.
    leaves: side === 'sender' ? 'read' : 'unread',
    likely: side === 'sender' ? 'stays' : 'changes',
    also,
  });
  return written?.written ?? false;
}

/**
 * Marks a person's entry read up to `messageId`, only if no later message is its last and it was
 * not read up to there already (a repeat writes and announces nothing); null when
 * the person has no such entry, else whether it is still unread and whether this write marked it
 * (`written`). The person's unread count moves with the entry when it was unread; `also` (the
 * outbox item announcing the read) is written with the entry, only if it is marked.
 */
export async function markEntryRead(
  userId: string,
  conversationId: string,
  messageId: string,
  also: readonly TransactItem[] = [],
): Promise<{ unread: boolean; written: boolean } | null> {
  const written = await writeEntry({
    userId,
    conversationId,
    expression: `SET #readUpTo = :id REMOVE gsi3pk, gsi3sk, ${DISARMED}`,
    condition:
      'attribute_exists(pk) AND (attribute_not_exists(#lastId) OR #lastId <= :id) AND (attribute_not_exists(#readUpTo) OR #readUpTo < :id)',
    names: { '#lastId': 'lastMessageId', '#readUpTo': 'readUpTo' },
    values: { ':id': messageId },
    leaves: 'read',
    likely: 'changes',
    also,
  });
  return written;
}

/**
 * Deletes the text and image of a message of `senderId`'s, with `also` (the outbox item announcing
 * it) in the same transaction: null when it is not theirs (or not there), else the key of the image
 * it had (for the service to remove the file). The message is read first (a transaction answers no
 * old item); one deleted already, or meanwhile, is left as it is and nothing is written.
 */
export async function deleteOwnMessage(
  conversationId: string,
  messageId: string,
  senderId: string,
  also: readonly TransactItem[] = [],
): Promise<{ imageKey: string | null } | null> {
  const key = keys.chatMessage(conversationId, messageId);
  const item = await getItem(key, { consistent: true });
  if (!item || item.senderId !== senderId) return null;
  if (item.deleted === true) return { imageKey: null };
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: tableName(),
              Key: key,
              UpdateExpression: 'SET deleted = :true REMOVE #text, imageKey',
              ConditionExpression: 'attribute_exists(pk) AND senderId = :sender AND NOT deleted = :true',
              ExpressionAttributeNames: { '#text': 'text' },
              ExpressionAttributeValues: { ':true': true, ':sender': senderId },
            },
          },
          ...also,
        ],
      }),
    );
    return { imageKey: str(item.imageKey) };
  } catch (error) {
    // Deleted meanwhile (its sender's other tab): that delete removes the image.
    if (transactionConditionFailures(error)?.includes(0)) return { imageKey: null };
    throw error;
  }
}

/** Empties an entry's preview if its last message is this one (a deleted message shows nothing). */
export const clearPreviewOf = (userId: string, conversationId: string, messageId: string) =>
  updateIf(keys.chatEntry(userId, conversationId), {
    set: 'SET #preview = :empty',
    condition: '#lastId = :id',
    names: { '#preview': 'lastMessagePreview', '#lastId': 'lastMessageId' },
    values: { ':empty': '', ':id': messageId },
  });

/** A page of a person's conversations, newest activity first (all, or only the unread). */
export function listEntries(
  userId: string,
  filter: 'all' | 'unread',
  page: { limit: number; cursor?: string },
): Promise<Page<ChatEntry>> {
  const query =
    filter === 'unread'
      ? { index: TABLE.indexes.byUser, partition: indexKeys.chatUnreadPartition(userId) }
      : { index: TABLE.indexes.byOwner, partition: indexKeys.chatInboxPartition(userId) };
  return queryPage({ ...query, order: 'descending' }, page, toEntry);
}

/** A page of a conversation's messages, newest first. */
export function listMessages(
  conversationId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<StoredMessage>> {
  return queryPage(
    {
      partition: keys.conversation(conversationId).pk,
      sortKey: { beginsWith: CHAT_MESSAGE_PREFIX },
      order: 'descending',
    },
    page,
    toMessage,
  );
}

/** A message of the conversation (null: not there). */
export async function getMessage(conversationId: string, messageId: string): Promise<StoredMessage | null> {
  const item = await getItem(keys.chatMessage(conversationId, messageId));
  return item ? toMessage(item) : null;
}

/** What the conversation's header shows, read at once: the other person, their entry, the club, a block of the caller's. */
export interface ConversationContext {
  other: { userId: string; name: string; avatarUrl: string | null };
  otherEntry: ChatEntry | null;
  clubName: string;
  /** The caller blocked the other person. */
  blockedByCaller: boolean;
}

export async function readConversationContext(
  conversation: Conversation,
  callerId: string,
): Promise<ConversationContext> {
  const otherId = conversation.userIds[0] === callerId ? conversation.userIds[1] : conversation.userIds[0];
  const entryKey = keys.chatEntry(otherId, conversation.id);
  const profileKey = keys.profile(otherId);
  const clubKey = keys.club(conversation.clubId);
  const blockKey = keys.chatBlock(callerId, otherId);
  const found = await batchGet([entryKey, profileKey, clubKey, blockKey]);
  const entry = found.get(keyId(entryKey));
  const profile = found.get(keyId(profileKey));
  const club = found.get(keyId(clubKey));
  return {
    other: {
      userId: otherId,
      name: str(profile?.fullName) ?? 'Former member',
      avatarUrl: str(profile?.avatarUrl),
    },
    otherEntry: entry ? toEntry(entry) : null,
    clubName: str(club?.name) ?? '',
    blockedByCaller: found.has(keyId(blockKey)),
  };
}

/** Name and photo of each of these people (a missing profile reads as a former member). */
export async function chatPeople(
  userIds: readonly string[],
): Promise<Map<string, ConversationContext['other']>> {
  const found = await batchGet(
    userIds.map((id) => keys.profile(id)),
    ['fullName', 'avatarUrl'],
  );
  return new Map(
    userIds.map((userId) => {
      const profile = found.get(keyId(keys.profile(userId)));
      return [
        userId,
        { userId, name: str(profile?.fullName) ?? 'Former member', avatarUrl: str(profile?.avatarUrl) },
      ];
    }),
  );
}

/** What one new conversation depends on: the club (in service, chat allowed), both people's memberships of it, the other person's chat settings and whether either blocked the other. */
export interface StartingPoint {
  club: Record<string, unknown> | null;
  /** The starter's and the other person's membership of the club is active. */
  active: readonly [boolean, boolean];
  otherSettings: ReturnType<typeof chatSettingsOf>;
  blockedByOther: boolean;
  blockedByStarter: boolean;
}

/**
 * The starting points of the starter with each of `otherIds` through each of `clubIds`, read at
 * once (one BatchGetItem per 100 keys: the clubs, the memberships, the settings and the blocks
 * both ways), as a lookup by club and person.
 */
export async function readStartingPoints(
  clubIds: readonly string[],
  starterId: string,
  otherIds: readonly string[],
): Promise<(clubId: string, otherId: string) => StartingPoint> {
  const membershipKey = (clubId: string, userId: string) => keys.membership(clubId, userId);
  const found = await batchGet(
    [
      ...clubIds.flatMap((clubId) => [
        keys.club(clubId),
        ...[starterId, ...otherIds].map((userId) => membershipKey(clubId, userId)),
      ]),
      ...otherIds.flatMap((otherId) => [
        keys.chatSettings(otherId),
        keys.chatBlock(otherId, starterId),
        keys.chatBlock(starterId, otherId),
      ]),
    ],
    ['status', 'suspendedAt', 'membersCanMessage', 'whoCanStart', 'emailUnread'],
  );
  const isActive = (clubId: string, userId: string) =>
    found.get(keyId(membershipKey(clubId, userId)))?.status === 'active';
  return (clubId, otherId) => ({
    club: found.get(keyId(keys.club(clubId))) ?? null,
    active: [isActive(clubId, starterId), isActive(clubId, otherId)],
    otherSettings: chatSettingsOf(found.get(keyId(keys.chatSettings(otherId)))),
    blockedByOther: found.has(keyId(keys.chatBlock(otherId, starterId))),
    blockedByStarter: found.has(keyId(keys.chatBlock(starterId, otherId))),
  });
}
