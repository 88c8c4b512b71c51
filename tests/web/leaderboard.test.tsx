/**
 * The Leaderboard page against a fetch double: the podium and rankings as the API answers them,
 * the viewer's row marked 'You' (highlighted in the table, or under 'Your rank' below it when it
 * is not among the rows, with '#1,000+' when the API only bounds the rank), and the tabs asking
 * for their period.
 */
import type { LeaderboardEntry } from '@clubs/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from './api-mock.ts';
import { CLUB, homeApi, LONG, signedIn } from './club-home-support.ts';
import { renderApp } from './helpers.tsx';

const entry = (rank: number, name: string, points: number, level = 1): LeaderboardEntry => ({
  rank,
  userId: `user-${name.split(' ')[0]?.toLowerCase()}`,
  name,
  avatar: null,
  points,
  level,
  badges: [`Level ${level}`],
});

const TOP = [entry(1, 'Ada Able', 120, 4), entry(2, 'Ben Brook', 80, 4), entry(3, 'Cy Cole', 80, 4)];

function leaderboardApi(me: LeaderboardEntry | null, rankBeyond: number | null = null) {
  return homeApi([], 'club_member', {
    getLeaderboard: () => ok({ period: 'last7', items: TOP, nextCursor: null }),
    getLeaderboardStanding: () => ok({ period: 'last7', me, rankBeyond }),
  });
}

const rankingsTable = () => screen.findByRole('table', { name: 'Rankings' }, LONG);

describe('leaderboard page', () => {
  it('shows the podium and the rankings, and the viewer below the table when not listed', async () => {
    leaderboardApi(entry(42, 'Max Member', 3, 2));
    renderApp(`/communities/${CLUB}/leaderboard`, { service: signedIn() });
    const table = await rankingsTable();
    const rows = within(table).getAllByTestId('leaderboard-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['#1', '#2', '#3']);
    expect(within(rows[0] as HTMLElement).getByText('Level 4')).toBeInTheDocument();
    expect(screen.getAllByTestId('podium-place')).toHaveLength(3);
    const mine = await screen.findByRole('region', { name: 'Your rank' }, LONG);
    const myRow = within(mine).getByTestId('leaderboard-row');
    expect(myRow).toHaveClass('leaderboard-row--me');
    expect(within(myRow).getByText('#42')).toBeInTheDocument();
    expect(within(myRow).getByText('You')).toBeInTheDocument();
    expect(within(myRow).getByText('Level 2')).toBeInTheDocument();
  });

  it('highlights the viewer in the table when they are listed, with nothing below it', async () => {
    leaderboardApi({ ...(TOP[1] as LeaderboardEntry) });
    renderApp(`/communities/${CLUB}/leaderboard`, { service: signedIn() });
    const table = await rankingsTable();
    const row = (await within(table).findByText('You')).closest('tr') as HTMLElement;
    expect(row).toHaveClass('leaderboard-row--me');
    expect(within(row).getByText('Ben Brook')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your rank' })).not.toBeInTheDocument();
  });

  it("says '#1,000+' when the API only bounds the viewer's rank, and asks each tab for its period", async () => {
    const api = leaderboardApi(entry(1001, 'Max Member', 0), 1000);
    renderApp(`/communities/${CLUB}/leaderboard`, { service: signedIn() });
    const mine = await screen.findByRole('region', { name: 'Your rank' }, LONG);
    expect(within(mine).getByText('#1,000+')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Last 30 days' }));
    await rankingsTable();
    const periods = api
      .callsTo('GET', `/api/clubs/${CLUB}/leaderboard`)
      .map((call) => call.query.get('period'));
    expect(periods).toEqual(['last7', 'last30']);
  });
});
