/**
 * The bell in the signed-in header and /notifications: the unread count on the button (its name
 * says it, a live region announces it), the panel of the latest notifications with who, what,
 * which club and when, each opening its target and marked read as it opens; 'Mark all as read';
 * the full list paged by cursor.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { me, mockApi, notification, ok } from './api-mock.ts';
import { currentUrl, fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const signedIn = () => fakeAuthService(snapshotFor()).service;

describe('the notification bell', () => {
  it('says the unread count, lists the latest and opens a post, marking it read', async () => {
    let unread = 2;
    const api = mockApi({
      getMe: () => ok(me),
      listMyMemberships: () => ok({ items: [], nextCursor: null }),
      getUnreadNotificationCount: () => ok({ unreadCount: unread }),
      listNotifications: () =>
        ok({
          items: [
            notification(),
            notification({
              id: '01JA0000000000000000000000',
              kind: 'likes',
              others: 2,
              excerpt: 'Sunrise practice',
              read: true,
            }),
          ],
          nextCursor: null,
          unreadCount: unread,
        }),
      markNotificationRead: () => {
        unread = 1;
        return ok({ id: '01JA0000000000000000000001', read: true, unreadCount: 1 });
      },
    });
    const { router } = renderApp('/dashboard', { service: signedIn() });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread notifications' });
    expect(await screen.findByRole('status', { hidden: false, name: '' })).toHaveTextContent(
      '2 unread notifications',
    );

    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const reply = await within(panel).findByRole('link', { name: /Mia Member commented on your post/ });
    expect(reply).toHaveTextContent('Unread:');
    expect(reply).toHaveTextContent('“See you at dawn!”');
    expect(reply).toHaveTextContent('Morning Yoga · 5 min ago');
    expect(
      within(panel).getByRole('link', { name: /Mia Member and 2 others liked your post/ }),
    ).not.toHaveTextContent('Unread:');

    fireEvent.click(reply);
    await waitFor(() => expect(currentUrl(router)).toBe('/communities/club-1?post=post-1'));
    await waitFor(() =>
      expect(api.to('POST', '/api/me/notifications/01JA0000000000000000000001/read')).toHaveLength(1),
    );
    expect(
      await screen.findByRole('button', { name: 'Notifications, 1 unread notification' }),
    ).toBeInTheDocument();
  });

  it('marks all read and shows the full list page by page', async () => {
    const api = mockApi({
      getMe: () => ok(me),
      getUnreadNotificationCount: () => ok({ unreadCount: 1 }),
      listNotifications: (call) =>
        call.query.get('cursor')
          ? ok({
              items: [
                notification({
                  id: '01JA0000000000000000000000',
                  kind: 'approved',
                  target: { kind: 'club' },
                  excerpt: '',
                  read: true,
                }),
                notification({
                  id: '01J9ZZZZZZZZZZZZZZZZZZZZZZ',
                  kind: 'level_up',
                  level: 3,
                  actor: { id: 'me', name: 'Me Myself', avatarUrl: null },
                  target: { kind: 'courses' },
                  excerpt: '“Tempo Runs” is now open',
                  read: true,
                }),
              ],
              nextCursor: null,
              unreadCount: 1,
            })
          : ok({
              items: [notification({ kind: 'join_request', target: { kind: 'members' }, excerpt: '' })],
              nextCursor: 'next',
              unreadCount: 1,
            }),
      markAllNotificationsRead: () => ok({ unreadCount: 0 }),
    });
    renderApp('/notifications', { service: signedIn() });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('link', { name: /Mia Member asked to join/ })).toHaveAttribute(
      'href',
      '/communities/club-1/members',
    );
    fireEvent.click(within(main).getByRole('button', { name: 'Show more' }));
    expect(
      await within(main).findByRole('link', { name: /Mia Member approved your request to join/ }),
    ).toHaveAttribute('href', '/communities/club-1');
    // A level reached is said to the reader and opens the classroom, naming what opened unquoted.
    const level = within(main).getByRole('link', { name: /You reached Level 3/ });
    expect(level).toHaveAttribute('href', '/communities/club-1/courses');
    expect(level).toHaveTextContent('You reached Level 3“Tempo Runs” is now openMorning Yoga');
    fireEvent.click(within(main).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(api.to('POST', '/api/me/notifications/read-all')).toHaveLength(1));
    expect(
      await screen.findByRole('button', { name: 'Notifications, No unread notifications' }),
    ).toBeInTheDocument();
  });
});
