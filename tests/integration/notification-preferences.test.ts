/**
 * Notification preferences and one-click unsubscribe, against DynamoDB Local, the local bus and
 * the SES emulator: a member's account choice and a club's own (which overrides it) decide what a
 * reply writes and mails; every notification e-mail carries its reader's signed List-Unsubscribe
 * link, which works without a sign-in, and forged, expired and other-address tokens are refused.
 */

import { setProfileEmail } from '@clubs/functions/data/repositories/profiles';
import { handler as notificationsHandler } from '@clubs/functions/routes/notifications';
import { signUnsubscribeToken } from '@clubs/functions/services/notifications/unsubscribe-token';
import type {
  AccountNotificationSettings,
  ClubNotificationSettings,
  NotificationPage,
  Unsubscribed,
} from '@clubs/shared';
import { describe, expect, it } from 'vitest';
import { callAs as call, replyThread, useNotificationStack } from '../support/notification-stack.ts';

const { bus, sentMail } = useNotificationStack({ freshMail: true });

const emailOf = (userId: string) => `${userId.toLowerCase()}@clubs.test`;

/** The reply thread, with the owner's mail and unread count. */
async function thread() {
  const { ownerId, club, mia, reply } = await replyThread(bus);
  const ownerMail = async () => (await sentMail()).filter((m) => m.to.includes(emailOf(ownerId)));
  const ownerBell = async () =>
    (await call<NotificationPage>(notificationsHandler, 'listNotifications', ownerId)).body.unreadCount;
  return { ownerId, club, mia, reply, ownerMail, ownerBell };
}

const setAccount = (userId: string, preference: string) =>
  call<AccountNotificationSettings>(notificationsHandler, 'updateNotificationSettings', userId, {
    body: { preference },
  });
const setClub = (userId: string, clubId: string, preference: string | null) =>
  call<ClubNotificationSettings>(notificationsHandler, 'updateClubNotificationSettings', userId, {
    params: { clubId },
    body: { preference },
  });

describe('preferences', () => {
  it('are stored per account and per club, the club overriding the account', async () => {
    const { ownerId, club } = await thread();
    const account = () =>
      call<AccountNotificationSettings>(notificationsHandler, 'getNotificationSettings', ownerId);
    const inClub = () =>
      call<ClubNotificationSettings>(notificationsHandler, 'getClubNotificationSettings', ownerId, {
        params: { clubId: club.id },
      });
    expect((await account()).body).toEqual({ preference: 'immediate' });
    expect((await setAccount(ownerId, 'weekly')).body).toEqual({ preference: 'weekly' });
    expect((await inClub()).body).toEqual({ preference: null, effective: 'weekly' });
    expect((await setClub(ownerId, club.id, 'off')).body).toEqual({ preference: 'off', effective: 'off' });
    expect((await inClub()).body).toEqual({ preference: 'off', effective: 'off' });
    expect((await setClub(ownerId, club.id, null)).body).toEqual({ preference: null, effective: 'weekly' });

    // A choice that is not one of them is refused, and nothing changes.
    const bad = await setAccount(ownerId, 'hourly');
    expect(bad.status).toBe(400);
    expect((await account()).body).toEqual({ preference: 'weekly' });
  });

  it('decide what a reply writes and mails: e-mail at once, bell only, or nothing', async () => {
    const { ownerId, club, reply, ownerMail, ownerBell } = await thread();
    await reply('First!');
    expect(await ownerMail()).toHaveLength(1);
    expect(await ownerBell()).toBe(1);

    await setAccount(ownerId, 'bell');
    await reply('Second.');
    expect(await ownerMail()).toHaveLength(1);
    expect(await ownerBell()).toBe(2);

    // The club's own choice overrides the account's, both ways.
    await setClub(ownerId, club.id, 'immediate');
    await reply('Third.');
    expect(await ownerMail()).toHaveLength(2);
    await setClub(ownerId, club.id, 'off');
    await reply('Fourth.');
    expect(await ownerMail()).toHaveLength(2);
    expect(await ownerBell()).toBe(3);
  });
});

describe('one-click unsubscribe', () => {
  const unsubscribe = (token: string, method: 'POST' | 'GET' = 'POST') =>
    call<Unsubscribed>(notificationsHandler, method === 'POST' ? 'unsubscribe' : 'openUnsubscribe', null, {
      query: { token },
      ...(method === 'POST' ? { rawBody: 'List-Unsubscribe=One-Click' } : {}),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });

  it("every e-mail carries its reader's List-Unsubscribe link, which stops the club's mail signed out", async () => {
    const { ownerId, club, reply, ownerMail, ownerBell } = await thread();
    await reply('First!');
    const [mail] = await ownerMail();
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<(https:\/\/clubs\.test\/api\/unsubscribe\?token=([^>]+))>$/.exec(
      mail?.headers['list-unsubscribe'] ?? '',
    );
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[2] ?? '');
    // The footer links to the page that confirms it, and to the settings.
    expect(mail?.html).toContain(`https://clubs.test/unsubscribe?token=${link?.[2]}`);
    expect(mail?.text).toContain('https://clubs.test/settings');

    // A browser's GET changes nothing: it is sent on to the page that asks.
    const opened = await unsubscribe(token, 'GET');
    expect(opened.status).toBe(303);
    expect(opened.headers.Location ?? opened.headers.location).toBe(
      `https://clubs.test/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    const stillOn = await call<ClubNotificationSettings>(
      notificationsHandler,
      'getClubNotificationSettings',
      ownerId,
      {
        params: { clubId: club.id },
      },
    );
    expect(stillOn.body.effective).toBe('immediate');

    const done = await unsubscribe(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ scope: 'club', clubName: 'Morning Runners' });
    await reply('Second.');
    expect(await ownerMail()).toHaveLength(1);
    expect(await ownerBell()).toBe(2);
    // Asked again, it answers the same.
    expect((await unsubscribe(token)).status).toBe(200);
  });

  it('refuses forged, tampered, expired and other-address tokens, changing nothing', async () => {
    const { ownerId, club } = await thread();
    const claims = { userId: ownerId, clubId: club.id, email: emailOf(ownerId) };
    const good = await signUnsubscribeToken(claims);
    const [payload, signature] = good.split('.') as [string, string];
    const otherClub = await signUnsubscribeToken({ ...claims, clubId: null });
    const forged = `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const tampered = `${otherClub.split('.')[0]}.${signature}`;
    const expired = await signUnsubscribeToken(claims, new Date(Date.now() - 61 * 24 * 3600 * 1000));
    for (const token of [forged, tampered, expired, 'not-a-token', `${payload}.`]) {
      for (const method of ['POST', 'GET'] as const) {
        const res = await unsubscribe(token, method);
        expect(res.status, `${method} ${token}`).toBe(400);
        expect(res.body.error.code).toBe('bad_request');
      }
    }
    expect((await unsubscribe(expired)).body.error.message).toMatch(/expired/);

    // Once the account's address changes, a link sent to the old one no longer works.
    await setProfileEmail(ownerId, 'olivia.new@clubs.test');
    const res = await unsubscribe(good);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/no longer on the account/);
    const settings = await call<ClubNotificationSettings>(
      notificationsHandler,
      'getClubNotificationSettings',
      ownerId,
      {
        params: { clubId: club.id },
      },
    );
    expect(settings.body).toEqual({ preference: null, effective: 'immediate' });
  });
});
