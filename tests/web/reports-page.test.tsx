/**
 * The Reports page against a fetch double: the moderators' queue a page at a time, 'Show more'
 * asking for the page after the cursor the last one gave, until there is none.
 */
import type { ReportCase } from '@clubs/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from './api-mock.ts';
import { CLUB, homeApi, LONG, signedIn } from './club-home-support.ts';
import { renderApp } from './helpers.tsx';

const reportCase = (n: number): ReportCase => ({
  id: `01JA00000000000000000000${String(n).padStart(2, '0')}`,
  kind: 'post',
  postId: `01JA00000000000000000000${String(n).padStart(2, '0')}`,
  commentId: null,
  author: { id: 'user-2', name: 'Mia Member' },
  excerpt: `Reported post ${n}`,
  reportCount: 1,
  reasons: { spam: 0, harassment: 0, off_topic: 0, other: 1 },
  note: `Note ${n}`,
  hidden: null,
  firstReportedAt: '2026-01-01T00:00:00.000Z',
});

describe('reports page', () => {
  it("shows the queue's first page and the next ones by cursor with 'Show more'", async () => {
    const api = homeApi([], 'club_owner', {
      listReports: (call) =>
        call.query.get('cursor') === 'page-2'
          ? ok({ items: [reportCase(21)], nextCursor: null })
          : ok({ items: Array.from({ length: 20 }, (_, i) => reportCase(i + 1)), nextCursor: 'page-2' }),
      getModerationSettings: () => ok({ reportThreshold: 3, holdFirstPosts: false }),
      listClubAudit: () => ok({ items: [], nextCursor: null }),
    });
    renderApp(`/communities/${CLUB}/reports`, { service: signedIn() });
    expect(await screen.findByText('Reported post 20', undefined, LONG)).toBeInTheDocument();
    expect(screen.getAllByTestId('report-item')).toHaveLength(20);
    expect(screen.queryByText('Reported post 21')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('“Note 21”')).toBeInTheDocument();
    expect(screen.getAllByTestId('report-item')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(api.to('GET', `/api/clubs/${CLUB}/reports`).map((call) => call.query.get('cursor'))).toEqual([
      null,
      'page-2',
    ]);
  });
});
