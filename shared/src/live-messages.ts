/**
 * The live WebSocket's messages (LIVE in live.ts): what a client may send, and what the server
 * sends, each parsed or built against these schemas on the server.
 */
import * as z from 'zod';
import { ROUTES } from './api/routes.ts';
import { idSchema } from './domain/common.ts';
import { LIVE, LIVE_AREAS } from './live.ts';

/** Who may subscribe to a club: whoever may read its feed (active members, moderators, the owner, super admins). */
export const LIVE_SUBSCRIBE_ACCESS = ROUTES.listPosts.access;

export const liveClientMessageSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal(LIVE.routes.subscribe), clubId: idSchema }).strict(),
  z.object({ action: z.literal(LIVE.routes.unsubscribe), clubId: idSchema }).strict(),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

export const liveServerMessageSchema = z.discriminatedUnion('type', [
  /** The subscription stands: changes of the club follow. */
  z.object({ type: z.literal('subscribed'), clubId: idSchema }),
  z.object({ type: z.literal('unsubscribed'), clubId: idSchema }),
  /** A request refused or not understood (nothing changed). */
  z.object({
    type: z.literal('error'),
    code: z.string(),
    message: z.string(),
    clubId: idSchema.optional(),
  }),
  /** A new post: the feed offers it in its "new posts" pill (its author's own feed shows it already). */
  z.object({ type: z.literal('post.created'), clubId: idSchema, postId: idSchema, authorId: idSchema }),
  /** A post's counts as they stand now. */
  z.object({
    type: z.literal('post.counts'),
    clubId: idSchema,
    postId: idSchema,
    likeCount: z.number().int().min(0),
    commentCount: z.number().int().min(0),
  }),
  /** A post was edited (re-read it) or deleted (drop it). */
  z.object({ type: z.literal('post.edited'), clubId: idSchema, postId: idSchema }),
  z.object({ type: z.literal('post.deleted'), clubId: idSchema, postId: idSchema }),
  /** One of the club's lists changed: pages showing it read it again. */
  z.object({ type: z.literal('club.changed'), clubId: idSchema, area: z.enum(LIVE_AREAS) }),
  /** The reader's own notifications changed (one was written for them): the bell reads its count again. */
  z.object({ type: z.literal('notifications.changed') }),
  /** A message in one of the reader's conversations (theirs or the other person's): pages showing it read it. */
  z.object({
    type: z.literal('chat.message'),
    conversationId: idSchema,
    messageId: idSchema,
    senderId: idSchema,
  }),
  /** Someone read one of the reader's conversations up to a message (the other person: "Seen"). */
  z.object({
    type: z.literal('chat.read'),
    conversationId: idSchema,
    messageId: idSchema,
    readerId: idSchema,
  }),
  /** One of the reader's conversations lost a message its sender deleted: pages showing it drop its text. */
  z.object({
    type: z.literal('chat.deleted'),
    conversationId: idSchema,
    messageId: idSchema,
  }),
  /** The reader no longer has access to the club: nothing more of it follows. */
  z.object({ type: z.literal('revoked'), clubId: idSchema }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessageSchema>;
