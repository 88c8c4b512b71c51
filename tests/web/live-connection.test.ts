/**
 * The live socket's client asks the API for a fresh single-use ticket before every opening, the
 * first and each reopening after a drop, and puts that ticket, never the ID token, in the URL; at
 * sign-out it asks the API to close the person's sockets with the token read just before.
 */
import { LIVE } from '@clubs/shared';
import type { ApiFunction } from '@clubs/web/src/api/client.ts';
import { closeLiveSockets } from '@clubs/web/src/live/closeLiveSockets.ts';
import { LiveConnection } from '@clubs/web/src/live/liveConnection.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';

class FakeSocket {
  readyState: number = WebSocket.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  readonly sent: string[] = [];
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = WebSocket.CLOSED;
  }
  open() {
    this.readyState = WebSocket.OPEN;
    this.onopen?.();
  }
  drop() {
    this.readyState = WebSocket.CLOSED;
    this.onclose?.();
  }
}

afterEach(() => vi.useRealTimers());

describe('the live connection', () => {
  it('asks for a new ticket before each (re)connect and carries only the ticket in the URL', async () => {
    vi.useFakeTimers();
    let issued = 0;
    const getTicket = vi.fn(async () => `ticket-${++issued}`);
    const sockets: FakeSocket[] = [];
    const connection = new LiveConnection({
      getTicket,
      urlFor: (ticket) => `ws://site.test${LIVE.path}?${LIVE.ticketParam}=${ticket}`,
      createSocket: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
    });
    const stop = connection.follow(
      'club-1',
      () => undefined,
      () => undefined,
    );
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    expect(getTicket).toHaveBeenCalledTimes(1);
    expect(sockets[0]?.url).toBe(`ws://site.test${LIVE.path}?ticket=ticket-1`);
    sockets[0]?.open();
    expect(sockets[0]?.sent).toEqual([JSON.stringify({ action: 'subscribe', clubId: 'club-1' })]);

    // Dropped: the reopening asks for a ticket of its own (a ticket opens one socket once).
    sockets[0]?.drop();
    await vi.advanceTimersByTimeAsync(LIVE.reconnectDelaysMs[0]);
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    expect(getTicket).toHaveBeenCalledTimes(2);
    expect(sockets[1]?.url).toContain('ticket=ticket-2');
    for (const socket of sockets) expect(socket.url).not.toMatch(/token=/);
    stop();
  });

  it('opens nothing without a ticket (signed out) and asks again later', async () => {
    vi.useFakeTimers();
    const getTicket = vi.fn(async () => undefined);
    const createSocket = vi.fn();
    const connection = new LiveConnection({ getTicket, createSocket });
    const stop = connection.follow(
      null,
      () => undefined,
      () => undefined,
    );
    await vi.advanceTimersByTimeAsync(LIVE.reconnectDelaysMs[0]);
    expect(getTicket).toHaveBeenCalledTimes(2);
    expect(createSocket).not.toHaveBeenCalled();
    stop();
  });
});

describe('signing out', () => {
  it("asks the API to close the person's live sockets", async () => {
    const client = vi.fn(async () => ({ closed: 2 })) as unknown as ApiFunction;
    await closeLiveSockets('id-token', client);
    expect(client).toHaveBeenCalledExactlyOnceWith('closeLiveConnections');
  });

  it('sends the ID token read before the session was forgotten', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ closed: 1 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await closeLiveSockets('id-token');
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/api/me/live-connections');
      expect(init.method).toBe('DELETE');
      expect(new Headers(init.headers).get('authorization')).toBe('Bearer id-token');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
