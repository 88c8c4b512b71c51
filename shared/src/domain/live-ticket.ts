/** The live socket's ticket (LIVE.ticketParam) and the sign-out's closing of a person's sockets. */
import * as z from 'zod';

export const liveTicketSchema = z.object({
  /** Opaque, single use: the socket's $connect consumes it. */
  ticket: z.string(),
  /** When it stops working (ISO 8601). */
  expiresAt: z.string(),
});
export type LiveTicket = z.infer<typeof liveTicketSchema>;

export const liveConnectionsClosedSchema = z.object({
  /** How many of the caller's sockets were open and are now closed. */
  closed: z.number().int().nonnegative(),
});
export type LiveConnectionsClosed = z.infer<typeof liveConnectionsClosedSchema>;
