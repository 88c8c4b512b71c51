/**
 * Announcements, against DynamoDB Local, the local bus and the SES emulator: the owner's post
 * with "also e-mail all members" reaches every active member in batches off the request path
 * (bell for all, e-mail for those whose preference is immediate), the answer says how many it
 * goes to; a second one in the club's window is refused with 429 and when, writing nothing; only
 * the owner may announce.
 */

import { setPreference } from '@clubs/functions/data/repositories/notification-preferences';
import { listPosts } from '@clubs/functions/data/repositories/posts';
import { handler as feedHandler } from '@clubs/functions/routes/feed';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import type { NotificationPage, Post } from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { useBus } from '../support/bus.ts';
import { httpEvent, invoke, memberClaims } from '../support/http-event.ts';
import { addClub, addMember, addPerson } from '../support/members.ts';
import { readSentEmails, useSesEmulator } from '../support/ses-store.ts';

const bus = useBus();
const sesUrl = useSesEmulator();

type Answer = Post & { error: { code: string; message: string; details?: { allowedAt?: string } } };

const announce = (clubId: string, userId: string, title: string) =>
  invoke<Answer>(
    feedHandler,
    httpEvent('createPost', {
      params: { clubId },
      body: { title, content: 'The studio moves to the park on Sunday.', announce: true },
      claims: memberClaims(userId),
    }),
  );

describe('announcements', () => {
  it('reach every member in batches, by e-mail as each one chose, once per window per club', async () => {
    const ownerId = await addPerson('Olivia Owner');
    const club = await addClub({ ownerId, name: 'Morning Runners' });
    const [mia, ben, una] = [
      await addMember(club.id, { userId: await addPerson('Mia Member') }),
      await addMember(club.id, { userId: await addPerson('Ben Bellonly') }),
      await addMember(club.id, { userId: await addPerson('Una Unplugged') }),
    ] as [string, string, string];
    await setPreference(ben, club.id, 'bell', new Date());
    await setPreference(una, null, 'off', new Date());

    const res = await announce(club.id, ownerId, 'Sunday in the park');
    expect(res.status).toBe(201);
    expect(res.body.announcement).toEqual({ recipients: 3 });
    await bus().idle();

    const bell = async (userId: string) =>
      (
        await invoke<NotificationPage>(
          notificationsHandler,
          httpEvent('listNotifications', { claims: memberClaims(userId) }),
        )
      ).body;
    expect((await bell(mia)).items).toEqual([
      expect.objectContaining({ kind: 'announcement', excerpt: 'Sunday in the park' }),
    ]);
    expect((await bell(ben)).unreadCount).toBe(1);
    expect((await bell(una)).items).toEqual([]);
    expect((await bell(ownerId)).items).toEqual([]);
    const mail = (await readSentEmails(sesUrl())).filter((m) => m.subject.includes('posted an announcement'));
    expect(mail.flatMap((m) => m.to)).toEqual([`${mia.toLowerCase()}@clubs.test`]);
    expect(mail[0]?.subject).toBe('Olivia Owner posted an announcement in Morning Runners');
    expect(mail[0]?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // A second announcement in the window: 429 with when, and no post written.
    const again = await announce(club.id, ownerId, 'One more thing');
    expect(again.status).toBe(429);
    expect(Number(again.headers['Retry-After'] ?? again.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.parse(again.body.error.details?.allowedAt ?? '')).toBeGreaterThan(Date.now());
    const titles = (await listPosts(club.id, { limit: 10 })).items.map((post) => post.title);
    expect(titles).toEqual(['Sunday in the park']);

    // Only the owner announces; a member's ordinary post is fine.
    expect((await announce(club.id, mia, 'Me too')).status).toBe(403);
  });
});
