/**
 * The tab's one live WebSocket (LIVE.path on the site's own origin, a fresh single-use ticket
 * asked of the API in the query before each opening, never the ID token):
 * opened while something follows a club or the person's own messages (the header's bell and chat
 * button, while signed in), closed when nothing does. A dropped connection is opened
 * again after the spec's realtime delays (1, 2, 5, then every 10 s), subscribes again to every
 * club followed, and tells the followers it is back so they read again what they may have missed.
 */
import { LIVE, LIVE_PERSONAL_TYPES, type LiveServerMessage } from '@clubs/shared';

export type LiveListener = (message: LiveServerMessage) => void;

interface Follower {
  /** The club followed; null: the person's own messages (their notifications). */
  clubId: string | null;
  onMessage: LiveListener;
  /** Called when a lost connection is back: changes may have been missed meanwhile. */
  onResume: () => void;
}

export interface LiveConnectionOptions {
  /** A new ticket for one opening; undefined when signed out (nothing is opened). */
  getTicket: () => Promise<string | undefined>;
  /** The socket's URL for a ticket (ws: or wss: on the page's own host). */
  urlFor?: (ticket: string) => string;
  createSocket?: (url: string) => WebSocket;
}

const defaultUrl = (ticket: string) => {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}${LIVE.path}?${LIVE.ticketParam}=${encodeURIComponent(ticket)}`;
};

/** Only what the contract says a server message is: a type and, but for errors, a club. */
function parseMessage(data: unknown): LiveServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as { type?: unknown; clubId?: unknown } | null;
    return message && typeof message.type === 'string' ? (message as LiveServerMessage) : null;
  } catch {
    return null;
  }
}

const personalTypes: ReadonlySet<string> = new Set(LIVE_PERSONAL_TYPES);
const isPersonal = (message: LiveServerMessage) => personalTypes.has(message.type);

export class LiveConnection {
  private socket: WebSocket | null = null;
  private readonly followers = new Set<Follower>();
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** Whether the socket was open before (a reopening resumes). */
  private wasOpen = false;
  private opening = false;

  constructor(private readonly options: LiveConnectionOptions) {}

  /** Follows a club's changes (null: the person's own) until the returned function is called. */
  follow(clubId: string | null, onMessage: LiveListener, onResume: () => void): () => void {
    const follower: Follower = { clubId, onMessage, onResume };
    const first = clubId !== null && !this.clubs().has(clubId);
    this.followers.add(follower);
    if (this.socket?.readyState === WebSocket.OPEN && first) this.send('subscribe', clubId);
    else this.open();
    return () => {
      this.followers.delete(follower);
      if (clubId !== null && this.clubs().has(clubId)) return;
      if (this.followers.size === 0) this.close();
      else if (clubId !== null && this.socket?.readyState === WebSocket.OPEN)
        this.send('unsubscribe', clubId);
    };
  }

  private clubs(): Set<string> {
    return new Set([...this.followers].flatMap((f) => (f.clubId === null ? [] : [f.clubId])));
  }

  private send(action: 'subscribe' | 'unsubscribe', clubId: string) {
    this.socket?.send(JSON.stringify({ action, clubId }));
  }

  private open() {
    if (this.socket || this.opening || this.timer !== undefined || this.followers.size === 0) return;
    this.opening = true;
    // Every opening, the first and each reopening, asks for a ticket of its own: one is good once.
    void this.options
      .getTicket()
      .catch(() => undefined)
      .then((ticket) => {
        this.opening = false;
        if (this.followers.size === 0) return;
        if (!ticket) return this.retry();
        const url = (this.options.urlFor ?? defaultUrl)(ticket);
        const socket = this.options.createSocket?.(url) ?? new WebSocket(url);
        this.socket = socket;
        socket.onopen = () => {
          const resumed = this.wasOpen || this.attempt > 0;
          this.attempt = 0;
          this.wasOpen = true;
          for (const clubId of this.clubs()) this.send('subscribe', clubId);
          if (resumed) for (const follower of [...this.followers]) follower.onResume();
        };
        socket.onmessage = (event) => {
          const message = parseMessage(event.data);
          if (!message) return;
          // The person's own messages carry no club; any other without one is not for a follower.
          const target = isPersonal(message) ? null : 'clubId' in message && message.clubId;
          if (target === false || target === undefined || target === '') return;
          for (const follower of [...this.followers]) {
            if (follower.clubId === target) follower.onMessage(message);
          }
        };
        socket.onclose = () => {
          if (this.socket !== socket) return;
          this.socket = null;
          this.retry();
        };
      });
  }

  private retry() {
    if (this.followers.size === 0) return;
    const delays = LIVE.reconnectDelaysMs;
    const delay = delays[Math.min(this.attempt, delays.length - 1)] ?? delays[delays.length - 1];
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.open();
    }, delay);
  }

  /** Closes the socket (no page follows anything, or the person signed out). */
  close() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.attempt = 0;
    this.wasOpen = false;
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }
}
