/**
 * The e-mail of chat messages left unread, against DynamoDB Local, the local bus and the SES
 * emulator, the sweep run directly with a clock (as its schedule would at that time): one e-mail
 * per conversation an hour however many messages arrive, none for a conversation read before the
 * check, none when the reader turned the e-mail off or takes the club's e-mail as bell only.
 */
import { handler } from '@clubs/functions/routes/chat';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { conversationPath, sweepUnreadChats } from '@clubs/functions/services/notifications/chat-unread';
import { CHAT_UNREAD_MAIL, type ChatMessage } from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { callAs, useNotificationStack } from '../support/notification-stack.ts';

const { bus, sentMail } = useNotificationStack({ freshMail: true });

const minutes = (n: number) => n * 60 * 1000;

/** Ann and Ben in Morning Runners, and their conversation. */
async function conversation() {
  const club = await addClub({ name: 'Morning Runners' });
  const ann = await addMember(club.id, { userId: await addPerson('Ann Able') });
  const ben = await addMember(club.id, { userId: await addPerson('Ben Brown') });
  const started = await callAs<{ id: string }>(handler, 'startConversation', ann, {
    body: { userId: ben, clubId: club.id },
  });
  expect(started.status).toBe(201);
  return { clubId: club.id, ann, ben, id: started.body.id, benAddress: `${ben.toLowerCase()}@clubs.test` };
}

async function send(from: string, conversationId: string, text: string) {
  const res = await callAs<ChatMessage>(handler, 'sendMessage', from, {
    params: { conversationId },
    body: { text },
  });
  expect(res.status).toBe(201);
  return res.body;
}

/** The sweep as its schedule runs it at `at`, and the mail it caused, to `address` only. */
async function sweepAt(at: number, address: string) {
  await sweepUnreadChats(new Date(at));
  await bus().idle();
  return (await sentMail()).filter((mail) => mail.to.includes(address));
}

describe('unread chat e-mail', () => {
  it('goes once per conversation an hour, however many messages, with the one-click unsubscribe', async () => {
    const { ann, id, benAddress } = await conversation();
    const start = Date.now();
    for (let i = 0; i < 5; i++) await send(ann, id, `Message ${i}`);
    await send(ann, id, 'Are you <b>coming</b> tomorrow?');

    // Not yet due: nothing.
    expect(await sweepAt(start + minutes(10), benAddress)).toEqual([]);
    const first = await sweepAt(start + CHAT_UNREAD_MAIL.delayMs + minutes(1), benAddress);
    expect(first).toHaveLength(1);
    const [mail] = first;
    expect(mail?.subject).toBe('Ann Able sent you a message on Clubs');
    expect(mail?.text).toContain('Are you <b>coming</b> tomorrow?');
    expect(mail?.text).toContain('Morning Runners');
    expect(mail?.html).not.toContain('<b>coming</b>');
    expect(mail?.html).toContain(`https://clubs.test${conversationPath(id)}`);
    expect(mail?.headers['list-unsubscribe']).toMatch(/^<https:\/\/clubs\.test\/api\/unsubscribe\?token=/);
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The same sweep again, and more messages within the hour: no second e-mail until it is over.
    expect(await sweepAt(start + CHAT_UNREAD_MAIL.delayMs + minutes(2), benAddress)).toHaveLength(1);
    for (let i = 0; i < 5; i++) await send(ann, id, `Later ${i}`);
    expect(await sweepAt(start + minutes(35), benAddress)).toHaveLength(1);
    expect(await sweepAt(start + minutes(50), benAddress)).toHaveLength(1);
    const second = await sweepAt(start + CHAT_UNREAD_MAIL.gapMs + minutes(2), benAddress);
    expect(second).toHaveLength(2);
    expect(second[1]?.text).toContain('Later 4');
    // Ann, who only wrote, is sent nothing.
    expect(await sweepAt(start + minutes(120), `${ann.toLowerCase()}@clubs.test`)).toEqual([]);
  });

  it('sends nothing for a conversation read before the check', async () => {
    const { ann, ben, id, benAddress } = await conversation();
    const start = Date.now();
    await send(ann, id, 'First');
    const last = await send(ann, id, 'Second');
    const read = await callAs<{ unread: boolean }>(handler, 'markConversationRead', ben, {
      params: { conversationId: id },
      body: { messageId: last.id },
    });
    expect(read.body).toEqual({ unread: false });
    expect(await sweepAt(start + CHAT_UNREAD_MAIL.delayMs + minutes(1), benAddress)).toEqual([]);
    // A reply by Ben disarms his side too; Ann's side is armed by it, so she is the one mailed.
    await send(ann, id, 'Third');
    await send(ben, id, 'Got it');
    const annAddress = `${ann.toLowerCase()}@clubs.test`;
    expect(await sweepAt(Date.now() + CHAT_UNREAD_MAIL.delayMs + minutes(1), benAddress)).toEqual([]);
    expect(await sweepAt(Date.now() + CHAT_UNREAD_MAIL.delayMs + minutes(1), annAddress)).toHaveLength(1);
  });

  it("sends nothing when the reader turned chat e-mail off, or takes the club's e-mail as bell only", async () => {
    const { ann, ben, id, benAddress } = await conversation();
    const off = await callAs(handler, 'updateChatSettings', ben, {
      body: { whoCanStart: 'members', emailUnread: false },
    });
    expect(off.status).toBe(200);
    await send(ann, id, 'Hello?');
    expect(await sweepAt(Date.now() + CHAT_UNREAD_MAIL.delayMs + minutes(1), benAddress)).toEqual([]);

    const other = await conversation();
    const bell = await callAs(notificationsHandler, 'updateClubNotificationSettings', other.ben, {
      params: { clubId: other.clubId },
      body: { preference: 'bell' },
    });
    expect(bell.status).toBe(200);
    await send(other.ann, other.id, 'Hello?');
    expect(await sweepAt(Date.now() + CHAT_UNREAD_MAIL.delayMs + minutes(1), other.benAddress)).toEqual([]);
  });
});
