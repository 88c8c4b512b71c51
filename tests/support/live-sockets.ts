/**
 * The WebSocket management API as a double for a test file: what the live fan-out posts to each
 * connection is recorded, and every connection answers as there. A file mocks the post module
 * with `recordingPostToConnection` (vi.mock's factory imports this module, so the file and the
 * mock share one record).
 */
export const sockets = { posted: [] as { connectionId: string; message: unknown }[] };

/** The post-to-connection module with its post recorded. */
export const recordingPostToConnection = async (importOriginal: <T>() => Promise<T>) => ({
  ...(await importOriginal<object>()),
  postToConnection: async (connectionId: string, message: unknown) => {
    sockets.posted.push({ connectionId, message });
    return 'sent';
  },
});

/** What was posted to these connections, in order. */
export const postedTo = (connectionIds: readonly string[]) =>
  sockets.posted.filter((post) => connectionIds.includes(post.connectionId)).map((post) => post.message);
