import { AuthProvider, useAuth } from '@clubs/web/src/auth/AuthProvider.tsx';
import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuthService, snapshotFor } from './helpers.tsx';

function Probe() {
  const { user, loading, session, isSuperAdmin } = useAuth();
  return (
    <p>
      {loading
        ? 'loading'
        : user
          ? `${user.email} ${session?.idToken} ${isSuperAdmin ? 'admin' : 'member'}`
          : 'nobody'}
    </p>
  );
}

describe('AuthProvider', () => {
  it('throws when useAuth is used outside the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider');
  });

  it('is loading until the first session check, then holds the user and the session', async () => {
    const { service } = fakeAuthService(snapshotFor({ groups: ['super_admin'] }));
    render(
      <AuthProvider service={service}>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('ada@example.com id-token-1 admin')).toBeInTheDocument();
  });

  it('clears loading even when the session check fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { service } = fakeAuthService();
    service.currentSession.mockRejectedValueOnce(new Error('config.json missing'));
    render(
      <AuthProvider service={service}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('nobody')).toBeInTheDocument();
  });

  it('follows auth events (signed in elsewhere, token refresh, signed out)', async () => {
    const fake = fakeAuthService();
    const onUserChange = vi.fn();
    render(
      <AuthProvider service={fake.service} onUserChange={onUserChange}>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('nobody')).toBeInTheDocument();
    act(() => fake.emit('signedIn', snapshotFor()));
    expect(await screen.findByText('ada@example.com id-token-1 member')).toBeInTheDocument();
    const refreshed = snapshotFor();
    refreshed.session.idToken = 'id-token-2';
    act(() => fake.emit('tokenRefresh', refreshed));
    expect(await screen.findByText('ada@example.com id-token-2 member')).toBeInTheDocument();
    act(() => fake.emit('signedOut', null));
    expect(await screen.findByText('nobody')).toBeInTheDocument();
    // The person changed twice (nobody -> Ada -> nobody); a token refresh is not a change.
    expect(onUserChange).toHaveBeenCalledTimes(2);
  });

  it('signIn and signOut go through the service and update the state', async () => {
    const fake = fakeAuthService();
    const { result } = renderHook(() => useAuth(), {
      wrapper: ({ children }) => <AuthProvider service={fake.service}>{children}</AuthProvider>,
    });
    await waitFor(() => expect(result.current.loading).toBe(false));
    await act(() => result.current.signIn('ada@example.com', 'pw'));
    expect(fake.service.signIn).toHaveBeenCalledWith('ada@example.com', 'pw');
    expect(result.current.user?.email).toBe('ada@example.com');
    await act(() => result.current.signOut());
    expect(result.current.user).toBeNull();
    expect(result.current.session).toBeNull();
  });

  it('unsubscribes from auth events on unmount', async () => {
    const fake = fakeAuthService();
    const unsubscribe = vi.fn();
    fake.service.onChange.mockReturnValueOnce(unsubscribe);
    const { unmount } = render(
      <AuthProvider service={fake.service}>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('nobody');
    unmount();
    expect(unsubscribe).toHaveBeenCalled();
  });
});
