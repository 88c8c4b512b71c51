import type { RouteOutput } from '@clubs/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { club, mockApi, ok } from './api-mock.ts';
import { currentUrl, fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const yoga = club({ id: 'c-yoga', name: 'Morning Yoga', price: 0, memberCount: 1 });
const founders = club({
  id: 'c-found',
  name: 'Founders Circle',
  price: 49,
  category: 'business',
  memberCount: 12,
});

function directoryApi(answer: (query: URLSearchParams) => RouteOutput<'listClubs'>) {
  return mockApi({ listClubs: (call) => ok(answer(call.query)) });
}

const lastQuery = (api: ReturnType<typeof mockApi>) => {
  const calls = api.callsTo('GET', '/api/clubs');
  return Object.fromEntries(calls[calls.length - 1]?.query ?? []);
};

describe('the directory /clubs', () => {
  it('shows the header, and a card per club with badge, member count, description and View Club', async () => {
    directoryApi(() => ({ items: [yoga, founders], nextCursor: null }));
    renderApp('/clubs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Explore Clubs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByPlaceholderText('Search clubs...')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Founders Circle' });
    expect(within(card).getByText('Premium')).toBeInTheDocument();
    expect(within(card).getByText('12 members')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View Club' })).toHaveAttribute('href', '/c/c-found');
    expect(within(card).getByRole('img', { name: 'Founders Circle avatar' })).toHaveTextContent('FC');
    const free = screen.getByRole('article', { name: 'Morning Yoga' });
    expect(within(free).getByText('Free')).toBeInTheDocument();
    expect(within(free).getByText('1 member')).toBeInTheDocument();
    expect(within(free).getByText('Gentle flows at dawn.')).toHaveClass('club-clamp-2');
  });

  it("'Create a Club' goes to /register signed out and opens the create dialog signed in", async () => {
    directoryApi(() => ({ items: [], nextCursor: null }));
    const { unmount } = renderApp('/clubs');
    expect(await screen.findByRole('link', { name: 'Create a Club' })).toHaveAttribute('href', '/register');
    unmount();
    renderApp('/clubs', { service: fakeAuthService(snapshotFor()).service });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Create a Club' }));
    expect(await screen.findByRole('dialog', { name: 'Create a new club' })).toBeInTheDocument();
  });

  it('asks the API for each tab, the search, the filters and their combination', async () => {
    const user = userEvent.setup();
    const api = directoryApi(() => ({ items: [yoga], nextCursor: null }));
    const { router } = renderApp('/clubs');
    await screen.findByRole('article', { name: 'Morning Yoga' });
    expect(lastQuery(api)).toEqual({ tab: 'all', size: 'any', limit: '12' });

    for (const [label, tab] of [
      ['Free', 'free'],
      ['Premium', 'premium'],
      ['Wellness', 'wellness'],
      ['Sports', 'sports'],
      ['Business', 'business'],
      ['Arts', 'arts'],
      ['Lifestyle', 'lifestyle'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: label }));
      await waitFor(() => expect(lastQuery(api).tab).toBe(tab));
    }
    await user.click(screen.getByRole('tab', { name: 'All Clubs' }));
    // Answered from the cache of the first request.
    await waitFor(() => expect(currentUrl(router)).toBe('/clubs'));

    await user.type(screen.getByPlaceholderText('Search clubs...'), 'Yoga');
    await waitFor(() => expect(lastQuery(api).q).toBe('Yoga'));

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const filters = screen.getByRole('dialog', { name: 'Filters' });
    // The fields are a chunk of their own: the popover shows them once it has loaded.
    await user.click(await within(filters).findByLabelText('Recently added (last 30 days)'));
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ recent: 'true', q: 'Yoga' }));
    for (const [label, size] of [
      ['Small (< 10 members)', 'small'],
      ['Medium (10-50 members)', 'medium'],
      ['Large (50+ members)', 'large'],
    ] as const) {
      await user.click(within(filters).getByLabelText(label));
      await waitFor(() => expect(lastQuery(api).size).toBe(size));
    }
    await user.click(screen.getByRole('tab', { name: 'Sports' }));
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({
        tab: 'sports',
        size: 'large',
        recent: 'true',
        q: 'Yoga',
        limit: '12',
      }),
    );
    expect(currentUrl(router)).toBe('/clubs?q=Yoga&tab=sports&size=large&recent=true');

    // Clicking outside closed the popover; open it again.
    await user.click(screen.getByRole('button', { name: 'Filters (2)' }));
    await user.click(
      await within(screen.getByRole('dialog', { name: 'Filters' })).findByRole('button', { name: 'Reset' }),
    );
    await waitFor(() =>
      expect(lastQuery(api)).toEqual({ tab: 'sports', size: 'any', q: 'Yoga', limit: '12' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Apply Filters' }),
    );
    expect(screen.queryByRole('dialog', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it('moves between the tabs with the arrow keys, Home and End, the selected tab alone in the tab order; the search clears', async () => {
    const user = userEvent.setup();
    const api = directoryApi(() => ({ items: [yoga], nextCursor: null }));
    renderApp('/clubs');
    await screen.findByRole('article', { name: 'Morning Yoga' });
    const tab = (name: string) => screen.getByRole('tab', { name });
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('All Clubs');
    expect(tab('All Clubs')).not.toHaveAttribute('tabindex');
    expect(tab('Free')).toHaveAttribute('tabindex', '-1');
    expect(tab('Free')).toHaveAttribute('aria-controls', panel.id);

    tab('All Clubs').focus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Free')).toHaveFocus();
    expect(tab('Free')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(lastQuery(api).tab).toBe('free'));
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Free');
    await user.keyboard('{End}');
    expect(tab('Lifestyle')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('All Clubs')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Lifestyle')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('All Clubs')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('All Clubs');

    const search = screen.getByRole('textbox', { name: 'Search clubs' });
    await user.type(search, 'Yo');
    await user.click(screen.getByRole('button', { name: 'Clear input' }));
    expect(search).toHaveValue('');
    await user.type(search, 'Yo{Escape}');
    expect(search).toHaveValue('');
  });

  it("shows the empty state; 'Clear filters' resets search, tab, recent and size", async () => {
    const user = userEvent.setup();
    const api = directoryApi((query) => ({ items: query.get('q') ? [] : [yoga], nextCursor: null }));
    const { router } = renderApp('/clubs?q=zzz&tab=arts&size=small&recent=true');
    expect(await screen.findByRole('heading', { name: 'No clubs found' })).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filter criteria')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search clubs...')).toHaveValue('zzz');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('article', { name: 'Morning Yoga' })).toBeInTheDocument();
    expect(lastQuery(api)).toEqual({ tab: 'all', size: 'any', limit: '12' });
    expect(screen.getByPlaceholderText('Search clubs...')).toHaveValue('');
    expect(screen.getByRole('tab', { name: 'All Clubs' })).toHaveAttribute('aria-selected', 'true');
    expect(currentUrl(router)).toBe('/clubs');
  });

  it('pages on with the cursor, and follows short search pages by itself', async () => {
    const user = userEvent.setup();
    const api = directoryApi((query) => {
      if (query.get('q')) {
        // A search page that ran out of its read budget before finding anything.
        return query.get('cursor')
          ? { items: [founders], nextCursor: null }
          : { items: [], nextCursor: 's1' };
      }
      return query.get('cursor')
        ? { items: [founders], nextCursor: null }
        : { items: [yoga], nextCursor: 'p2' };
    });
    renderApp('/clubs');
    await screen.findByRole('article', { name: 'Morning Yoga' });
    // A short first page is followed at once; "Load more" is for the rest.
    expect(await screen.findByRole('article', { name: 'Founders Circle' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/clubs').map((c) => c.query.get('cursor'))).toEqual([null, 'p2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('Search clubs...'), 'circle');
    expect(await screen.findByRole('article', { name: 'Founders Circle' })).toBeInTheDocument();
    await waitFor(() => expect(lastQuery(api)).toMatchObject({ q: 'circle', cursor: 's1' }));
    expect(screen.queryByRole('heading', { name: 'No clubs found' })).not.toBeInTheDocument();
  });

  it('says a failed load failed, never "No clubs found", and Retry asks again', async () => {
    const user = userEvent.setup();
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    const api = mockApi({
      listClubs: () =>
        failing
          ? { status: 400, body: { error: { code: 'bad_request', message: 'Invalid cursor' } } }
          : ok({ items: [yoga], nextCursor: null }),
    });
    renderApp('/clubs');
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByRole('heading', { name: "Couldn't load clubs" })).toBeVisible();
    expect(within(failed).getByText('Invalid cursor')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'No clubs found' })).not.toBeInTheDocument();
    expect(log).toHaveBeenCalled();
    failing = false;
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Morning Yoga' })).toBeVisible();
    expect(api.callsTo('GET', '/api/clubs')).toHaveLength(2);
  });
});
