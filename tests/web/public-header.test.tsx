/**
 * The headers' phone menus, the public top bar's and the signed-in header's (a disclosure operable
 * by keyboard and screen reader), and the document titles the route table gives every page.
 */

import { routeTitle } from '@clubs/web/src/layouts/useRouteTitle.ts';
import { routes } from '@clubs/web/src/routes.tsx';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { currentUrl, fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

/**
 * The Menu button of `navName`'s phone menu names the list it controls, opens it, and Escape
 * closes it and gives focus back to the button; `whileOpen` runs with the menu open.
 */
async function expectMenuDisclosure(
  user: ReturnType<typeof userEvent.setup>,
  navName: string,
  whileOpen: () => Promise<void> = async () => undefined,
) {
  const nav = await screen.findByRole('navigation', { name: navName });
  const button = screen.getByRole('button', { name: 'Menu' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveAttribute('aria-controls', nav.id);
  expect(nav).toHaveAttribute('data-open', 'false');

  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  expect(nav).toHaveAttribute('data-open', 'true');
  await whileOpen();
  await user.keyboard('{Escape}');
  expect(button).toHaveAttribute('aria-expanded', 'false');
  expect(button).toHaveFocus();
}

describe('account buttons', () => {
  it('hold their place unseen while the session check runs, then show', async () => {
    const { service } = fakeAuthService();
    let answer: (snapshot: null) => void = () => undefined;
    service.currentSession.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderApp('/about', { service });
    const logIn = await screen.findByText('Log In');
    // There (nothing moves when they appear), but neither seen nor announced.
    expect(logIn.closest('.clubs-topbar__account')).toHaveStyle({ visibility: 'hidden' });
    expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
    act(() => answer(null));
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeVisible();
  });
});

describe('phone menu', () => {
  it('names the site links it controls, opens and closes with aria-expanded, and Escape gives focus back', async () => {
    const user = userEvent.setup();
    renderApp('/about');
    await expectMenuDisclosure(user, 'Site', async () => {
      await user.tab();
      expect(screen.getByRole('link', { name: 'Directory' })).toHaveFocus();
    });
  });

  it('closes when a link is followed and when the visitor clicks elsewhere', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/about');
    const button = await screen.findByRole('button', { name: 'Menu' });
    await user.click(button);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Site' })).getByRole('link', { name: 'Pricing' }),
    );
    await waitFor(() => expect(currentUrl(router)).toBe('/pricing'));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');

    // The next page's own header (its code loads lazily): then a click elsewhere closes its menu.
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pricing' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(heading);
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('in the signed-in header, folds the account links the same way; a followed link closes it', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/profile', { service: fakeAuthService(snapshotFor()).service });
    await expectMenuDisclosure(user, 'Account');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const nav = screen.getByRole('navigation', { name: 'Account' });
    await user.click(within(nav).getByRole('link', { name: 'Settings' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/settings'));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

/** Every route object of the table, depth first. */
const allRoutes = (list: RouteObject[]): RouteObject[] =>
  list.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);

describe('document titles from the route table', () => {
  it('every page route (one with an element and no children) names its title', () => {
    const pages = allRoutes(routes).filter((route) => route.element && !route.children && !route.index);
    const untitled = pages.filter(
      (route) => typeof (route.handle as { title?: unknown })?.title !== 'string',
    );
    expect(untitled.map((route) => route.path)).toEqual([]);
  });

  it('the deepest title wins, an empty one is the site itself', () => {
    expect(routeTitle([{ handle: { title: 'Club' } }, { handle: { title: 'Members' } }])).toBe(
      'Members · Clubs',
    );
    expect(routeTitle([{ handle: { title: 'Club' } }, { handle: undefined }])).toBe('Club · Clubs');
    expect(routeTitle([{ handle: { title: '' } }])).toBe('Clubs');
    expect(routeTitle([])).toBe('Clubs');
  });

  it('a page names what it shows: beside its title, or instead of a placeholder title', () => {
    const club = [{ handle: { title: 'Club' } }, { handle: { title: 'Members' } }];
    expect(routeTitle(club, 'Morning Yoga')).toBe('Members · Morning Yoga · Clubs');
    const publicPage = [{ handle: { title: 'Club', subjectTitle: true } }];
    expect(routeTitle(publicPage, 'Morning Yoga')).toBe('Morning Yoga · Clubs');
    // Until the club has loaded (or when it is not found) the placeholder stands.
    expect(routeTitle(publicPage)).toBe('Club · Clubs');
    expect(routeTitle(publicPage, '  ')).toBe('Club · Clubs');
  });

  it.each([
    ['/', 'Clubs'],
    ['/clubs', 'Explore Clubs · Clubs'],
    ['/login', 'Log in · Clubs'],
    ['/pricing', 'Pricing · Clubs'],
    ['/no-such-page', 'Page not found · Clubs'],
  ])('%s is titled %j', async (path, title) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(document.title).toBe(title));
    if (path === '/') {
      await act(() => router.navigate('/about'));
      await waitFor(() => expect(document.title).toBe('About · Clubs'));
    }
  });
});
