import { clubImageProblem } from '@clubs/web/src/features/club-settings/components/ClubImageField.tsx';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { club, mockApi, ok } from './api-mock.ts';
import { fakeAuthService, renderApp, snapshotFor } from './helpers.tsx';

const signedIn = () => fakeAuthService(snapshotFor({ groups: [] })).service;
const notFound = () => ({ status: 404, body: { error: { code: 'not_found', message: 'Club not found' } } });

describe('Edit club', () => {
  it('sends anyone but the owner (the owner route answers 404) to /dashboard', async () => {
    mockApi({
      getClub: () => ok(club()),
      getClubMembership: () => ok({ status: 'active', role: 'club_member', trialAvailable: false }),
      getOwnedClub: notFound,
    });
    const { router } = renderApp('/communities/club-1/edit', { service: signedIn() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('refuses a blank name in the form without calling the API', async () => {
    const api = mockApi({
      getClub: () => ok(club()),
      getClubMembership: () => ok({ status: 'active', role: 'club_owner', trialAvailable: false }),
      getOwnedClub: () => ok(club()),
    });
    renderApp('/clubs/club-1/edit', { service: signedIn() });
    const name = await screen.findByRole('textbox', { name: /Club Name/ }, { timeout: 5000 });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Club name is required')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/clubs/club-1')).toHaveLength(0);
  });

  it('switches tabs without saving: only Save Changes sends the club, once', async () => {
    const api = mockApi({
      getClub: () => ok(club()),
      getClubMembership: () => ok({ status: 'active', role: 'club_owner', trialAvailable: false }),
      getOwnedClub: () => ok(club()),
      editClub: () => ok(club({ name: 'Dawn Yoga' })),
    });
    renderApp('/clubs/club-1/edit', { service: signedIn() });
    const name = await screen.findByRole('textbox', { name: /Club Name/ }, { timeout: 5000 });
    fireEvent.change(name, { target: { value: 'Dawn Yoga' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Appearance' }));
    fireEvent.click(screen.getByRole('tab', { name: 'General' }));
    expect(api.callsTo('PATCH', '/api/clubs/club-1')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Club updated')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/clubs/club-1')).toHaveLength(1);
  });

  it.each([
    [{ type: 'image/png', size: 1000 }, null],
    [{ type: 'image/svg+xml', size: 1000 }, 'Only image files are allowed'],
    [{ type: 'video/mp4', size: 1000 }, 'Only image files are allowed'],
    [{ type: 'image/png', size: 11 * 1024 * 1024 }, 'File size must be less than 10MB'],
  ])('checks a chosen file %j as the API does', (file, problem) => {
    expect(clubImageProblem('cover', file)).toBe(problem);
  });
});
