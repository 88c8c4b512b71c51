/**
 * Images in chat against DynamoDB Local and a real s3rver: a person signs an upload into their
 * folder of one of their conversations, the file goes up as the browser sends it, and a message
 * names it. Only the conversation's two people get the image's signed URL; nobody else can sign
 * into the conversation; a key outside the sender's folder, a missing file and a stored file that
 * is not an image are refused (the last one removed); deleting the message removes the file, but
 * a report keeps its own copy for the super admins.
 */
import { inspectMedia, uploadTagging } from '@clubs/functions/media/uploads';
import { handler } from '@clubs/functions/routes/chat';
import { handler as superAdmin } from '@clubs/functions/routes/super-admin';
import { signChatImageUpload } from '@clubs/functions/services/chat';
import {
  AVATAR_TYPE_MESSAGE,
  CHAT_IMAGE_PREVIEW,
  CHAT_LIMITS,
  type ChatMessage,
  type ChatReportPage,
  type ConversationMessages,
  type ConversationPage,
  type PresignedUpload,
  type RouteId,
  UPLOAD_TAG,
} from '@clubs/shared';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { PNG, postToS3 } from '../support/browser-upload.ts';
import { type EventOptions, httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { uploadTagOf, useMediaStore } from '../support/media-store.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';

useMediaStore('clubs-chat-images-test');

type ErrorBody = { error: { code: string; message: string; details?: { path: string }[] } };

const call = <T>(id: RouteId, userId: string, options: EventOptions = {}) =>
  invoke<T & ErrorBody>(handler, httpEvent(id, { ...options, claims: memberClaims(userId) }));

/** Ann and Ben in a conversation of their club, and Sam, who is in the club but not in it. */
async function conversation() {
  const club = await addClub();
  const [ann, ben, sam] = await Promise.all(
    ['Ann Able', 'Ben Brown', 'Sam Side'].map(async (name) =>
      addMember(club.id, { userId: await addPerson(name) }),
    ),
  );
  const started = await call<{ id: string }>('startConversation', ann as string, {
    body: { userId: ben, clubId: club.id },
  });
  expect(started.status).toBe(201);
  return { id: started.body.id, ann: ann as string, ben: ben as string, sam: sam as string };
}

const sign = (userId: string, conversationId: string, contentType = 'image/png', size = PNG.length) =>
  call<PresignedUpload>('createChatImageUpload', userId, {
    params: { conversationId },
    body: { contentType, size },
  });

const send = (userId: string, conversationId: string, body: { text?: string; imageKey?: string }) =>
  call<ChatMessage>('sendMessage', userId, { params: { conversationId }, body });

const messages = (userId: string, conversationId: string) =>
  call<ConversationMessages>('listConversationMessages', userId, { params: { conversationId } });

async function uploaded(userId: string, conversationId: string): Promise<string> {
  const signed = await sign(userId, conversationId);
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);
  await postToS3(signed.body, PNG);
  return signed.body.key;
}

describe('chat images', () => {
  it('an image sent in a conversation reaches the other person through a signed URL, and only them', async () => {
    const { id, ann, ben, sam } = await conversation();
    const signed = await sign(ann, id);
    expect(signed.status).toBe(201);
    expect(signed.body.key.startsWith(`chat-media/${id}/${ann}/`)).toBe(true);
    // Stored tagged staged (the bucket expires those) until a message names it.
    const policy = JSON.parse(Buffer.from(signed.body.fields.Policy ?? '', 'base64').toString('utf8')) as {
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual({ tagging: uploadTagging(UPLOAD_TAG.staged) });
    await postToS3(signed.body, PNG);

    // An image alone is a message.
    const sent = await send(ann, id, { imageKey: signed.body.key });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.text).toBe('');
    expect(await uploadTagOf(signed.body.key)).toBe(UPLOAD_TAG.attached);

    const bens = await messages(ben, id);
    const [seen] = bens.body.items;
    expect(seen?.image?.url).toBeTruthy();
    const read = await fetch(seen?.image?.url ?? '');
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(PNG);
    // The inbox says what it is.
    const inbox = await call<ConversationPage>('listConversations', ben);
    expect(inbox.body.items[0]?.lastMessagePreview).toBe(CHAT_IMAGE_PREVIEW);

    // Someone else in the club learns nothing of the conversation, and cannot sign into it.
    expect((await messages(sam, id)).status).toBe(404);
    const samSigns = await sign(sam, id);
    expect(samSigns.status).toBe(404);
    expect(JSON.stringify(samSigns.body)).not.toContain('chat-media');
  });

  it('refuses an image that is not the sender’s upload for this conversation, or not an image', async () => {
    const { id, ann, ben } = await conversation();
    const other = await conversation();
    // Ben's upload, named by Ann; Ann's upload for another conversation; a key nobody uploaded.
    const bensKey = await uploaded(ben, id);
    const elsewhere = await uploaded(other.ann, other.id);
    const missing = `chat-media/${id}/${ann}/${ulid().toLowerCase()}.png`;
    for (const imageKey of [bensKey, elsewhere, missing]) {
      const refused = await send(ann, id, { text: 'Look', imageKey });
      expect(refused.status, imageKey).toBe(400);
      expect(refused.body.error.details?.[0]?.path).toBe('body.imageKey');
    }
    // A text file sent past the policy (s3rver does not enforce it) is refused and removed.
    const signed = await sign(ann, id);
    await postToS3(signed.body, Buffer.from('not an image'), { 'Content-Type': 'text/plain' });
    const notImage = await send(ann, id, { imageKey: signed.body.key });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error.message).toBe(AVATAR_TYPE_MESSAGE);
    expect(await inspectMedia(signed.body.key)).toBeNull();
    // Nothing was sent, and an empty message is refused before anything is read.
    expect((await messages(ben, id)).body.items).toEqual([]);
    expect((await send(ann, id, { text: '   ' })).status).toBe(400);
    // A type that is not an image is refused before signing.
    expect((await sign(ann, id, 'image/svg+xml')).status).toBe(400);
  });

  it('deleting a message with an image removes the file for both people', async () => {
    const { id, ann, ben } = await conversation();
    const key = await uploaded(ann, id);
    const sent = await send(ann, id, { text: 'A photo', imageKey: key });
    expect(sent.status).toBe(201);
    // Ben cannot delete Ann's message.
    const byBen = await call('deleteMessage', ben, {
      params: { conversationId: id, messageId: sent.body.id },
    });
    expect(byBen.status).toBe(404);
    expect(await inspectMedia(key)).not.toBeNull();
    const deleted = await call('deleteMessage', ann, {
      params: { conversationId: id, messageId: sent.body.id },
    });
    expect(deleted.status).toBe(200);
    expect(await inspectMedia(key)).toBeNull();
    const [shown] = (await messages(ben, id)).body.items;
    expect(shown).toMatchObject({ deleted: true, text: '', image: null });
  });

  it('a reported image stays with the report for the super admins after its sender deletes it', async () => {
    const { id, ann, ben } = await conversation();
    const key = await uploaded(ann, id);
    const sent = await send(ann, id, { imageKey: key });
    expect(sent.status).toBe(201);
    const reported = await call<{ id: string }>('reportConversation', ben, {
      params: { conversationId: id },
      body: { reason: 'harassment' },
    });
    expect(reported.status).toBe(201);
    await call('deleteMessage', ann, { params: { conversationId: id, messageId: sent.body.id } });
    expect(await inspectMedia(key)).toBeNull();

    const admin = ulid();
    const list = await invoke<ChatReportPage & ErrorBody>(
      superAdmin,
      httpEvent('listChatReports', {
        query: { limit: '50' },
        claims: memberClaims(admin, { 'cognito:groups': 'super_admin' }),
      }),
    );
    expect(list.status).toBe(200);
    const report = list.body.items.find((item) => item.id === reported.body.id);
    const [copied] = report?.messages ?? [];
    expect(copied).toMatchObject({ id: sent.body.id, deleted: false });
    expect(copied?.image?.url).not.toContain(key);
    const read = await fetch(copied?.image?.url ?? '');
    expect(read.status).toBe(200);
    expect(Buffer.from(await read.arrayBuffer())).toEqual(PNG);
  });

  it('counts image uploads in a per-minute window, exactly under a burst', async () => {
    const { id, ann } = await conversation();
    // One instant for the whole burst, so every signing falls in the same window.
    const now = new Date();
    const outcomes = await Promise.allSettled(
      Array.from({ length: CHAT_LIMITS.imageUploadsPerMinute + 3 }, () =>
        signChatImageUpload(ann, id, { contentType: 'image/png', size: PNG.length }, now),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(
      CHAT_LIMITS.imageUploadsPerMinute,
    );
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) expect(refusal).toMatchObject({ code: 'too_many_requests' });
  });
});
